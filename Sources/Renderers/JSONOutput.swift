import ServiceContracts

/// JSON as every command prints it: the contracts' one configuration (ContractJSON), compact
/// unless `--pretty`.
package enum JSONOutput {
  package static func encode<T: Encodable>(_ value: T, style: ContractJSON.Style = .compact) throws -> String {
    try ContractJSON.string(value, style: style)
  }
}
