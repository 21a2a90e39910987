import Foundation
import OddsMath
import Simulation
import UseCases

/// `mcsim.json`: the settings a bettor keeps between runs. Read from `--config FILE`, else from
/// `mcsim.json` in the working directory when there is one. Every key is optional; an option on
/// the command line wins over the file, which wins over the built-in default.
///
/// | key | type | meaning (default) |
/// | --- | --- | --- |
/// | `bankroll` | number > 0 | money stakes are paid from (1: stakes read as fractions) |
/// | `kelly_fraction`, `kelly_cap` | numbers in (0, 1] | fraction of full Kelly (0.25), most on one bet (0.05) |
/// | `max_exposure` | number in (0, 1] | most a slate stakes in all, fraction of bankroll (0.20) |
/// | `min_ev`, `min_edge` | numbers | recommend only above these (0, 0) |
/// | `max_market_gap` | number in (0, 1] | model vs devigged market gap that flags model_market_disagree (0.10) |
/// | `max_ev_interval` | number > 0 | widest 95% EV half-width a simulation may advise on (0.02) |
/// | `blend` | number in [0, 1] | weight of the model against the market (1) |
/// | `trust_model` | boolean | stake bets flagged model_market_disagree (false) |
/// | `exact` | boolean | grade on the model's exact probabilities where it has them (true) |
/// | `sharp_books` | array of strings | the sharp books of the fair-odds machinery (pinnacle, circa, betcris) |
/// | `fees` | object, book to rate in [0, 1) | commission on winnings per book |
/// | `sims` | integer | simulations per game (10000) |
/// | `model` | object | model defaults: `home_sd`, `away_sd`, `rho`, `ot_model`, `ot_rate`, `ot_points`, `ot_sd`, `score_floor`, `skew` |
///
/// An unknown key, a value of the wrong type or out of range is refused, naming the key.
package struct ConfigFile: Sendable {
  /// The advice policy's keys (`bankroll`, `kelly_fraction`, ... `trust_model`).
  package var advice = AdviceSettings()
  package var exact: Bool?
  package var sharpBooks: [String]?
  package var fees: [String: Double]?
  package var sims: Int?
  package var model: ModelSettings?
  /// Where it was read from.
  package var source: String

  /// The name looked for in the working directory.
  package static let defaultName = "mcsim.json"

  package static let keys: [String] = [
    "bankroll", "kelly_fraction", "kelly_cap", "max_exposure", "min_ev", "min_edge", "max_market_gap",
    "max_ev_interval", "blend", "trust_model", "exact", "sharp_books", "fees", "sims", "model",
  ]

  package init(source: String) { self.source = source }

  /// Its `model` and `sims`, as the lowest layer of a run's settings (`RunContext`).
  package var layer: SettingsLayer { SettingsLayer(.config(source), model: model?.settings ?? [], simulations: sims) }

  /// Decodes and checks a config file; the error names the key at fault.
  package static func decode(_ data: Data, source: String) throws(InputDecodingError) -> ConfigFile {
    let raw = try InputDecodingError.decode(Raw.self, from: data)
    var config = raw.config
    config.source = source
    // Ranges, through the same rules as the command-line values.
    func refused(_ error: InputError, at path: [String]) -> InputDecodingError {
      InputDecodingError("field '\(error.field)' = \(error.value): \(error.reason)", codingPath: path)
    }
    var policy = Defaults.advice
    do { try config.advice.apply(to: &policy) } catch { throw refused(error, at: [error.field]) }
    for (book, rate) in (config.fees ?? [:]).sorted(by: { $0.key < $1.key }) {
      do { try FairQuoting.checkFee(rate, field: "fees.\(book)") } catch { throw refused(error, at: ["fees", book]) }
    }
    if let sims = config.sims {
      do { try SimulationOptions(simulations: sims, seed: 0, threads: 1).validate(simulationsField: "sims") } catch {
        throw refused(error, at: ["sims"])
      }
    }
    // The model's values by the model's own rules, on the seed's model as the server's batch
    // checks its `model` block: refused here naming the key (they were refused later, as an
    // option never given, or as every game's error).
    if let problem = config.model?.problems(on: GameModel(homeMean: 100, awayMean: 100)).first {
      throw refused(problem, at: problem.field.split(separator: ".").map(String.init))
    }
    if let books = config.sharpBooks {
      do { config.sharpBooks = try FairQuoting.sharpBooks(books, field: "sharp_books") } catch {
        throw refused(error, at: ["sharp_books"])
      }
    }
    return config
  }

  private struct Raw: Decodable {
    var config = ConfigFile(source: "")

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      for key in c.allKeys where !ConfigFile.keys.contains(key.stringValue) {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: [key],
            debugDescription: "unknown key (known: \(ConfigFile.keys.joined(separator: ", ")))"))
      }
      func number(_ name: String) throws -> Double? {
        try c.decodeIfPresent(Double.self, forKey: AnyKey(name))
      }
      config.advice.bankroll = try number("bankroll")
      config.advice.kellyFraction = try number("kelly_fraction")
      config.advice.kellyCap = try number("kelly_cap")
      config.advice.maxExposure = try number("max_exposure")
      config.advice.minEV = try number("min_ev")
      config.advice.minEdge = try number("min_edge")
      config.advice.maxMarketGap = try number("max_market_gap")
      config.advice.maxEVInterval = try number("max_ev_interval")
      config.advice.blend = try number("blend")
      config.advice.trustModel = try c.decodeIfPresent(Bool.self, forKey: AnyKey("trust_model"))
      config.exact = try c.decodeIfPresent(Bool.self, forKey: AnyKey("exact"))
      config.sharpBooks = try c.decodeIfPresent([String].self, forKey: AnyKey("sharp_books"))
      config.fees = try c.decodeIfPresent([String: Double].self, forKey: AnyKey("fees"))
      config.sims = try c.decodeIfPresent(Int.self, forKey: AnyKey("sims"))
      if c.contains(AnyKey("model")) {
        let nested = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("model"))
        for key in nested.allKeys where !ModelSettings.fieldNames.contains(key.stringValue) {
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: [AnyKey("model"), key],
              debugDescription: "unknown key (known: \(ModelSettings.fieldNames.sorted().joined(separator: ", ")))"))
        }
        config.model = try c.decode(ModelSettings.self, forKey: AnyKey("model"))
      }
    }
  }
}
