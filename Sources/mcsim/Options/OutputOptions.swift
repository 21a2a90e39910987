import ArgumentParser
import ServiceContracts

/// How results are written.
struct OutputOptions: ParsableArguments {
  @Flag(help: "Print one JSON document instead of the report.")
  var json = false

  @Flag(help: "Indent the JSON (compact by default, the same in every command).")
  var pretty = false

  /// The JSON layout every command prints with.
  var style: ContractJSON.Style { pretty ? .pretty : .compact }
}
