import Testing

/// The rule engine's suites, grouped so that `swift test --filter Rules` runs all of them.
@Suite("Rules")
enum Rules {}
