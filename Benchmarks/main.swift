import Foundation
import ServiceContracts

// `swift run -c release Benchmarks [--filter NAME[,NAME...]] [--quick] [--json FILE]`
#if DEBUG
  print("warning: Benchmarks built in debug mode; figures are meaningless. Use: swift run -c release Benchmarks")
#endif

/// Suites whose name contains any of these (comma-separated), or all.
var filters: [String]?
var quick = false
var jsonPath: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--filter": filters = arguments.next().map { $0.split(separator: ",").map(String.init) }
  case "--quick": quick = true
  case "--json": jsonPath = arguments.next()
  case "--child-memory": PeakMemory.runChild(simulations: Int(arguments.next() ?? "") ?? 10_000)
  case "--help", "-h":
    print("usage: Benchmarks [--filter NAME[,NAME...]] [--quick] [--json FILE]\nsuites: \(BenchmarkSuite.all.map(\.name).joined(separator: ", "))")
    exit(0)
  default:
    FileHandle.standardError.write(Data("Benchmarks: unknown argument \(argument)\n".utf8))
    exit(64)
  }
}

var context = BenchmarkContext(quick: quick)
let cores = ProcessInfo.processInfo.activeProcessorCount
print("mcsim benchmarks · \(cores) cores · \(quick ? "quick" : "full") run · medians of repeated runs after warm-up [min … max]")
print(
  "machine: \(Machine.description) · load average \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?")"
)
for suite in BenchmarkSuite.all where filters.map({ $0.contains { suite.name.contains($0) } }) ?? true {
  print("\n\(suite.name)")
  suite.run(&context)
}
if let jsonPath {
  try ContractJSON.encode(context.results, style: .pretty).write(to: URL(fileURLWithPath: jsonPath))
  print("\nwrote \(jsonPath)")
}
