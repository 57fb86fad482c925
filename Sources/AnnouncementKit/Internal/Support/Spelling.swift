/// "Did you mean" for the names a feed misspells: the known name within two edits of the one
/// written (letters compared without case, so `Warning` finds `warning`), the nearest first.
///
/// An edit is an insertion, a deletion, a substitution or a swap of two neighbours (optimal string
/// alignment). Words of three letters or fewer may be one edit away, longer ones two. A word of more
/// than 48 bytes suggests nothing, and a name whose length differs by more than the allowance is
/// not compared, so each suggestion costs at most a few thousand steps.
enum Spelling {
    /// The longest word a suggestion is looked for.
    static let maximumWordBytes = 48

    /// The known name nearest to `word` within its allowance of edits, or nil (also when `word`
    /// is one of `candidates` exactly).
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let source = Array(word.utf8).map(lowercased)
        guard !source.isEmpty, source.count <= maximumWordBytes else { return nil }
        let allowance = source.count <= 3 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let target = Array(candidate.utf8).map(lowercased)
            guard abs(target.count - source.count) <= allowance else { continue }
            let found = distance(source, target)
            guard found <= allowance, best.map({ found < $0.distance }) ?? true else { continue }
            best = (candidate, found)
        }
        return best?.name
    }

    /// ASCII letters in lower case; other bytes as they are.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previous2 = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
