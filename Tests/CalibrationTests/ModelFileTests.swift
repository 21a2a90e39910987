import Calibration
import Foundation
import LineFeeds
import OddsMath
import ServiceContracts
import Simulation
import UseCases
import XCTest

/// The model file round-trips and is refused, naming the key, when it is not one.
final class ModelFileTests: XCTestCase {
  func testRoundTrip() throws {
    let fit = try XCTUnwrap(ModelFit.fit(SyntheticLeague().games(3000, seed: 4), projection: .market))
    for kind in [Overtime.Kind.flat, .tie] {
      let document = ModelDocument(fit.model(overtime: kind), fit: fit, data: "synthetic", stage: "regular")
      let read = try ModelFile.decode(try ContractJSON.encode(document), source: "m.json")
      XCTAssertEqual(read.document, document)
      XCTAssertEqual(read.document.calibrated, fit.model(overtime: kind))
      XCTAssertEqual(read.document.calibrated.template.correlation, fit.regulation.rho.value)
    }
  }

  func testRefusals() throws {
    let valid = """
      {"version": 1, "model": {"home_sd": 12, "away_sd": 12, "rho": 0.3, "ot_model": "flat", "ot_rate": 0.06,
       "ot_points": 24, "ot_sd": 10, "skew": 0}, "projection": {"source": "market", "home_advantage": 0, "total_shift": -1}}
      """
    XCTAssertNoThrow(try ModelFile.decode(Data(valid.utf8), source: "m"))
    // A file with the ratings and pooling blocks (calibrate --projection ratings); the one above,
    // written before them, still loads (both optional).
    let withRatings = """
      "total_shift": -1, "ratings": {"half_life_days": 40, "team_ridge": 6, "carry": 0.7, "league_ridge": 2},
      "pooling": {"totals": 0.1, "spreads": 0.2, "moneylines": 0.3}
      """
    let rated = try ModelFile.decode(
      Data(valid.replacingOccurrences(of: "\"total_shift\": -1", with: withRatings).utf8), source: "m")
    XCTAssertEqual(rated.document.projection.ratings?.settings, RatingsSettings(halfLifeDays: 40, teamRidge: 6, carry: 0.7))
    XCTAssertEqual(rated.document.projection.pooling?.weights, PoolingWeights(totals: 0.1, spreads: 0.2, moneylines: 0.3))
    XCTAssertNil(try ModelFile.decode(Data(valid.utf8), source: "m").document.projection.pooling)
    let cases = [
      (valid.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 3"), "field 'version' = 3"),
      (valid.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"), "field 'sources'"),
      (valid.replacingOccurrences(of: "\"rho\": 0.3", with: "\"rho\": 1.5"), "field 'model.rho'"),
      (valid.replacingOccurrences(of: "\"skew\": 0", with: "\"skew\": 0, \"colour\": 1"), "field 'model.colour': unknown key"),
      (valid.replacingOccurrences(of: "\"total_shift\": -1", with: "\"total_shift\": 1e9"), "projection.total_shift"),
      (valid.replacingOccurrences(of: "\"home_sd\": 12,", with: ""), "home_sd"),
      (
        valid.replacingOccurrences(of: "\"total_shift\": -1", with: withRatings.replacingOccurrences(of: "\"carry\": 0.7", with: "\"carry\": 1.7")),
        "field 'projection.ratings.carry' = 1.7"
      ),
      (
        valid.replacingOccurrences(
          of: "\"total_shift\": -1", with: withRatings.replacingOccurrences(of: "\"carry\": 0.7", with: "\"carry\": 0.7, \"decay\": 1")),
        "field 'projection.ratings.decay': unknown key"
      ),
      (
        valid.replacingOccurrences(
          of: "\"total_shift\": -1", with: withRatings.replacingOccurrences(of: "\"totals\": 0.1", with: "\"totals\": -0.1")),
        "field 'projection.pooling.totals' = -0.1"
      ),
      ("{\"version\": 1,", "malformed JSON"),
    ]
    for (text, message) in cases {
      XCTAssertThrowsError(try ModelFile.decode(Data(text.utf8), source: "m")) { error in
        XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
      }
    }
  }

  /// Version 2 holds one version-1 fit per projection source (`calibrate --every-source`, the
  /// shipped model); each is checked as a version-1 file is, its errors named under `sources`.
  func testVersionTwoHoldsAFitPerSource() throws {
    func section(_ source: String, sd: Double = 12, rho: Double = 0.3) -> String {
      """
      {"version": 1, "model": {"home_sd": \(sd), "away_sd": 12, "rho": \(rho), "ot_model": "flat", "ot_rate": 0.06,
       "ot_points": 24, "ot_sd": 10, "skew": 0}, "projection": {"source": "\(source)", "home_advantage": 0, "total_shift": -1,
       "pooling": {"totals": 0.1, "spreads": 0.2, "moneylines": 0.3}}}
      """
    }
    func set(_ sections: [(String, String)]) -> String {
      "{\"version\": 2, \"sources\": {" + sections.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}}"
    }
    let file = try ModelFile.decode(Data(set([("market", section("market")), ("stats", section("stats", sd: 14))]).utf8), source: "m")
    XCTAssertEqual(Set(file.documents.keys), [.market, .stats])
    XCTAssertEqual(file.document(for: .stats).model.homeSD, 14)
    XCTAssertEqual(file.document.model.homeSD, 12)
    XCTAssertEqual(file.document(for: .ratings).model.homeSD, 12, "a source without a fit: the market's")
    let cases = [
      (set([("odds", section("market"))]), "field 'sources.odds': unknown projection source"),
      (set([("stats", section("market"))]), "field 'sources.stats.projection.source' = market: must be stats"),
      (set([("stats", section("stats", rho: 1.5))]), "field 'sources.stats.model.rho'"),
      (set([]), "field 'sources'"),
      (
        set([("stats", section("stats"))]).replacingOccurrences(of: "{\"version\": 2,", with: "{\"version\": 2, \"fit\": 1,"),
        "field 'fit': unknown key"
      ),
    ]
    for (text, message) in cases {
      XCTAssertThrowsError(try ModelFile.decode(Data(text.utf8), source: "m")) { error in
        XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
      }
    }
  }

