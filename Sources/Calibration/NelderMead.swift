/// Minimises a function of a few variables without derivatives (Nelder & Mead 1965, the
/// standard reflection 1, expansion 2, contraction 1/2, shrink 1/2), until the simplex's values
/// agree to `tolerance` or `maxEvaluations` run out. Used for the few likelihoods here that have
/// no closed maximum (overtime periods, skewness); their standard errors come afterwards from
/// `ObservedInformation`.
enum NelderMead {
  static func minimise(
    _ f: ([Double]) -> Double, from start: [Double], steps: [Double], tolerance: Double = 1e-10,
    maxEvaluations: Int = 2000
  ) -> [Double] {
    let n = start.count
    var simplex = [start]
    for i in 0..<n {
      var p = start
      p[i] += steps[i]
      simplex.append(p)
    }
    var values = simplex.map(f)
    var evaluations = n + 1
    while evaluations < maxEvaluations {
      let order = values.indices.sorted { values[$0] < values[$1] }
      simplex = order.map { simplex[$0] }
      values = order.map { values[$0] }
      if abs(values[n] - values[0]) <= tolerance * (abs(values[0]) + tolerance) { break }
      var centroid = [Double](repeating: 0, count: n)
      for p in simplex.dropLast() { for i in 0..<n { centroid[i] += p[i] / Double(n) } }
      func along(_ t: Double) -> [Double] { (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) } }
      let reflected = along(-1)
      let fr = f(reflected)
      evaluations += 1
      if fr < values[0] {
        let expanded = along(-2)
        let fe = f(expanded)
        evaluations += 1
        if fe < fr { simplex[n] = expanded; values[n] = fe } else { simplex[n] = reflected; values[n] = fr }
      } else if fr < values[n - 1] {
        simplex[n] = reflected
        values[n] = fr
      } else {
        let contracted = fr < values[n] ? along(-0.5) : along(0.5)
        let fc = f(contracted)
        evaluations += 1
        if fc < min(fr, values[n]) {
          simplex[n] = contracted
          values[n] = fc
        } else {
          for k in 1...n {
            simplex[k] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[k][$0] - simplex[0][$0]) }
            values[k] = f(simplex[k])
          }
          evaluations += n
        }
      }
    }
    let best = values.indices.min { values[$0] < values[$1] }!
    return simplex[best]
  }
}
