import ArgumentParser
import Foundation
import LineFeeds
import OddsMath
import Renderers
import ServiceContracts

/// `mcsim fair`: fair odds, EV per book, gates and confidence for every bet in a quotes file or
/// any supported odds feed.
struct FairCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fair",
    abstract: "Prices every bet in a quotes file or odds feed against the sharp books' devigged consensus.",
    discussion: "Formats (detected from the content): mcsim quotes JSON (docs/odds.md), the betting agent's odds feed, The Odds API v4 /odds and /events/{id}/odds, decimal or American."
  )

  @Argument(help: "Quotes: mcsim quotes JSON, the betting agent's odds feed or The Odds API v4; a file, - for stdin, or a URL.")
  var file: String

  @OptionGroup(title: "Fair odds") var fair: FairPolicyOptions

  @Option(help: "How each reference book's market is devigged, or all: every bet priced by each method, side by side.")
  var method: DevigCommand.Method = .power
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
    if method == .all && explain != nil { throw ValidationError("--explain needs one --method, not all.") }
  }

  func run() throws {
    let decoded: Feed
    do { decoded = try feed.read(file, input: input) } catch let failure as CLIFailure { throw failure } catch {
      throw CLIError.fail("\(error)", code: .failure, field: "file", value: file)
    }
    let asOf = try asOfDate()
    let reports = try fair.policies(method.methods).map { FairOdds.evaluate(decoded.decodedQuotes, policy: $0, asOf: asOf) }
    let report = reports[0]
    for note in decoded.notes { warn(note) }
    for rejected in report.rejected { warn("skipped \(rejected)") }
    for issue in report.issues { warn(issue) }

    if reports.count > 1 {
      try json
        ? OddsOutput.printJSON(Dictionary(uniqueKeysWithValues: reports.map { ($0.policy.method.rawValue, $0) }), style: output.style)
        : render(sideBySide: reports)
      return
    }
    if let key = explain {
      guard let bet = report.bet(named: key) else {
        throw CLIError.option("--explain", "'\(key)'", "no such bet: use an id from the table or 'event market selection line'")
      }
      let explanation = report.explanation(of: bet, stake: stake)
      try json ? OddsOutput.printJSON(explanation, style: output.style) : render(explanation)
    } else {
      try json ? OddsOutput.printJSON(report, style: output.style) : render(report)
    }
  }

  private func asOfDate() throws -> Date? { try asOf.map(AsOfText.parse) }

  private func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
  }

  private func render(_ report: FairOddsReport) {
    print("as of \(Timestamp.format(report.asOf)), devig \(report.policy.method.rawValue), sharp books \(report.policy.sharpBooks.joined(separator: " "))")
    OddsOutput.printTable(
      header: ["id", "bet", "fair p", "fair", "best", "EV", "books", "sharp", "withheld"],
      rows: report.bets.map { bet in
        let best = bet.best
        return [
          String(bet.id), bet.label,
          bet.fairProbability.map(OddsOutput.probability) ?? "-",
          bet.fairOdds.map { OddsOutput.american($0.american) } ?? "-",
          best.map { "\($0.book) \(OddsOutput.american($0.price.american))" } ?? "-",
          best?.evPercent.map { String(format: "%+.2f%%", $0) } ?? "-",
          String(bet.prices.count), bet.confidenceTier.rawValue, bet.disabledReason?.rawValue ?? "",
        ]
      },
      left: [1, 4, 7, 8])
  }

  /// --method all: each bet's fair probability by every method, side by side.
  private func render(sideBySide reports: [FairOddsReport]) {
    let first = reports[0]
    print("as of \(Timestamp.format(first.asOf)), sharp books \(first.policy.sharpBooks.joined(separator: " ")); fair p by method")
    OddsOutput.printTable(
      header: ["id", "bet"] + reports.map(\.policy.method.rawValue),
      rows: first.bets.indices.map { i in
        [String(first.bets[i].id), first.bets[i].label]
          + reports.map { r in
            r.bets.indices.contains(i) ? r.bets[i].fairProbability.map(OddsOutput.probability) ?? "-" : "-"
          }
      },
      left: [1])
  }

  private func render(_ e: BetExplanation) {
    let bet = e.bet
    print("\(bet.label): \(bet.evMethod.rawValue), devig \(e.method.rawValue), confidence \(bet.confidenceTier.rawValue)")
    if e.references.isEmpty { print("no reference book prices every side (\(e.selections.joined(separator: ", ")))") }
    for r in e.references {
      let note = r.excludedBecause.map { " [not used: \($0)]" } ?? ""
      print("\(r.book)\(note)")
      for (i, selection) in e.selections.enumerated() {
        print("  \(selection): price \(OddsOutput.american(r.prices[i].american)) (\(OddsOutput.decimal(r.prices[i].decimal))), implied \(OddsOutput.probability(r.impliedProbabilities[i])), fair \(OddsOutput.probability(r.fairProbabilities[i]))")
      }
      let parameter = r.parameter.map { ", \($0.name) = \(String(format: "%.6g", $0.value))" } ?? ""
      print("  vig = sum(implied) - 1 = \(OddsOutput.percent(r.vig))\(parameter)")
    }
    if let consensus = e.consensus {
      print("consensus (median of the books used, renormalised):")
      for (i, selection) in e.selections.enumerated() {
        let odds = e.consensusOdds[i]
        print("  \(selection): fair p \(OddsOutput.probability(consensus[i])), fair odds \(odds.map { "\(OddsOutput.decimal($0.decimal)) (\(OddsOutput.american($0.american)))" } ?? "-")")
      }
    }
    if let reason = bet.disabledReason { print("EV withheld: \(reason.rawValue)") }
    guard let best = e.best, let p = bet.fairProbability else { return }
    let fee = best.fee > 0 ? " after a \(OddsOutput.percent(best.fee)) fee" : ""
    print("best price: \(best.book) \(OddsOutput.american(best.price.american)) (\(OddsOutput.decimal(best.effectiveDecimal))\(fee))")
    if let ev = e.evPercentAtBest, let profit = e.expectedProfit {
      print("EV = \(OddsOutput.decimal(best.effectiveDecimal)) x \(OddsOutput.probability(p)) - 1 = \(String(format: "%+.2f%%", ev)): expected profit \(String(format: "%+.2f", profit)) on a stake of \(String(format: "%g", e.stake))")
    }
  }
}
