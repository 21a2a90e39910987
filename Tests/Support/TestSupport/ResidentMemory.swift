import Foundation

/// A process's anonymous resident memory in bytes, from Linux's /proc (`RssAnon`): its heap
/// and stacks, the memory requests allocate and the trimmer gives back. The pages of the
/// binary's own code (file-backed, `RssFile`, read in once as each path first runs; the binary
/// carries the Swift runtime and Foundation) are not counted. This process's by default, or
/// another's by its pid (a `mcsim serve` under test); 0 where /proc has none.
package enum ResidentMemory {
  package static func bytes(of pid: Int32? = nil) -> Int {
    let path = "/proc/\(pid.map(String.init) ?? "self")/status"
    let status = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") }
    let kilobytes = line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
    return (kilobytes ?? 0) * 1024
  }
}
