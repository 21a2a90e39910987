import Simulation

/// A game's periods (`run --period`), keyed by period:
///
///   {"h1": {"mean_home", "mean_away", "mean_total", "mean_margin", "sd_total", "sd_margin",
///           "p_home_win", "p_away_win", "p_tie",
///           "total_line", "p_over", "p_under", "p_push",          (with a total line)
///           "spread", "p_home_cover", "p_away_cover", "p_spread_push",   (with a spread)
///           "home_total", "p_home_over", "p_home_under", "p_home_push",   (with a home team total;
///           "away_total", "p_away_over", "p_away_under", "p_away_push",    the away's alike)
///           "over_odds", ..., "draw_ml", "home_over_odds", ..., "tie",    (the prices quoted, decimal)
///           "advice": {"total", "spread", "moneyline", "home_total", "away_total"}}}  (each side with a price)
///
/// Probabilities are fractions; `spread` is the home team's (-2.5: home gives 2.5 points); a
/// period's moneyline is read three ways (home ahead, away ahead, level). `advice` holds a
/// market's advice object (as a slate game's `spread.advice`) for each market with a priced
/// side; `tie` is `lose` when a two-way moneyline's level period loses both sides.
package struct PeriodsBlock: ContractObject, Sendable {
  let periods: [PricedPeriod]

  package init(_ periods: [PricedPeriod]) { self.periods = periods }

  package func writeFields(to fields: inout some FieldWriter) throws {
    for p in periods.sorted(by: { $0.period.rawValue < $1.period.rawValue }) { try fields.field(p.period.rawValue, Period(p)) }
  }

  struct Period: ContractObject, Sendable {
    let p: PricedPeriod
    init(_ p: PricedPeriod) { self.p = p }

    func writeFields(to fields: inout some FieldWriter) throws {
      let s = p.scores, ml = s.moneyline, prices = p.prices
      if !p.advice.isEmpty { try fields.field("advice", Advice(advice: p.advice)) }
      try fields.fieldIfPresent("away_ml", prices.away?.decimal)
      try fields.fieldIfPresent("away_over_odds", prices.awayOver?.decimal)
      try fields.fieldIfPresent("away_spread_odds", prices.awaySpread?.decimal)
      try fields.fieldIfPresent("away_total", p.awayTotal)
      try fields.fieldIfPresent("away_under_odds", prices.awayUnder?.decimal)
      try fields.fieldIfPresent("draw_ml", prices.draw?.decimal)
      try fields.fieldIfPresent("home_ml", prices.home?.decimal)
      try fields.fieldIfPresent("home_over_odds", prices.homeOver?.decimal)
      try fields.fieldIfPresent("home_spread_odds", prices.homeSpread?.decimal)
      try fields.fieldIfPresent("home_total", p.homeTotal)
      try fields.fieldIfPresent("home_under_odds", prices.homeUnder?.decimal)
      try fields.field("mean_away", s.awayMean)
      try fields.field("mean_home", s.homeMean)
      try fields.field("mean_margin", s.meanMargin)
      try fields.field("mean_total", s.meanTotal)
      try fields.fieldIfPresent("over_odds", prices.over?.decimal)
      if let line = p.totalLine {
        let t = s.total(line)
        try fields.field("p_over", t.over)
        try fields.field("p_push", t.push)
        try fields.field("p_under", t.under)
      }
      try teamTotal(home: false, to: &fields)
      try fields.field("p_away_win", ml.away)
      if let spread = p.spread {
        let c = s.homeSpread(spread)
        try fields.field("p_away_cover", c.lose)
        try fields.field("p_home_cover", c.cover)
        try fields.field("p_spread_push", c.push)
      }
      try teamTotal(home: true, to: &fields)
      try fields.field("p_home_win", ml.home)
      try fields.field("p_tie", ml.tie)
      try fields.field("sd_margin", s.marginSD)
      try fields.field("sd_total", s.totalSD)
      if let spread = p.spread { try fields.field("spread", spread) }
      if prices.tieLoses { try fields.field("tie", "lose") }
      if let line = p.totalLine { try fields.field("total_line", line) }
      try fields.fieldIfPresent("under_odds", prices.under?.decimal)
    }

    /// `p_home_over`, `p_home_push`, `p_home_under` (or the away team's), with its total's line.
    func teamTotal(home: Bool, to fields: inout some FieldWriter) throws {
      guard let line = p.teamTotal(home: home) else { return }
      let t = p.scores.teamTotal(home: home, line), team = home ? "home" : "away"
      try fields.field("p_\(team)_over", t.over)
      try fields.field("p_\(team)_push", t.push)
      try fields.field("p_\(team)_under", t.under)
    }
  }

  struct Advice: ContractObject, Sendable {
    let advice: PeriodAdvice

    func writeFields(to fields: inout some FieldWriter) throws {
      try fields.fieldIfPresent("away_total", advice.awayTotal)
      try fields.fieldIfPresent("home_total", advice.homeTotal)
      try fields.fieldIfPresent("moneyline", advice.moneyline)
      try fields.fieldIfPresent("spread", advice.spread)
      try fields.fieldIfPresent("total", advice.total)
    }
  }
}
