import ArgumentParser
import MCSimServer

@main
struct MCSim: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mcsim",
    abstract: "Prices sports bets by simulation.",
    version: MCSimVersion.current,  // one constant: `mcsim --version` and /api/health
    subcommands: [RunCommand.self, OddsCommand.self, DevigCommand.self, FairCommand.self, TradeCommand.self, SlateCommand.self, ServeCommand.self, MergeCommand.self]
  )
}
