/// Collects findings with byte offsets; line and column are worked out once at the end.
struct DiagnosticSink {
    struct Entry {
        var severity: Diagnostic.Severity
        var message: String
        var path: String
        var offset: Int
    }

    private(set) var entries: [Entry] = []
    private(set) var errorCount = 0
    /// The "did you mean" suggestions looked for so far (``didYouMean(_:among:)``).
    var suggestionsMade = 0
    /// The most suggestions looked for in one sink.
    static let maximumSuggestions = 256

    mutating func report(_ severity: Diagnostic.Severity, _ message: String, path: String, offset: Int) {
        entries.append(Entry(severity: severity, message: message, path: path, offset: offset))
        if severity == .error { errorCount += 1 }
    }
}

extension DiagnosticSink {
    /// `; did you mean "NAME"?` when a known name is near `word`, else nothing. At most
    /// ``maximumSuggestions`` suggestions are looked for in one sink (one feed), so a feed of many
    /// unknown names costs little more than one of few.
    mutating func didYouMean(_ word: String, among candidates: [String]) -> String {
        guard suggestionsMade < Self.maximumSuggestions else { return "" }
        suggestionsMade += 1
        return Spelling.suggestion(for: word, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }
}
