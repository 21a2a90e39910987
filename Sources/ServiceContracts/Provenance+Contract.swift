import UseCases

/// What a run stood on (`Provenance`), as mcsim's outputs carry it beside the result:
///
///   {"config": "mcsim.json" | null, "model_file": "model.json" | null,
///    "model": "shipped model (stats fit, nba_games_lines.csv 2007-08:2024-25, 20517 games)" | null,
///    "notes": ["... advice pools the model with the devigged market at the default weight 0.5 ..."],
///    "settings": [{"setting": "home_sd", "value": "14", "source": "--home-sd"}],
///    "overrides": [{"setting": "home_sd", "value": "14", "by": "--home-sd",
///                   "over": "11.8", "from": "model file model.json"}]}
///
/// `settings` lists each value not left to the built-in defaults with who set it; `overrides`
/// each value one layer set over another's (the precedence at work).
extension Provenance: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("config", configFile)
    try fields.field("model", model)
    try fields.field("model_file", modelFile)
    try fields.field("notes", notes)
    try fields.field("overrides", overrides)
    try fields.field("settings", settings)
  }
}

extension Provenance.Setting: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("setting", setting)
    try fields.field("source", source.description)
    try fields.field("value", value)
  }
}

extension Provenance.Override: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("by", by.description)
    try fields.field("from", from.description)
    try fields.field("over", over)
    try fields.field("setting", setting)
    try fields.field("value", value)
  }
}
