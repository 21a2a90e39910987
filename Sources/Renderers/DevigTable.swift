import UseCases

/// `mcsim devig`'s table: each outcome's price, implied and fair probability (one method) or
/// each method's probability, then the margin and each method's parameter and warnings.
package enum DevigTable {
  /// `prices` as the user wrote them (`home=-110` shows its price, -110).
  package static func render(_ answer: Devigging.Answer, prices: [String]) -> String {
    let (market, results) = (answer.market, answer.results)
    var header = ["outcome", "price", "implied"]
    if results.count == 1 {
      header += ["fair p", "fair decimal", "fair American"]
    } else {
      header += results.map(\.method.rawValue)
    }
    let rows = market.outcomes.indices.map { i in
      var row = [
        market.outcomes[i], prices[i].split(separator: "=").last.map(String.init) ?? prices[i],
        OddsOutput.probability(market.prices[i].impliedProbability),
      ]
      if results.count == 1 {
        let fair = results[0].fairOdds[i]
        row += [
          OddsOutput.probability(results[0].probabilities[i]),
          fair.map { OddsOutput.decimal($0.decimal) } ?? "-", fair.map { OddsOutput.american($0.american) } ?? "-",
        ]
      } else {
        row += results.map { OddsOutput.probability($0.probabilities[i]) }
      }
      return row
    }
    var lines = [OddsOutput.table(header: header, rows: rows)]
    lines.append("margin \(OddsOutput.percent(market.overround)) (hold \(OddsOutput.percent(market.hold)))")
    for r in results {
      if let (name, value) = r.namedParameter { lines.append("\(r.method.rawValue): \(name) = \(value)") }
      for w in r.warnings { lines.append("warning (\(r.method.rawValue)): \(w)") }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
