import FantasyTrade
import Simulation

/// An input refused by the rule that owns it: the field at fault, the value given, and why.
/// The edges say it in their own voice (the command line names the option or the file, the
/// server answers 422 naming the field) without knowing which module refused it.
package protocol FieldProblem: Error {
  var field: String { get }
  var value: String { get }
  var reason: String { get }
}

extension InputError: FieldProblem {
  package var value: String {
    switch self {
    case .invalid(_, let value, _): value
    }
  }
  package var reason: String {
    switch self {
    case .invalid(_, _, let reason): reason
    }
  }
}

extension TradeInputError: FieldProblem {}
