import ArgumentParser
import Serving

@main
struct MCSim: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mcsim",
    abstract: "Prices sports bets by simulation.",
    discussion: """
      Exit status, the same for every command: 0 success; 64 a bad option value; 1 a bad input \
      file (or a feed that cannot be fetched); 3 a partial failure (some games not evaluated); \
      130 interrupted. Errors are one line on stderr; with --json also {"success": false, \
      "error": {"field", "value", "message"}} on stdout. Unknown fields in input files are \
      warnings (errors with --strict); when a file and an option set the same value, the option \
      wins and a note on stderr says so.
      """,
    version: MCSimVersion.current,  // one constant: `mcsim --version` and /api/health
    subcommands: [
      RunCommand.self, SweepCommand.self, ParlayCommand.self, PropsCommand.self, CalibrateCommand.self, RatingsCommand.self, BacktestCommand.self,
      OddsCommand.self, DevigCommand.self, FairCommand.self, TradeCommand.self, SlateCommand.self, ServeCommand.self, MergeCommand.self,
    ]
  )

  /// Parses, runs, and says any failure once (ErrorReport). Every command but `serve` (whose
  /// lifecycle owns the signals) clears its progress line on Ctrl-C and exits 130.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if !(command is ServeCommand) { ProgressLine.clearOnInterrupt() }
      if var async = command as? AsyncParsableCommand {
        try await async.run()
      } else {
        try command.run()
      }
    } catch {
      ErrorReport.exit(with: error)
    }
  }
}
