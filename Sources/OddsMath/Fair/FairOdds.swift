import Foundation

/// Fair odds across books: the replaced fair-odds service (docs/contracts.md, "FairBet") without its
/// stated gaps (two-way only, one sharp book, normalisation only).
///
/// For each market (all sides of one event, market and line; see `BetGrouping`):
/// 1. reference: the sharp books pricing every side; when none does, every book pricing every
///    side (if `fallbackToWholeMarket`). A reference quote older than the category's age limit
///    is stale; stale references are shown but not used, and if all are stale the market is
///    gated `reference_stale` (a stale sharp book is never silently replaced by soft books).
/// 2. each reference book's market is devigged on its own (policy.method, default power); the
///    consensus is the median across books per side, renormalised to sum 1. A devig that leaves
///    (0, 1) (additive on a lopsided market) is excluded, with its reason.
/// 3. per side, the first failing gate: no_pair, reference_missing, reference_stale,
///    insufficient_books (fewer than policy.minimumBooks fresh prices), fair_odds_outlier (fair
///    and median book price further apart in American cents than the category allows).
/// 4. per book price: ev_percent = (d_eff * fair_p - 1) * 100 with d_eff = 1 + (d - 1)(1 - fee),
///    withheld when the bet is gated or the quote stale.
public enum FairOdds {
  /// The newest observation among the quotes (the default "now", so a saved file gives the same
  /// answer whenever it is run), or the present moment when there are none.
  public static func newest(_ quotes: [Quote]) -> Date {
    quotes.map(\.observedAt).max() ?? Date()
  }

  public static func evaluate(
    _ quotes: [Quote], rejected: [RejectedQuote] = [], policy: FairOddsPolicy = .init(), asOf: Date
  ) -> FairOddsReport {
    let grouping = BetGrouping(quotes)
    var bets: [BetReport] = []
    var markets: [MarketReport] = []
    for group in grouping.groups {
      let market = evaluate(group, policy: policy, asOf: asOf)
      let marketIndex = markets.count
      markets.append(market)
      for (s, side) in group.sides.enumerated() {
        bets.append(
          bet(
            side, index: s, in: group, market: market, marketIndex: marketIndex,
            id: bets.count + 1, policy: policy, asOf: asOf))
      }
    }
    return FairOddsReport(
      asOf: asOf, policy: policy, bets: bets, markets: markets, issues: grouping.issues, rejected: rejected)
  }

  /// Steps 1 and 2: the reference books and their consensus.
  static func evaluate(_ group: BetGrouping.Group, policy: FairOddsPolicy, asOf: Date) -> MarketReport {
    let maxAge = policy.maximumAge(group.category)
    func report(_ method: EVMethod, _ refs: [ReferenceMarket], _ consensus: [Double]?, _ gate: GateReason?)
      -> MarketReport
    {
      MarketReport(
        event: group.event, market: group.market, category: group.category,
        selections: group.sides.map(\.selection), lines: group.sides.map(\.line), evMethod: method,
        references: refs, consensus: consensus, gate: gate)
    }
    guard group.sides.count >= 2 else { return report(.none, [], nil, .noPair) }

    // Books pricing every side, in order of first appearance.
    var books: [String] = []
    for side in group.sides {
      for q in side.quotes where !books.contains(q.book) { books.append(q.book) }
    }
    let complete: [(book: String, quotes: [Quote])] = books.compactMap { book in
      let quotes = group.sides.compactMap { side in side.quotes.first { $0.book == book } }
      return quotes.count == group.sides.count ? (book, quotes) : nil
    }
    let sharp = complete.filter { policy.isSharp($0.book) }
    let (candidates, method): ([(book: String, quotes: [Quote])], EVMethod) =
      !sharp.isEmpty
      ? (sharp, .sharpConsensus)
      : policy.fallbackToWholeMarket && !complete.isEmpty
        ? (complete, .marketConsensus)
        : ([], .none)
    guard !candidates.isEmpty else { return report(.none, [], nil, .referenceMissing) }

    var references: [ReferenceMarket] = []
    var used: [DevigResult] = []
    for (book, quotes) in candidates {
      let prices = quotes.map(\.price)
      // Sides are distinct selections and there are at least two, so this cannot fail.
      guard let m = try? Market(prices: prices, outcomes: group.sides.map(\.selection)) else { continue }
      let devig = m.devig(policy.method)
      let stale = quotes.contains { asOf.timeIntervalSince($0.observedAt) > maxAge }
      let excluded: String? =
        stale
        ? "stale: older than \(Int(maxAge / 60)) min"
        : devig.warnings.first.map { "devig unusable: \($0)" }
      references.append(ReferenceMarket(book: book, prices: prices, devig: devig, isStale: stale, excludedBecause: excluded))
      if excluded == nil { used.append(devig) }
    }
    if used.isEmpty {
      let gate: GateReason = references.contains { $0.isStale } ? .referenceStale : .referenceMissing
      return report(method, references, nil, gate)
    }
    var consensus = group.sides.indices.map { i in median(used.map { $0.probabilities[i] }) }
    let total = consensus.reduce(0, +)
    for i in consensus.indices { consensus[i] /= total }
    return report(method, references, consensus, nil)
  }

