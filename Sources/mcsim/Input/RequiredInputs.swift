/// A command's check of what it cannot start without, made when it runs rather than in
/// `validate()`: ArgumentParser validates before it reports unknown options, so a misspelt
/// `--lin` would otherwise read as a missing `--line` instead of being named (exit 64 either way).
protocol RequiredInputs {
  func requireInputs() throws
}
