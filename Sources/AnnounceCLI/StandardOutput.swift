/// A command's standard output as it is made: written piece by piece through the environment's
/// ``Announce/Environment/writeStandardOutput`` when it has one, else collected for the
/// ``CommandResult``. It counts the bytes either way, so a command can bound what it writes.
struct StandardOutput {
    private let sink: (@Sendable (String) -> Void)?
    /// What was written when there is no sink; empty otherwise.
    private(set) var collected = ""
    /// The UTF-8 bytes written so far.
    private(set) var byteCount = 0

    init(_ environment: Announce.Environment) {
        sink = environment.writeStandardOutput
    }

    /// Writes `text` now (or keeps it for the result).
    mutating func write(_ text: String) {
        byteCount += text.utf8.count
        if let sink {
            sink(text)
        } else {
            collected += text
        }
    }
}
