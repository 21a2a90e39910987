import Simulation

/// mcsim's `conditional_scenarios` in `run --scenarios` (an addition beside the agent's
/// `scenarios`): `{"line", "given": {name: {"description", "probability", "p_over",
/// "ci_95_over", "mean_total", "std_total", "exact_probability", "exact_p_over",
/// "exact_mean_total"}}}`; null where a value does not exist (no game met the condition, or no
/// exact model: a skew-normal model, or regulation/overtime of a model without overtime).
extension ConditionalScenarios: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(line, forKey: NamedKey("line"))
    try c.encode(Given(entries: entries), forKey: NamedKey("given"))
  }

  struct Given: Encodable {
    let entries: [ConditionalScenarios.Entry]
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: NamedKey.self)
      for e in entries { try c.encode(e, forKey: NamedKey(e.condition.name)) }
    }
  }
}

extension ConditionalScenarios.Entry: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(condition.description, forKey: NamedKey("description"))
    try c.encode(probability, forKey: NamedKey("probability"))
    try c.encode(pOver?.value, forKey: NamedKey("p_over"))
    try c.encode(pOver.map { [$0.lower, $0.upper] }, forKey: NamedKey("ci_95_over"))
    try c.encode(meanTotal, forKey: NamedKey("mean_total"))
    try c.encode(stdTotal, forKey: NamedKey("std_total"))
    try c.encode(exactProbability, forKey: NamedKey("exact_probability"))
    try c.encode(exactPOver, forKey: NamedKey("exact_p_over"))
    try c.encode(exactMeanTotal, forKey: NamedKey("exact_mean_total"))
  }
}
