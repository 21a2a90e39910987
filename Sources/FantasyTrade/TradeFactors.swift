/// The iOS client's factors of a trade, each in [0, 1] (docs/trades.md, defines them for
/// users):
///
/// - form_factor: P(the incoming player scores more points than the outgoing one over the
///   projected rounds), simulated; 1 or 0 without noise.
/// - price_factor: P(the incoming player's price gains more than the outgoing one's), simulated;
///   1 or 0 without noise.
/// - fixture_factor: 0.5 + (proj_in / avg_in - proj_out / avg_out), clamped to [0, 1], where
///   proj is the mean projected score and avg the season `average_score`: above 0.5 when the
///   coming rounds look better for the incoming player, relative to his usual output, than for
///   the outgoing one. 0.5 when either average is unknown or not positive.
/// - ownership_factor: 0.5 + (own_out - own_in) / 200 with ownership in percent: above 0.5 when
///   the incoming player is less owned (a differential). 0.5 when either is unknown.
/// - injury_risk: the expected share of the projected rounds the incoming player misses under
///   the miss model, (q + q^2 + ... + q^5) / 5 (0 for a fit player).
package struct TradeFactors: Hashable, Sendable {
  package var formFactor: Double
  package var priceFactor: Double
  package var fixtureFactor: Double
  package var ownershipFactor: Double
  package var injuryRisk: Double

  package init(
    playerIn: ProjectedPlayer, playerOut: ProjectedPlayer, pMorePoints: Double, pMoreCash: Double
  ) {
    formFactor = pMorePoints
    priceFactor = pMoreCash
    if let avgIn = playerIn.averageScore, let avgOut = playerOut.averageScore, avgIn > 0, avgOut > 0 {
      let form = playerIn.averageProjection / avgIn - playerOut.averageProjection / avgOut
      fixtureFactor = min(1, max(0, 0.5 + form))
    } else {
      fixtureFactor = 0.5
    }
    if let ownIn = playerIn.ownership, let ownOut = playerOut.ownership {
      ownershipFactor = 0.5 + (ownOut - ownIn) / 200
    } else {
      ownershipFactor = 0.5
    }
    injuryRisk = MissModel(probability: playerIn.missProbability).expectedMissedShare()
  }
}
