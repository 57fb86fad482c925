/// What running an `announce` command produced: its standard output, its standard error and
/// its exit status. Commands run in-process return one, which makes them easy to test.
public struct CommandResult: Sendable, Equatable {
    /// Exit statuses of the `announce` tool.
    public enum Status: Int32, Sendable {
        /// Everything is fine (warnings allowed).
        case success = 0
        /// The feed has errors (validate) or cannot be used (simulate, preview, fetch).
        case failure = 1
        /// The command was called wrongly, or a file could not be read.
        case usage = 2
    }

    /// What the command printed for its user or for scripts.
    public var standardOutput: String
    /// Messages about problems, and progress.
    public var standardError: String
    /// The exit status.
    public var status: Status

    /// Creates a result.
    public init(standardOutput: String = "", standardError: String = "", status: Status = .success) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.status = status
    }

    /// The exit status as the process reports it.
    public var exitCode: Int32 { status.rawValue }
}
