/// Turns byte offsets into 1-based line and column numbers.
///
/// Columns count Unicode scalars, as editors show them, so a column is right even after
/// non-ASCII text on the same line. The locator keeps no table: ``locations(of:)`` works out every
/// offset it is given in one pass over the bytes, so it costs no memory proportional to the feed.
/// It borrows the bytes, so it must not outlive the buffer it was made with.
struct SourceLocator {
    private let bytes: UnsafeBufferPointer<UInt8>

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The line and column of `offset`; an offset past the end points just after the last byte.
    func location(of offset: Int) -> (line: Int, column: Int) {
        locations(of: [offset])[0]
    }

    /// The line and column of each offset, in the order given; an offset past the end points just
    /// after the last byte.
    func locations(of offsets: [Int]) -> [(line: Int, column: Int)] {
        var result = [(line: Int, column: Int)](repeating: (1, 1), count: offsets.count)
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var line = 1
        var column = 1
        var index = 0
        // A byte order mark is invisible in editors: it takes no column.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        for position in order {
            let offset = min(max(offsets[position], 0), bytes.count)
            while index < offset {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            result[position] = (line, column)
        }
        return result
    }
}
