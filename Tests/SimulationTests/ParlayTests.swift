import Foundation
import Multivariate
import OddsMath
import Simulation
import TestSupport
import XCTest

/// Parlays against exact probabilities computed by an independent route: scipy's
/// multivariate_normal.cdf (Genz's method) in scripts/parlay_reference.py, whose outputs are
/// pinned here. Monte Carlo checks hold within 4 standard errors sqrt(p (1 - p) / n).
final class ParlayTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  /// The script's model: home 115, away 112, sd 10, rho 0.5, flat overtime 0.06, 12 +/- 3.
  private let game = GameModel(homeMean: 115, awayMean: 112)
  private let million = 1_000_000

  private func assertWithin4SE(_ p: Double, _ exact: Double, n: UInt64, _ what: String, line: UInt = #line) {
    let se = (exact * (1 - exact) / Double(n)).squareRoot()
    XCTAssertLessThan(abs(p - exact), 4 * se, "\(what): \(p) vs exact \(exact) (4 SE = \(4 * se))", line: line)
  }

  /// Over 225.5 and home -3.5: sum over the regulation lattice of bivariate-normal rectangles,
  /// mixed over the overtime outcomes (scripts/parlay_reference.py, part 1).
  static let overAndHomeCover = 0.263858938658
  /// Home team over 115.5 and a home player (22 +/- 6, r 0.4) over 25.5 (part 2).
  static let homeTotalAndPlayer = 0.192398593090

  private var twoLegs: Parlay {
    Parlay(
      games: [game],
      legs: [
        ParlayLeg(market: .total(.over, line: 225.5), label: "over:225.5"),
        ParlayLeg(market: .spread(.home, line: -3.5), label: "home-spread:-3.5"),
      ])
  }

  /// The two-team game's own histogram (the fused kernel, as `run`).
  func testOverAndSpreadOnTheJointHistogram() throws {
    let r = try ParlayPricer.price(twoLegs, options: SimulationOptions(simulations: million, seed: 12, threads: 2))
    XCTAssertEqual(r.route, .jointHistogram)
    XCTAssertEqual(r.simulations, UInt64(million))
    assertWithin4SE(r.jointProbability, Self.overAndHomeCover, n: r.simulations, "joint")
    XCTAssertEqual(r.independentProbability, r.legProbabilities[0] * r.legProbabilities[1])
  }

  /// The same legs drawn on the multivariate path (team scores as 2 of d quantities, overtime
  /// finished in Swift): the same exact answer, on each transform.
  func testOverAndSpreadOnTheMultivariatePath() throws {
    for path in MultivariateNormal.Path.allCases {
      let r = try ParlayPricer.price(
        twoLegs, options: SimulationOptions(simulations: million, seed: 13, threads: 2), route: .multivariate(path))
      XCTAssertEqual(r.route, .multivariate)
      assertWithin4SE(r.jointProbability, Self.overAndHomeCover, n: r.simulations, "joint (\(path))")
    }
  }

  /// A team total and a player prop: a mixture of bivariate normal orthants; the prop alone
  /// 1 - Phi((25.5 - 22) / 6) exactly (stats are round(max(0, x))).
  func testPlayerPropWithTeamTotal() throws {
    let parlay = Parlay(
      games: [game],
      players: [PlayerProjection(name: "P", stat: .points, team: .home, mean: 22, sd: 6, teamCorrelation: 0.4)],
      legs: [
        ParlayLeg(market: .teamTotal(.home, .over, line: 115.5), label: "home-over:115.5"),
        ParlayLeg(market: .player(name: "P", stat: .points, .over, line: 25.5), label: "P:points:over:25.5"),
      ])
    let r = try ParlayPricer.price(parlay, options: SimulationOptions(simulations: million, seed: 14, threads: 2))
    XCTAssertEqual(r.route, .multivariate)
    assertWithin4SE(r.jointProbability, Self.homeTotalAndPlayer, n: r.simulations, "joint")
    let prop = 0.5 * erfc((25.5 - 22) / 6 / 2.0.squareRoot())
    assertWithin4SE(r.legProbabilities[1], prop, n: r.simulations, "prop")
    XCTAssertTrue(r.defaultedCorrelations.isEmpty)
  }

  /// Two stats of one player correlate by the stated default (points-PRA 0.85), not only
  /// through the team (0.5 x 0.45). Both legs are thresholds on the latents (x >= 26.5 and
  /// y >= 42.5), so the joint is the bivariate normal orthant
  /// Phi2(-(26.5 - 27) / 6.5, -(42.5 - 43) / 8; 0.85), scipy's multivariate_normal.cdf:
  /// 0.439677691913 (with 0.225 it would be 0.314511).
  func testTwoStatsOfOnePlayerCorrelateByTheDefault() throws {
    let parlay = Parlay(
      games: [game],
      players: [
        PlayerProjection(name: "JT", stat: .points, team: .home, mean: 27, sd: 6.5),
        PlayerProjection(name: "JT", stat: .pra, team: .home, mean: 43, sd: 8),
      ],
      legs: [
        ParlayLeg(market: .player(name: "JT", stat: .points, .over, line: 26.5), label: "JT:points:over:26.5"),
        ParlayLeg(market: .player(name: "JT", stat: .pra, .over, line: 42.5), label: "JT:pra:over:42.5"),
      ])
    let r = try ParlayPricer.price(parlay, options: SimulationOptions(simulations: million, seed: 1, threads: 2))
    assertWithin4SE(r.jointProbability, 0.439677691913, n: r.simulations, "joint")
    let pairs = parlay.defaultedStatCorrelations
    XCTAssertEqual(pairs.map(\.first), ["JT points"])
    XCTAssertEqual(pairs.map(\.second), ["JT pra"])
    XCTAssertEqual(pairs.map(\.correlation), [0.85])
    XCTAssertNil(r.repair)
  }

  /// The default table with the default team correlations: one player's five stats and his
  /// team's points are positive definite, so no repair is needed.
  func testDefaultStatCorrelationsArePositiveDefinite() throws {
    let parlay = Parlay(
      games: [game],
      players: PlayerStat.allCases.map { PlayerProjection(name: "A", stat: $0, team: .home, mean: 10, sd: 3) },
      legs: [ParlayLeg(market: .player(name: "A", stat: .points, .over, line: 9.5), label: "A:points:over:9.5")])
    let r = try ParlayPricer.price(parlay, options: SimulationOptions(simulations: 10_000, seed: 1, threads: 1))
    XCTAssertNil(r.repair)
    XCTAssertEqual(parlay.defaultedStatCorrelations.count, 10)
  }

  /// The same counts on 1, 2 and 3 threads (chunks keyed by index, integer counts).
  func testBitIdenticalAcrossThreadCounts() throws {
    let parlay = Parlay(
      games: [game],
      players: [
        PlayerProjection(name: "A", stat: .points, team: .home, mean: 25, sd: 6),
        PlayerProjection(name: "B", stat: .rebounds, team: .away, mean: 9, sd: 3),
      ],
      legs: [
        ParlayLeg(market: .total(.over, line: 224.5), label: "over:224.5"),
        ParlayLeg(market: .player(name: "A", stat: .points, .over, line: 24.5), label: "A:points:over:24.5"),
        ParlayLeg(market: .player(name: "B", stat: .rebounds, .under, line: 9.5), label: "B:rebounds:under:9.5"),
      ])
    let runs = try [1, 2, 3].map { t in
      try ParlayPricer.price(parlay, options: SimulationOptions(simulations: 300_000, seed: 9, threads: t))
    }
    for r in runs.dropFirst() {
      XCTAssertEqual(r.jointWins, runs[0].jointWins)
      XCTAssertEqual(r.legWins, runs[0].legWins)
    }
    XCTAssertEqual(runs[0].defaultedCorrelations.map(\.quantity), ["A points", "B rebounds"])
  }

  /// A leg on an unknown player names the leg; a missing stat too.
  func testUnknownPlayerNamesTheLeg() {
    let parlay = Parlay(
      games: [game], players: [PlayerProjection(name: "A", stat: .points, team: .home, mean: 25, sd: 6)],
      legs: [ParlayLeg(market: .player(name: "Z", stat: .points, .over, line: 20.5), label: "Z:points:over:20.5")])
    XCTAssertThrowsError(try parlay.validate()) {
      XCTAssertEqual(
        $0 as? InputError, .invalid(field: "leg", value: "Z:points:over:20.5", reason: "no player named 'Z' (players: A)"))
    }
    var other = parlay
    other.legs = [ParlayLeg(market: .player(name: "A", stat: .assists, .over, line: 5.5), label: "A:assists:over:5.5")]
    XCTAssertThrowsError(try other.validate()) { XCTAssertEqual(($0 as? InputError)?.field, "leg") }
  }

  /// A given matrix: checked entry by entry, and repaired (and reported) when not PSD.
  func testGivenCorrelationMatrix() throws {
    var parlay = Parlay(
      games: [game], players: [PlayerProjection(name: "A", stat: .points, team: .home, mean: 25, sd: 6)],
      legs: [ParlayLeg(market: .player(name: "A", stat: .points, .over, line: 24.5), label: "A:points:over:24.5")])
    parlay.correlation = [[1, 0.5, 0.9], [0.5, 1], [0.9, 0, 1]]
    XCTAssertThrowsError(try parlay.validate()) { XCTAssertEqual(($0 as? InputError)?.field, "correlation[1]") }
    parlay.correlation = [[1, 0.5, 0.9], [0.5, 1, .nan], [0.9, .nan, 1]]
    XCTAssertThrowsError(try parlay.validate()) { XCTAssertEqual(($0 as? InputError)?.field, "correlation[1][2]") }
    parlay.correlation = [[1, 0.5], [0.5, 1]]
    XCTAssertThrowsError(try parlay.validate()) { XCTAssertEqual(($0 as? InputError)?.field, "correlation") }
    // rho(home, away) 0.5, rho(A, home) 0.9, rho(A, away) -0.9: not PSD.
    parlay.correlation = [[1, 0.5, 0.9], [0.5, 1, -0.9], [0.9, -0.9, 1]]
    let r = try ParlayPricer.price(parlay, options: SimulationOptions(simulations: 10_000, seed: 1, threads: 1))
    let repair = try XCTUnwrap(r.repair)
    XCTAssertGreaterThan(repair.distance, 0.1)
    XCTAssertTrue(r.defaultedCorrelations.isEmpty)
  }

  /// A league factor above the largest that keeps the teams' matrix PSD is refused, naming the
  /// bound: (1 + rho) / 2 for games of equal rho, sqrt((1 + r1)(1 + r2)) / 2 for two games.
  func testLeagueFactorAboveThePSDBoundIsRefused() throws {
    var low = game
    low.correlation = -0.2
    let legs = [ParlayLeg(game: 0, market: .total(.over, line: 225.5), label: "over")]
    var parlay = Parlay(games: [low, low, low], legs: legs, leagueFactor: 0.4)
    XCTAssertEqual(parlay.maxLeagueFactor, 0.4, accuracy: 1e-9)
    XCTAssertNoThrow(try parlay.validate())
    parlay.leagueFactor = 0.41
    XCTAssertThrowsError(try parlay.validate()) {
      guard case .invalid(let field, let value, let reason) = $0 as! InputError else { return }
      XCTAssertEqual(field, "league_factor")
      XCTAssertEqual(value, "0.41")
      XCTAssertTrue(reason.contains("at most 0.4 "), reason)
    }
    var other = game
    other.correlation = 0.6
    let two = Parlay(games: [low, other], legs: legs, leagueFactor: 0.1)
    XCTAssertEqual(two.maxLeagueFactor, (0.8 * 1.6).squareRoot() / 2, accuracy: 1e-9)
  }

  /// No more than 256 quantities together, refused naming `games`.
  func testDimensionIsCapped() {
    let legs = [ParlayLeg(game: 0, market: .total(.over, line: 225.5), label: "over")]
    XCTAssertNoThrow(try Parlay(games: Array(repeating: game, count: 128), legs: legs).validate())
    XCTAssertThrowsError(try Parlay(games: Array(repeating: game, count: 129), legs: legs).validate()) {
      XCTAssertEqual(($0 as? InputError)?.field, "games")
    }
  }

  /// Skewed scores go on the multivariate path (SkewedModelTests), except where a player's
  /// correlation with a strongly skewed team is out of the normal parts' reach: refused, named.
  func testSkewOutOfReachWithPlayerLegsIsRefused() {
    var skewed = game
    skewed.skewness = 0.9
    skewed.correlation = 0
    let parlay = Parlay(
      games: [skewed],
      players: [PlayerProjection(name: "A", stat: .points, team: .home, mean: 25, sd: 6, teamCorrelation: 0.9)],
      legs: [ParlayLeg(market: .player(name: "A", stat: .points, .over, line: 24.5), label: "A:points:over:24.5")])
    XCTAssertThrowsError(try parlay.validate()) { XCTAssertEqual(($0 as? InputError)?.field, "skewness") }
    skewed.skewness = 0.2
    var fine = parlay
    fine.games = [skewed]
    fine.players[0].teamCorrelation = 0.5
    XCTAssertNoThrow(try fine.validate())
  }
}
