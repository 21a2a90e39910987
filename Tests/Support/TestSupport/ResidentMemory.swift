import Foundation

/// A process's resident memory in bytes, from Linux's /proc (`VmRSS`): this process's by
/// default, or another's by its pid (a `mcsim serve` under test); 0 where /proc has none.
package enum ResidentMemory {
  package static func bytes(of pid: Int32? = nil) -> Int {
    let path = "/proc/\(pid.map(String.init) ?? "self")/status"
    let status = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
    let kilobytes = line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
    return (kilobytes ?? 0) * 1024
  }
}