  /// Which fit serves which projections (`ModelSet.resolve`): a source's own fit with its shift
  /// and pooling weights; projections given or a source not fitted on take the market fit's
  /// spread, no shift, and the default pooling weight, said in a note; the seed, the model alone.
  func testEachSourceResolvesToItsOwnFit() throws {
    var stats = CalibratedModel(template: GameModel(homeMean: 0, awayMean: 0, homeSD: 14), homeAdvantage: 2, totalShift: -3)
    stats.template.awaySD = 13
    let market = CalibratedModel(template: GameModel(homeMean: 0, awayMean: 0, homeSD: 12), homeAdvantage: 0, totalShift: -1)
    let w = PoolingWeights(totals: 0.01, spreads: 0.02, moneylines: 0.03)
    let set = ModelSet(
      origin: .file("m.json"),
      fits: [
        .stats: .init(model: stats, pooling: w, data: "d.csv", seasons: ["2007-08", "2008-09"], games: 2400),
        .market: .init(model: market, pooling: .modelOnly),
      ])
    let s = set.resolve(for: .stats)
    XCTAssertEqual(s.template?.homeSD, 14)
    XCTAssertEqual(s.shift, ProjectionShift(homeAdvantage: 2, totalShift: -3))
    XCTAssertEqual(s.pooling, w)
    XCTAssertEqual(s.name, "model file m.json (stats fit, d.csv 2007-08:2008-09, 2400 games)")
    XCTAssertTrue(s.notes.isEmpty)
    for source in [nil, ProjectionSource.ratings] {
      let r = set.resolve(for: source)
      XCTAssertEqual(r.template?.homeSD, 12)
      XCTAssertEqual(r.shift, .none)
      XCTAssertEqual(r.pooling, Defaults.pooling)
      XCTAssertEqual(r.notes.count, 1)
      XCTAssertTrue(r.notes[0].contains("default weight 0.1"), r.notes[0])
    }
    let seed = ModelSet.seed.resolve(for: .stats)
    XCTAssertNil(seed.template)
    XCTAssertNil(seed.pooling)
    XCTAssertEqual(seed.name, "seed defaults")
  }
}

