import Foundation

/// The CPU the figures were taken on and the widest vector extension it has, printed with
/// every run: the machines differ (some AVX-512, some AVX2 only) and figures only travel with it.
enum Machine {
  static var description: String {
    let vector =
      flags.contains("avx512f") ? "AVX-512" : flags.contains("avx2") ? "AVX2" : flags.contains("sse4_2") ? "SSE4.2" : "baseline"
    return "\(field("model name") ?? "unknown CPU") · \(vector)"
  }

  /// The CPU's feature flags (/proc/cpuinfo's `flags`: avx2, avx512f, ...); empty when unknown.
  static var flags: Set<String> { Set((field("flags") ?? "").split(separator: " ").map(String.init)) }

  /// A field of /proc/cpuinfo's first processor.
  private static func field(_ name: String) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
    return text.split(separator: "\n").first { $0.hasPrefix(name) }?.split(separator: ":", maxSplits: 1).last
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