  /// Steps 3 and 4 for one side.
  static func bet(
    _ side: BetGrouping.Side, index: Int, in group: BetGrouping.Group, market: MarketReport,
    marketIndex: Int, id: Int, policy: FairOddsPolicy, asOf: Date
  ) -> BetReport {
    let maxAge = policy.maximumAge(group.category)
    let fairP = market.consensus?[index]
    let fairOdds = fairP.flatMap { try? Odds(probability: $0) }
    let fresh = side.quotes.filter { asOf.timeIntervalSince($0.observedAt) <= maxAge }
    let medianPrice = fresh.isEmpty ? nil : try? Odds(decimal: median(fresh.map(\.price.decimal)))
    let usedRefs = market.references.filter { $0.excludedBecause == nil }
    let referencePrice =
      usedRefs.isEmpty ? nil : try? Odds(decimal: median(usedRefs.map { $0.prices[index].decimal }))

    var gate = market.gate
    if gate == nil, fresh.count < policy.minimumBooks { gate = .insufficientBooks }
    if gate == nil, let fair = fairOdds, let median = medianPrice,
      fair.americanDistance(to: median) > policy.outlierThreshold(group.category)
    {
      gate = .fairOddsOutlier
    }

    let sharpCount = market.evMethod == .sharpConsensus ? usedRefs.count : 0
    var tier: ConfidenceTier = sharpCount >= 2 ? .high : sharpCount == 1 ? .medium : .low
    if group.category == .playerProp, tier == .high { tier = .medium }

    let prices = side.quotes.map { q in
      let stale = asOf.timeIntervalSince(q.observedAt) > maxAge
      let fee = policy.fee(q.book)
      let effective = 1 + q.price.netPayout * (1 - fee)
      let ev = gate == nil && !stale ? fairP.map { (effective * $0 - 1) * 100 } : nil
      return BookPrice(
        book: q.book, price: q.price, observedAt: q.observedAt, isSharp: policy.isSharp(q.book),
        isStale: stale, fee: fee, trueProbability: fairP, evPercent: ev)
    }
    return BetReport(
      id: id, event: group.event, market: group.market, selection: side.selection, line: side.line,
      category: group.category,
      opposing: group.sides.map(\.selection).filter { $0 != side.selection },
      fairProbability: fairP, fairOdds: fairOdds, evMethod: market.consensus == nil ? .none : market.evMethod,
      confidenceTier: tier, disabledReason: gate, referencePrice: referencePrice,
      medianPrice: medianPrice, prices: prices, marketIndex: marketIndex,
      label: side.quotes[0].betLabel)
  }

  /// The median of a non-empty list (mean of the middle two for an even count).
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }
}
