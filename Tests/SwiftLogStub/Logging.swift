// A declaration stub of the part of swift-log's `Logging` module that docs/logging.md's adapter uses,
// with swift-log's signatures, so that scripts/typecheck-swiftui can type-check the adapter without
// the package (which this package does not depend on). Never shipped, never linked: bodies trap.

public struct Logger: Sendable {
    public let label: String

    public init(label: String) { fatalError() }

    public subscript(metadataKey metadataKey: String) -> Logger.Metadata.Value? {
        get { fatalError() }
        set { fatalError() }
    }

    public func log(
        level: Logger.Level, _ message: @autoclosure () -> Logger.Message,
        metadata: @autoclosure () -> Logger.Metadata? = nil, source: @autoclosure () -> String? = nil,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) { fatalError() }

    public enum Level: String, Codable, CaseIterable, Sendable {
        case trace, debug, info, notice, warning, error, critical
    }

    public typealias Metadata = [String: MetadataValue]

    public enum MetadataValue: Sendable {
        case string(String)
        case stringConvertible(any CustomStringConvertible & Sendable)
        case dictionary(Metadata)
        case array([Metadata.Value])
    }

    public struct Message: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
        public init(stringLiteral value: String) { fatalError() }
    }
}
