import Simulation
import UseCases

/// The agent's `scenarios` block: `{name: {p_over, p_under, mean_total, std_total}, ..., "_summary": {...}}`,
/// plus mcsim's `definition` in each entry (how the variant moved this game's parameters).
extension TotalsScenarios: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    for entry in entries { try c.encode(EntryWire(entry: entry, base: base), forKey: NamedKey(entry.variant.name)) }
    try c.encode(summary, forKey: NamedKey("_summary"))
  }

  struct EntryWire: Encodable {
    let entry: TotalsScenarios.Entry
    let base: GameModel

    enum CodingKeys: String, CodingKey {
      case pOver = "p_over", pUnder = "p_under", meanTotal = "mean_total", stdTotal = "std_total", definition
    }

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(entry.pOver, forKey: .pOver)
      try c.encode(entry.pUnder, forKey: .pUnder)
      try c.encode(entry.meanTotal, forKey: .meanTotal)
      try c.encode(entry.stdTotal, forKey: .stdTotal)
      try c.encode(entry.definition(from: base), forKey: .definition)
    }
  }
}

extension TotalsScenarios.Summary: Encodable {
  enum WireKeys: String, CodingKey {
    case pUnderMin = "p_under_min", pUnderMax = "p_under_max", pUnderSpread = "p_under_spread"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(pUnderMin, forKey: .pUnderMin)
    try c.encode(pUnderMax, forKey: .pUnderMax)
    try c.encode(pUnderSpread, forKey: .pUnderSpread)
  }
}

/// The agent's `sensitivity` block: each parameter under the agent's name (`t1_projection`,
/// `t2_projection`, `t1_std_dev`, `t2_std_dev`; t1 is home) and mcsim's (`home_projection`, ...),
/// the agent's `_summary` (`most_sensitive` "projections" or "variance", the two total impacts)
/// and mcsim's `ranking`.
extension TotalsSensitivity: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    for parameter in parameters {
      // Worded once, written under both names.
      let wire = ParameterWire(parameter: parameter, description: parameter.description, interpretation: parameter.interpretation)
      try c.encode(wire, forKey: NamedKey(parameter.input.name))
      try c.encode(wire, forKey: NamedKey(parameter.input.agentName))
    }
    try c.encode(ranking, forKey: NamedKey("ranking"))
    let projections = parameters.compactMap(\.sensitivityPerPoint).reduce(0) { $0 + abs($1) }
    let sds = parameters.compactMap(\.sensitivityPerStd).reduce(0) { $0 + abs($1) }
    try c.encode(
      AgentSummary(
        mostSensitive: projections > sds ? "projections" : "variance",
        projectionTotalImpact: PythonRound.rounded(projections, 4), varianceTotalImpact: PythonRound.rounded(sds, 4)),
      forKey: NamedKey("_summary"))
  }

  /// The agent's `_summary`: which kind of input moves P(under) more, by the sums of the
  /// sensitivities' sizes.
  struct AgentSummary: Encodable {
    let mostSensitive: String
    let projectionTotalImpact: Double
    let varianceTotalImpact: Double
    enum CodingKeys: String, CodingKey {
      case mostSensitive = "most_sensitive", projectionTotalImpact = "projection_total_impact"
      case varianceTotalImpact = "variance_total_impact"
    }
  }
}

/// One slope of the `sensitivity` block with its words.
struct ParameterWire: Encodable {
  let parameter: TotalsSensitivity.Parameter
  let description: String
  let interpretation: String

  enum WireKeys: String, CodingKey {
    case sensitivityPerPoint = "sensitivity_per_point", sensitivityPerStd = "sensitivity_per_std"
    case pUnderLow = "p_under_low", pUnderHigh = "p_under_high", description, interpretation
    case standardError = "standard_error", standardErrorIsBound = "standard_error_is_bound", significant
    case exactSensitivity = "exact_sensitivity"
  }

  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encodeIfPresent(parameter.sensitivityPerPoint, forKey: .sensitivityPerPoint)
    try c.encodeIfPresent(parameter.sensitivityPerStd, forKey: .sensitivityPerStd)
    try c.encode(parameter.pUnderLow, forKey: .pUnderLow)
    try c.encode(parameter.pUnderHigh, forKey: .pUnderHigh)
    try c.encode(description, forKey: .description)
    try c.encode(interpretation, forKey: .interpretation)
    try c.encode(parameter.standardError, forKey: .standardError)
    try c.encode(parameter.standardErrorIsBound, forKey: .standardErrorIsBound)
    try c.encode(parameter.significant, forKey: .significant)
    try c.encode(parameter.exactSensitivity, forKey: .exactSensitivity)
  }
}

extension TotalsSensitivity.Ranking: Encodable {
  enum WireKeys: String, CodingKey {
    case projectionImpact = "projection_impact", varianceImpact = "variance_impact", dominant, order
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(projectionImpact, forKey: .projectionImpact)
    try c.encode(varianceImpact, forKey: .varianceImpact)
    try c.encode(dominant.name, forKey: .dominant)
    try c.encode(order.map(\.name), forKey: .order)
  }
}
