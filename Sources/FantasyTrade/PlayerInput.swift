import Foundation

/// One player as the inputs describe him: the original trade request's player
/// (`price`, `breakeven`, `proj_scores`, `is_red_dot`) and the client's AFL player shape (`id`,
/// `name`, `team`, `position`, `average_score`, `last_three_average`, `injury_status`,
/// `ownership`), plus mcsim's optional simulation inputs (`score_sd`, `miss_probability`,
/// `recent_scores`). Everything but `price` and `breakeven` may be absent.
package struct PlayerInput: Hashable, Sendable {
  package var id: PlayerID?
  package var name: String?
  package var team: String?
  /// "MID", or a dual position "MID/FWD" (also "MID,FWD").
  package var position: String?
  /// Dollars.
  package var price: Double
  package var breakeven: Double
  package var projScores: [Double]?
  package var isRedDot: Bool?
  /// Free text from the client ("Injured", "Suspended", "Test"); see `isUnavailable`.
  package var injuryStatus: String?
  package var averageScore: Double?
  package var lastThreeAverage: Double?
  /// Percentage of teams that own the player, 0...100.
  package var ownership: Double?
  /// Spread of one round's score around its projection (points).
  package var scoreSD: Double?
  /// Chance that a red-dot player misses the next round, and each further round while out.
  package var missProbability: Double?
  package var recentScores: [Double]?

  package init(
    id: PlayerID? = nil, name: String? = nil, team: String? = nil, position: String? = nil,
    price: Double, breakeven: Double, projScores: [Double]?, isRedDot: Bool? = nil,
    injuryStatus: String? = nil, averageScore: Double? = nil, lastThreeAverage: Double? = nil,
    ownership: Double? = nil, scoreSD: Double? = nil, missProbability: Double? = nil,
    recentScores: [Double]? = nil
  ) {
    self.id = id
    self.name = name
    self.team = team
    self.position = position
    self.price = price
    self.breakeven = breakeven
    self.projScores = projScores
    self.isRedDot = isRedDot
    self.injuryStatus = injuryStatus
    self.averageScore = averageScore
    self.lastThreeAverage = lastThreeAverage
    self.ownership = ownership
    self.scoreSD = scoreSD
    self.missProbability = missProbability
    self.recentScores = recentScores
  }

  /// Statuses that mean "plays": absent, empty, or one of these (case-insensitive). Any other
  /// status ("Injured", "Suspended", "Test", "Managed") makes the player a red dot.
  package static let availableStatuses: Set<String> = ["", "fit", "available", "healthy", "none", "ok"]

  /// `is_red_dot` when given, else whether `injury_status` names an absence.
  package var isUnavailable: Bool {
    if let isRedDot { return isRedDot }
    guard let status = injuryStatus else { return false }
    let key = status.trimmingCharacters(in: .whitespaces).lowercased()
    return !Self.availableStatuses.contains(key)
  }

  /// The validated projection. `exactlyFive` is the original request's rule (5 projected
  /// scores, no more, no fewer); otherwise 1 to 4 scores are padded with their mean (the rule
  /// the original calculator itself applied to short lists) and a missing list becomes five
  /// copies of `average_score`.
  package func projection(exactlyFive: Bool) throws(TradeInputError) -> ProjectedPlayer {
    if let first = problems(exactlyFive: exactlyFive).first { throw first }
    // A short list (or the average alone) padded with its mean.
    var scores = projScores ?? [averageScore ?? 0]
    let mean = PythonNumerics.sum(scores) / Double(scores.count)
    scores += Array(repeating: mean, count: ProjectedPlayer.rounds - scores.count)
    let sd: Double
    if let scoreSD {
      sd = scoreSD
    } else if let recent = recentScores, recent.count >= 3 {
      sd = ProjectedPlayer.sampleSD(recent)
    } else {
      sd = ProjectedPlayer.defaultSD(meanProjection: mean)
    }
    let redDot = isUnavailable
    let miss = missProbability ?? (redDot ? ProjectedPlayer.defaultRedDotMissProbability : 0)
    return ProjectedPlayer(
      price: price, breakeven: breakeven, projectedScores: scores, isRedDot: redDot,
      scoreSD: sd, missProbability: miss, averageScore: averageScore, ownership: ownership)
  }

  /// Every problem of the player at once, each named by its field (`price`, `proj_scores[2]`),
  /// in the order of `projection`'s checks; empty when it projects.
  package func problems(exactlyFive: Bool) -> [TradeInputError] {
    var found = TradeProblems()
    found.check { () throws(TradeInputError) in try Check.positive("price", price) }
    found.check { () throws(TradeInputError) in try Check.finite("breakeven", breakeven) }
    if let given = projScores {
      found.check { () throws(TradeInputError) in try Check.finite("proj_scores", given) }
      let allowed = exactlyFive ? 5...5 : 1...5
      if !allowed.contains(given.count) {
        found.add(
          .wrongCount(
            field: "proj_scores", count: given.count, expected: exactlyFive ? "exactly 5 projected scores" : "1 to 5 projected scores"))
      }
    } else if !exactlyFive, let averageScore {
      // The average stands for the list: checked in its place.
      found.check { () throws(TradeInputError) in try Check.finite("average_score", averageScore) }
    } else {
      found.add(.missing(field: "proj_scores"))
    }
    if let scoreSD {
      found.check { () throws(TradeInputError) in try Check.nonNegative("score_sd", scoreSD) }
    } else if let recent = recentScores, recent.count >= 3 {
      found.check { () throws(TradeInputError) in try Check.finite("recent_scores", recent) }
    }
    if let missProbability { found.check { () throws(TradeInputError) in try Check.probability("miss_probability", missProbability) } }
    if let averageScore, projScores != nil || exactlyFive {
      found.check { () throws(TradeInputError) in try Check.finite("average_score", averageScore) }
    }
    if let ownership {
      found.check { () throws(TradeInputError) in
        try Check.finite("ownership", ownership)
        guard (0...100).contains(ownership) else {
          throw .invalid(field: "ownership", value: "\(ownership)", reason: "must be a percentage in [0, 100]")
        }
      }
    }
    return found.list
  }
}

/// A player id as the client writes it: a string or an integer.
package struct PlayerID: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  package var text: String
  package init(_ text: String) { self.text = text }
  package init(stringLiteral value: String) { text = value }

  package var description: String { text }
  package static func < (a: PlayerID, b: PlayerID) -> Bool { a.text < b.text }
}
