import ArgumentParser

/// How results are written.
struct OutputOptions: ParsableArguments {
  @Flag(help: "Print one JSON document instead of the report.")
  var json = false
}
