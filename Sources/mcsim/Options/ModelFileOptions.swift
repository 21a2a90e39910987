import ArgumentParser
import LineFeeds
import ServiceContracts
import UseCases

/// `--model`: the model a run stands on. Left out, the model mcsim ships (every projection source
/// fitted on data/nba_games_lines.csv); `seed`, the replaced service's unfitted defaults; else a
/// model file (`mcsim calibrate --out FILE`). Which fit serves which projections, and at what
/// pooling weight, is `ModelSet.resolve`; the order of precedence, `ModelChoice.context`.
struct ModelFileOptions: ParsableArguments {
  @Option(
    name: .customLong("model"),
    help:
      "The model: a file written by calibrate --out (its sds, rho, overtime and skew become the defaults; options given still win), or seed (the replaced service's unfitted defaults). Default: the model mcsim ships, fitted per projection source on data/nba_games_lines.csv."
  )
  var modelFile: String?

  /// The word that names the seed's defaults.
  static let seedName = "seed"

  /// The file given, read and checked (exit 1 naming the file and the key at fault); nil when
  /// none is (the shipped model, or the seed's defaults).
  func read() throws -> ModelFile? {
    guard let modelFile, modelFile != Self.seedName else { return nil }
    do { return try ModelFile.read(modelFile) } catch { throw CLIError.badInput("--model \(modelFile)", error) }
  }

  /// The models to choose from, over `config`'s layer of settings.
  func choice(config: ConfigFile? = nil) throws -> ModelChoice {
    var choice = ModelChoice(models: .seed, config: config?.layer, configAdvice: config?.advice, configSource: config?.source)
    if modelFile == Self.seedName { return choice }
    choice.models = ModelFile.shipped.modelSet(.shipped)
    guard let file = try read(), let modelFile else { return choice }
    (choice.models, choice.modelFile) = (file.modelSet(.file(modelFile)), modelFile)
    return choice
  }
}
