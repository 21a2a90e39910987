import UseCases

/// The one line a table prints of what a run stood on (`Provenance`): the config file, the
/// model file, what each layer set over another's, and what an option or input set over the
/// built-in defaults. Nil when the run used the built-in defaults only, so a plain run's table
/// is as it was.
///
///   Settings config mcsim.json · model file m.json · slate.json over model file m.json: rho 0.2 (was 0.3026) · --home-sd: home_sd 14
package enum ProvenanceText {
  package static func line(_ p: Provenance) -> String? {
    guard !p.isDefaults else { return nil }
    var parts: [String] = []
    if let c = p.configFile { parts.append("config \(c)") }
    if let m = p.model { parts.append("model \(m)") } else if let m = p.modelFile { parts.append("model file \(m)") }
    var groups: [(key: String, items: [String])] = []
    func add(_ key: String, _ item: String) {
      if let i = groups.firstIndex(where: { $0.key == key }) { groups[i].items.append(item) } else { groups.append((key, [item])) }
    }
    for o in p.overrides { add("\(o.by) over \(o.from)", "\(o.setting) \(o.value) (was \(o.over))") }
    let overridden = Set(p.overrides.map(\.setting))
    // The simulations an option or input gave are in every table's header already.
    for s in p.settings where !overridden.contains(s.setting) && s.setting != "sims" {
      switch s.source {
      case .option, .input: add("\(s.source)", "\(s.setting) \(s.value)")
      case .config, .modelFile: break  // named above
      }
    }
    parts += groups.map { "\($0.key): \($0.items.joined(separator: ", "))" }
    guard !parts.isEmpty else { return nil }
    return (["Settings " + parts.joined(separator: " · ")] + p.notes.map { "Note: \($0)" }).joined(separator: "\n")
  }
}
