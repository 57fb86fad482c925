/// One replacement in a file's bytes; edits made against the same text are applied together.
package struct SwiftTextEdit: Hashable, Sendable {
    /// The bytes replaced (empty for an insertion).
    package var range: Range<Int>
    /// What replaces them.
    package var replacement: String

    /// Replaces `range` with `replacement`.
    package init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// `bytes` with every edit made; insertions at one offset keep their order. Edits that
    /// overlap, or reach outside the bytes, are refused.
    package static func apply(_ edits: [SwiftTextEdit], to bytes: [UInt8]) throws(SwiftEditError) -> [UInt8] {
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var position = 0
        for edit in ordered {
            guard edit.range.upperBound <= bytes.count else { throw .outOfBounds(edit.range, count: bytes.count) }
            guard edit.range.lowerBound >= position else { throw .overlappingEdits(edit.range) }
            result.append(contentsOf: bytes[position..<edit.range.lowerBound])
            result.append(contentsOf: edit.replacement.utf8)
            position = edit.range.upperBound
        }
        result.append(contentsOf: bytes[position...])
        return result
    }
}
