/// Why a signing key could not be read, made or used: what is wrong and what to do.
public struct FeedSigningKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to do, for the CLI and logs. It never holds key material.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
