import ArgumentParser
import Foundation
import LineFeeds
import UseCases
import Renderers
import ServiceContracts

/// `mcsim fair`: fair odds, EV per book, gates and confidence for every bet in a quotes file or
/// any supported odds feed.
struct FairCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fair",
    abstract: "Prices every bet in a quotes file or odds feed against the sharp books' devigged consensus.",
    discussion:
      "Formats (detected from the content): mcsim quotes JSON (docs/odds.md), the betting agent's odds feed, The Odds API v4 /odds and /events/{id}/odds, decimal or American."
  )

  @Argument(help: "Quotes: mcsim quotes JSON, the betting agent's odds feed or The Odds API v4; a file, - for stdin, or a URL.")
  var file: String

  @OptionGroup(title: "Fair odds") var fair: FairPolicyOptions

  @Option(
    help:
      "A config file whose sharp_books and fees apply where --sharp and --fee do not (docs/one-game.md, \"Config file\"); default: mcsim.json in the working directory, if there is one."
  )
  var config: String?

  @Option(help: "How each reference book's market is devigged, or all: every bet priced by each method, side by side.")
  var method = DevigMethodName<AnyMethods>.default
  @OptionGroup(title: "Feed") var feed: FeedOptions
  @OptionGroup(title: "Input") var input: InputOptions

  @Option(help: "The time ages are measured from: an ISO date (midnight UTC) or date-time, or now (default: the newest quote).")
  var asOf: String?

  @Option(help: "Show the math for one bet: its id or 'event market selection line'.")
  var explain: String?

  @Option(help: "Stake for the money figures of --explain.")
  var stake = 100.0

  @OptionGroup(title: "Output") var output: OutputOptions
  var json: Bool { output.json }

  func validate() throws {
    guard stake > 0 else { throw ValidationError("--stake \(stake): must be positive") }
    if method.isAll && explain != nil { throw ValidationError("--explain needs one --method, not all.") }
  }

  func run() throws {
    let decoded: Feed
    do { decoded = try feed.read(file, input: input) } catch let failure as CLIFailure { throw failure } catch {
      throw CLIError.fail("\(error)", code: .failure, field: "file", value: file)
    }
    let asOf = try asOfDate()
    let quotes = decoded.decodedQuotes
    let configFile = try AdviceOptions.load(config)
    if let configFile, configFile.sharpBooks != nil || configFile.fees != nil {
      warn("config \(configFile.source): its sharp_books and fees apply where --sharp and --fee do not")
    }
    let reports = try fair.quoting(methods: [method.name], config: configFile).evaluate(
      quotes.quotes, rejected: quotes.rejected, asOf: asOf)
    let report = reports[0]
    for note in decoded.notes { warn(note) }
    for rejected in report.rejected { warn("skipped \(rejected)") }
    for issue in report.issues { warn(issue) }

    if reports.count > 1 {
      try json
        ? OddsOutput.printJSON(Dictionary(uniqueKeysWithValues: reports.map { ($0.policy.method.rawValue, $0) }), style: output.style)
        : print(FairTable.render(sideBySide: reports), terminator: "")
      return
    }
    if let key = explain {
      guard let bet = report.bet(named: key) else {
        throw CLIError.option("--explain", "'\(key)'", "no such bet: use an id from the table or 'event market selection line'")
      }
      let explanation = report.explanation(of: bet, stake: stake)
      try json ? OddsOutput.printJSON(explanation, style: output.style) : print(FairTable.render(explanation), terminator: "")
    } else {
      try json ? OddsOutput.printJSON(report, style: output.style) : print(FairTable.render(report), terminator: "")
    }
  }

  private func asOfDate() throws -> Date? { try asOf.map(AsOfText.parse) }

  private func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
  }
}
