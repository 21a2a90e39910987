import Foundation
import ServiceContracts

/// The block `mcsim slate --league-factor` adds after the slate's table.
package enum LeagueFactorText {
  package static func render(_ r: LeagueFactorReport) -> String {
    var out: [String] = [""]
    out.append(
      "League factor \(Fmt.fixed(r.leagueFactor, 2)): the \(r.games.count) games simulated together, teams of different games correlated by it")
    out.append("Overs hit    " + r.oversHit.enumerated().map { "\($0.offset): \(Fmt.fixed($0.element, 4))" }.joined(separator: " · "))
    out.append(
      "             expected \(Fmt.fixed(r.expectedOvers, 2)) · all overs \(Fmt.fixed(r.allOvers, 5)) (independent games: \(Fmt.fixed(r.allOversIfIndependent, 5)))"
    )
    if !r.leftOut.isEmpty {
      out.append("Left out     " + r.leftOut.joined(separator: ", "))
    }
    if let b = r.bets {
      out.append("Your bets    " + b.legs.map { "\($0.game) \($0.leg) \(Fmt.fixed($0.probability, 4))" }.joined(separator: " · "))
      for tie in b.moneylineTies {
        out.append(
          "             \(tie.game) moneyline loses on a tie: P(tie) \(Fmt.fixed(tie.pTie, 4)) under overtime \(tie.overtime) (the slate's own moneylines use the tie model)"
        )
      }
      out.append(
        "             together \(Fmt.fixed(b.jointProbability, 4)) 95% [\(Fmt.fixed(b.ci95[0], 4)), \(Fmt.fixed(b.ci95[1], 4))] · independent \(Fmt.fixed(b.independentProbability, 4)) · lift \(b.lift.map { Fmt.fixed($0, 3) } ?? "–")"
      )
    }
    return out.joined(separator: "\n")
  }
}
