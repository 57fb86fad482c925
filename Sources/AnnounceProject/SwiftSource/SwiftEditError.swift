/// Why an edit of a Swift file could not be made; nothing is changed then.
package enum SwiftEditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file was not read (too large): the reason.
    case notRead(String)
    /// No scene in the file has this root view (the summary is of another text).
    case noRootView(Range<Int>)
    /// No type of this qualified name with a body is declared in the file.
    case noTypeBody(String)
    /// Two edits replace the same bytes.
    case overlappingEdits(Range<Int>)
    /// An edit reaches past the end of the file.
    case outOfBounds(Range<Int>, count: Int)

    /// What happened, for a person.
    package var description: String {
        switch self {
        case .notRead(let reason): "the file could not be edited: \(reason)"
        case .noRootView(let range):
            "no scene of the file has a root view at bytes \(range.lowerBound)..<\(range.upperBound); read the file again"
        case .noTypeBody(let name): "the file declares no type \(name) with a body"
        case .overlappingEdits(let range): "two edits overlap at bytes \(range.lowerBound)..<\(range.upperBound)"
        case .outOfBounds(let range, let count):
            "an edit at bytes \(range.lowerBound)..<\(range.upperBound) reaches past the file's \(count) bytes"
        }
    }
}
