import Foundation
import OddsMath
import Simulation
import UseCases

/// The betting agent's `POST /api/monte-carlo/simulate` request body (docs/contracts.md, "Betting agent"),
/// with its defaults (`include_scenarios` and `include_sensitivity` true, as the agent had them).
package struct SimulateRequest: Decodable, Sendable {
  package var homeProjection: Double
  package var awayProjection: Double
  package var homeStdDev: Double
  package var awayStdDev: Double
  package var totalLine: Double
  /// The prices as written: numbers are decimal odds (as the agent sends them), strings any
  /// format the one price rule reads ("-110", "+150", "10/11").
  package var overOdds: WrittenPrice
  package var underOdds: WrittenPrice
  package var nSims: Int
  package var includeScenarios: Bool
  package var includeSensitivity: Bool
  /// mcsim's addition: the exact distribution's block (`analytic`), computed only when asked
  /// because it costs more than a 10^4 simulation. False by default.
  package var includeExact: Bool
  /// mcsim's additions: the game's state, to price it in play, and the periods to price beside
  /// it (`InPlayFields`).
  package var state: GameState?
  package var periods: [PeriodQuote] = []
  /// The fields the request set itself (the others took their defaults).
  package private(set) var givenFields: Set<String> = []

  /// The fields a request may carry (for reporting unknown ones).
  package static let fieldNames = fieldTypes.names

  /// The fields' JSON types, and the three the agent requires.
  package static let fieldTypes = FieldTypes(
    fields: CodingKeys.allCases.map { key in
      switch key {
      case .nSims: (key.rawValue, .integer)
      case .includeScenarios, .includeSensitivity, .includeExact: (key.rawValue, .boolean)
      case .overOdds, .underOdds: (key.rawValue, .price)
      case .state: (key.rawValue, .object(InPlayFields.stateTypes))
      case .periodLines: (key.rawValue, .object(InPlayFields.periodLineTypes))
      default: (key.rawValue, .number)
      }
    },
    required: [CodingKeys.homeProjection.rawValue, CodingKeys.awayProjection.rawValue, CodingKeys.totalLine.rawValue],
    keywords: [
      "home_projection": FieldTypes.bounds(0, GameModel.maxProjection),
      "away_projection": FieldTypes.bounds(0, GameModel.maxProjection),
      "home_std_dev": FieldTypes.bounds(GameModel.minSD, GameModel.maxSD).with(["default": 10]),
      "away_std_dev": FieldTypes.bounds(GameModel.minSD, GameModel.maxSD).with(["default": 10]),
      "total_line": ["exclusiveMinimum": 0, "exclusiveMaximum": 1000],
      "over_odds": [
        "exclusiveMinimum": 1, "maximum": .number(Odds.maxDecimal), "default": 1.91,
        "description": "decimal odds as a number; as a string, any price (\"-110\", \"+150\", \"1.91\", \"10/11\")",
      ],
      "under_odds": [
        "exclusiveMinimum": 1, "maximum": .number(Odds.maxDecimal), "default": 1.91,
        "description": "decimal odds as a number; as a string, any price (\"-110\", \"+150\", \"1.91\", \"10/11\")",
      ],
      "n_sims": [
        "minimum": 1, "default": .integer(SimulationOptions.defaultSimulations),
        "description": "with scenarios and sensitivity, the request simulates 13.5 times n_sims games",
      ],
      "include_scenarios": ["default": true], "include_sensitivity": ["default": true],
      "include_exact": [
        "default": false,
        "description": "mcsim's addition: grade on the exact distribution and show its block (`analytic`)",
      ],
      "state": ["description": "mcsim's addition: the game under way (period, clock, score); its markets are priced in play"],
      "period_lines": [
        "description": "mcsim's addition: periods (q1-q4, h1, h2) to price beside the game, each with an optional total and home spread"
      ],
    ])

  enum CodingKeys: String, CodingKey, CaseIterable {
    case homeProjection = "home_projection", awayProjection = "away_projection"
    case homeStdDev = "home_std_dev", awayStdDev = "away_std_dev", totalLine = "total_line"
    case overOdds = "over_odds", underOdds = "under_odds", nSims = "n_sims"
    case includeScenarios = "include_scenarios", includeSensitivity = "include_sensitivity"
    case includeExact = "include_exact"
    case state, periodLines = "period_lines"
  }

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    givenFields = Set(c.allKeys.map(\.rawValue))
    homeProjection = try c.decode(Double.self, forKey: .homeProjection)
    awayProjection = try c.decode(Double.self, forKey: .awayProjection)
    let homeGiven = try c.decodeIfPresent(Double.self, forKey: .homeStdDev)
    let awayGiven = try c.decodeIfPresent(Double.self, forKey: .awayStdDev)
    homeStdDev = homeGiven ?? 10
    awayStdDev = awayGiven ?? 10
    sdsGiven = (homeGiven != nil, awayGiven != nil)
    totalLine = try c.decode(Double.self, forKey: .totalLine)
    overOdds = try c.decodeIfPresent(WrittenPrice.self, forKey: .overOdds) ?? .number(Defaults.price.decimal)
    underOdds = try c.decodeIfPresent(WrittenPrice.self, forKey: .underOdds) ?? .number(Defaults.price.decimal)
    // Read by the one price rule, which notes a bare 100 or more (it looks American); a price it
    // refuses is named with the market's other problems (`checkedMarket`).
    for (key, price) in [(CodingKeys.overOdds, overOdds), (.underOdds, underOdds)] where c.contains(key) {
      if let reading = try? price.read() { PriceNotices.note(reading, at: key.rawValue) }
    }
    nSims = try c.decodeIfPresent(Int.self, forKey: .nSims) ?? SimulationOptions.defaultSimulations
    includeScenarios = try c.decodeIfPresent(Bool.self, forKey: .includeScenarios) ?? true
    includeSensitivity = try c.decodeIfPresent(Bool.self, forKey: .includeSensitivity) ?? true
    includeExact = try c.decodeIfPresent(Bool.self, forKey: .includeExact) ?? false
    state = try InPlayFields.state(in: c, at: .state)
    periods = try InPlayFields.periods(in: c, at: .periodLines)
  }

  /// Decodes a request, turning decoding failures into an error that names the field.
  package static func decode(_ data: Data) throws(InputDecodingError) -> SimulateRequest {
    try InputDecodingError.decode(SimulateRequest.self, from: data)
  }

  /// The market, or every bad field of it at once: each price on its own, then the line
  /// (checked alone when a price is bad).
  package func checkedMarket() -> (market: TotalsMarket?, problems: [InputError]) {
    let (over, under, problems) = prices()
    guard let over, let under else {
      do { try TotalsMarket(line: totalLine).validate() } catch { return (nil, problems + [error]) }
      return (nil, problems)
    }
    let market = TotalsMarket(line: totalLine, overOdds: over, underOdds: under)
    do { try market.validate() } catch { return (nil, [error]) }
    return (market, [])
  }

  /// The market, validated: its prices read by the one rule (`PriceReading`: a number is decimal
  /// odds, and -110 as a number is refused with the hint to write it as a string); the first
  /// problem of `checkedMarket`.
  package func market() throws(InputError) -> TotalsMarket {
    let (market, problems) = checkedMarket()
    guard let market else { throw problems[0] }
    return market
  }

  /// Each price read once, by the one rule; a price it refuses is nil, with its problem.
  private func prices() -> (over: Odds?, under: Odds?, problems: [InputError]) {
    var problems: [InputError] = []
    func read(_ field: String, _ price: WrittenPrice) -> Odds? {
      do { return try price.read().odds } catch {
        problems.append(.invalid(field: field, value: "\(price)", reason: "\(error)"))
        return nil
      }
    }
    let over = read("over_odds", overOdds), under = read("under_odds", underOdds)
    return (over, under, problems)
  }

  /// The request's game on `base` (the run's model, the request's own settings laid in it:
  /// `settings(from:)`), its line at `overOdds` and `underOdds` where given (an option's) over its
  /// own prices, with the agent's optional blocks it asks for and mcsim's additions it gives
  /// (the game's state, its `period_lines`).
  package func pricing(base: GameModel, overOdds: Odds?, underOdds: Odds?, options: SimulationOptions) throws(InputError)
    -> GamePricingRequest
  {
    let own = try market()
    var job = GamePricingRequest(
      game: base, home: homeProjection, away: awayProjection, line: own.line, overOdds: overOdds ?? own.overOdds,
      underOdds: underOdds ?? own.underOdds, options: options)
    job.scenarios = includeScenarios
    job.sensitivity = includeSensitivity
    (job.state, job.periods, job.periodField) = (state, periods, "period_lines")
    return job
  }

  /// The request's `include_exact` when it gives one (the server's reading: grade on the exact
  /// probabilities and report them).
  package var exactAsked: Bool? { givenFields.contains("include_exact") ? includeExact : nil }

  /// The request's own settings, as a layer of the run's context (`RunContext`): the sds and
  /// `n_sims` it gave (those it leaves out take what is below them).
  package func settings(from source: String) -> SettingsLayer {
    var model: [ModelSetting] = []
    if sdsGiven.home { model.append(.homeSD(homeStdDev)) }
    if sdsGiven.away { model.append(.awaySD(awayStdDev)) }
    return SettingsLayer(.input(source), model: model, simulations: givenFields.contains("n_sims") ? nSims : nil)
  }

  /// Which sds the request gave (an absent one is the agent's 10, or the server's model's).
  var sdsGiven = (home: true, away: true)

  /// The game model with the request's means and sds over `base` (its other parameters, and the
  /// sds the request leaves out: the agent's 10 under the built-in defaults, a model file's under
  /// `serve --model`).
  package func model(base: GameModel) -> GameModel {
    var m = base
    m.homeMean = homeProjection
    m.awayMean = awayProjection
    if sdsGiven.home { m.homeSD = homeStdDev }
    if sdsGiven.away { m.awaySD = awayStdDev }
    return m
  }
}
