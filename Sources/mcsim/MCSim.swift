import ArgumentParser

@main
struct MCSim: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mcsim",
    abstract: "Prices sports bets by simulation.",
    version: "0.1.0",
    subcommands: [RunCommand.self, OddsCommand.self, DevigCommand.self, FairCommand.self, TradeCommand.self, SlateCommand.self, ServeCommand.self, MergeCommand.self]
  )
}
