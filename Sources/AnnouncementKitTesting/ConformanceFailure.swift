/// One promise of a protocol that an implementation did not keep, found by a conformance check.
///
/// The checks return failures instead of asserting, so they work with Swift Testing, XCTest or a
/// script alike:
///
/// ```swift
/// let failures = AnnouncementStateStoreConformance.check { MyStore(path: path) }
/// #expect(failures.isEmpty, "\(failures)")
/// ```
public struct ConformanceFailure: Sendable, Hashable, CustomStringConvertible {
    /// The name of the promise checked, for example `update is durable`.
    public var check: String
    /// What was expected and what was found.
    public var message: String

    /// Creates a failure.
    public init(check: String, message: String) {
        self.check = check
        self.message = message
    }

    /// `check: message`.
    public var description: String { "\(check): \(message)" }
}