/// Pooling weights fitted on too few games shrink toward a prior's by inverse variance.
final class PoolingShrinkTests: XCTestCase {
  func testInverseVarianceCombination() {
    let own = PoolingWeights(totals: 1, spreads: 0, moneylines: 0.5)
    let prior = PoolingWeights(totals: 0.1, spreads: 0.2, moneylines: 0.3)
    let (w, se) = PoolingFit.shrink(
      own, standardErrors: [.total: 0.3, .spread: 0.1, .moneyline: .infinity], toward: prior,
      priorErrors: [.total: 0.1, .spread: 0.1, .moneyline: 0.05])
    // (1 / 0.09 * 1 + 1 / 0.01 * 0.1) / (1 / 0.09 + 1 / 0.01) = (11.11 + 10) / 111.11 = 0.19
    XCTAssertEqual(w.totals, (1 / 0.09 + 10) / (1 / 0.09 + 100), accuracy: 1e-12)
    XCTAssertEqual(se[.total]!, 1 / (1 / 0.09 + 100).squareRoot(), accuracy: 1e-12)
    // Equal precision: half way.
    XCTAssertEqual(w.spreads, 0.1, accuracy: 1e-12)
    XCTAssertEqual(se[.spread]!, 0.1 / 2.0.squareRoot(), accuracy: 1e-12)
    // No information of its own: the prior's.
    XCTAssertEqual(w.moneylines, 0.3)
    XCTAssertEqual(se[.moneyline], 0.05)
  }

  /// The observed-information standard error against a finite difference of the log-likelihood.
  func testStandardErrorIsTheObservedInformation() throws {
    let games = SyntheticLeague().games(800, seed: 9)
    let projections = games.map { Projection(home: Double($0.homeScore) * 0.5 + 55, away: Double($0.awayScore) * 0.5 + 54) }
    let model = try XCTUnwrap(ModelFit.fit(games, projections: projections, projection: .market)).model(overtime: .flat)
    let prices = try Backtest.price(games, projections: projections, model: model, simulations: 2000, seed: 1, threads: 1)
    let outcomes = MarketOutcome.extract(games, prices: prices).totals
    let w = try XCTUnwrap(PoolingFit.weight(outcomes))
    func loglik(_ w: Double) -> Double {
      outcomes.reduce(0) { s, o in
        guard o.outcome != 0, let p = o.modelProbability else { return s }
        let q = LogOddsPool.pool(model: p, market: o.market, weight: w)
        return s + (o.outcome > 0 ? log(q) : log(1 - q))
      }
    }
    let at = min(max(w, 0.2), 0.8), h = 1e-4
    let curvature = -(loglik(at + h) - 2 * loglik(at) + loglik(at - h)) / (h * h)
    XCTAssertEqual(PoolingFit.standardError(outcomes, weight: at), 1 / curvature.squareRoot(), accuracy: 1e-3 / curvature.squareRoot() + 1e-6)
  }
}

/// A backtest reading that doubts the edge says so when the model priced projections it was not
/// fitted on; a reading of the same source, or one that finds no fault, is as it was.
final class BacktestReadingTextTests: XCTestCase {
  func testAnotherSourceIsExplained() {
    let doubt = BacktestReading.miscalibrated(claimed: 0.1, realised: -0.05)
    XCTAssertTrue(
      doubt.text(fittedOn: .ratings, projection: .stats).hasSuffix(
        "; the model was fitted on ratings projections and priced stats ones: its home advantage, total shift and pooling weights belong to the other source (fit it on stats, or leave out --model for the walk-forward fit)"
      ))
    XCTAssertEqual(doubt.text(fittedOn: .stats, projection: .stats), doubt.description)
    XCTAssertEqual(doubt.text(fittedOn: nil, projection: .stats), doubt.description)
    let fine = BacktestReading.noDistinguishableEdge(claimed: 0.02, realised: 0.01)
    XCTAssertEqual(fine.text(fittedOn: .ratings, projection: .stats), fine.description)
  }
}
