/// A refused multivariate input: the correlation matrix's entry at fault, or a mean or sd
/// (`field` names it as `means[2]`, `sds[0]`).
package enum MultivariateError: Error, Equatable, Sendable, CustomStringConvertible {
  case matrix(CorrelationMatrixError)
  case invalid(field: String, value: String, reason: String)

  package var field: String {
    switch self {
    case .matrix(let m): m.field
    case .invalid(let field, _, _): field
    }
  }

  package var description: String {
    switch self {
    case .matrix(let m): m.description
    case .invalid(let field, let value, let reason): "\(field) = \(value): \(reason)"
    }
  }
}
