/// Turns byte offsets into 1-based line and column numbers.
///
/// Columns count Unicode scalars, as editors show them, so a column is right even after
/// non-ASCII text on the same line. The line table is built once, on first use.
struct SourceLocator {
    private let bytes: [UInt8]
    private var lineStarts: [Int]?

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line and column of `offset`; an offset past the end points just after the last byte.
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        let starts = lineStarts ?? buildLineStarts()
        lineStarts = starts
        let offset = min(max(offset, 0), bytes.count)
        // The last line start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = starts[low]
        // A byte order mark is invisible in editors: it takes no column.
        if index == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = min(3, offset) }
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (low + 1, column)
    }

    private func buildLineStarts() -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(index + 1)
        }
        return starts
    }
}
