/// The unified diff of two texts, line by line, as `diff -u` and `git diff` print it: `---`/`+++`
/// headers, hunks with three lines of context. `announce init --dry-run` prints one per file it
/// would change.
///
/// The line matching is Myers' O((N+M)·D) shortest edit script, run between the common first and
/// last lines; `init` makes small edits, so D is small. Past ``maximumEdits`` the changed middle is
/// shown as one hunk that removes the old lines and adds the new ones, which is still a correct
/// diff.
package enum UnifiedDiff {
    /// The most line edits searched for before the diff falls back to one replacing hunk.
    package static let maximumEdits = 2000

    private enum Edit: Equatable {
        case same(Int, Int)
        case removed(Int)
        case added(Int)
    }

    /// The diff turning `old` into `new` for the file at `path` (`nil` old text: a new file), or an
    /// empty string when they are equal.
    package static func diff(old: String?, new: String, path: String) -> String {
        if old == new { return "" }
        let a = old.map(lines) ?? []
        let b = lines(new)
        let header = (old == nil ? "--- /dev/null\n" : "--- a/\(path)\n") + "+++ b/\(path)\n"
        return header
            + hunks(
                edits(a, b), a, b, oldMissingNewline: old.map { !$0.isEmpty && !$0.hasSuffix("\n") } ?? false,
                newMissingNewline: !new.isEmpty && !new.hasSuffix("\n"))
    }

    /// The lines of `text`, without their line breaks.
    static func lines(_ text: String) -> [Substring] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false)
        if result.last == "" { result.removeLast() }
        return result
    }

    private static func edits(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var result = (0..<prefix).map { Edit.same($0, $0) }
        let middleA = prefix..<(a.count - suffix)
        let middleB = prefix..<(b.count - suffix)
        if let middle = myers(a, middleA, b, middleB) {
            result += middle
        } else {
            result += middleA.map(Edit.removed) + middleB.map(Edit.added)
        }
        result += (0..<suffix).map { Edit.same(a.count - suffix + $0, b.count - suffix + $0) }
        return result
    }

    /// The shortest edit script between the ranges, or `nil` past ``maximumEdits``.
    private static func myers(_ a: [Substring], _ ra: Range<Int>, _ b: [Substring], _ rb: Range<Int>) -> [Edit]? {
        let n = ra.count
        let m = rb.count
        if n == 0 || m == 0 { return ra.map(Edit.removed) + rb.map(Edit.added) }
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[ra.lowerBound + x] == b[rb.lowerBound + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m { return backtrack(trace, offset: offset, n: n, m: m, ra.lowerBound, rb.lowerBound) }
            }
        }
        return nil
    }

    private static func backtrack(_ trace: [[Int]], offset: Int, n: Int, m: Int, _ baseA: Int, _ baseB: Int) -> [Edit] {
        var x = n
        var y = m
        var reversed: [Edit] = []
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                reversed.append(.same(baseA + x, baseB + y))
            }
            if d > 0 {
                if x == previousX {
                    reversed.append(.added(baseB + previousY))
                } else {
                    reversed.append(.removed(baseA + previousX))
                }
            }
            x = previousX
            y = previousY
        }
        return reversed.reversed()
    }

    private static func hunks(
        _ edits: [Edit], _ a: [Substring], _ b: [Substring], oldMissingNewline: Bool, newMissingNewline: Bool
    ) -> String {
        let context = 3
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        // Group changes whose context overlaps.
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            if let last = groups.last, index - last.upperBound <= 2 * context {
                groups[groups.count - 1] = last.lowerBound...index
            } else {
                groups.append(index...index)
            }
        }
        var text = ""
        for group in groups {
            let start = max(0, group.lowerBound - context)
            let end = min(edits.count - 1, group.upperBound + context)
            var oldStart = 0
            var newStart = 0
            (oldStart, newStart) = position(before: start, in: edits)
            var body = ""
            var oldCount = 0
            var newCount = 0
            for edit in edits[start...end] {
                switch edit {
                case .same(let i, _):
                    body +=
                        " \(a[i])\n" + (oldMissingNewline && i == a.count - 1 ? "\\ No newline at end of file\n" : "")
                    oldCount += 1
                    newCount += 1
                case .removed(let i):
                    body +=
                        "-\(a[i])\n" + (oldMissingNewline && i == a.count - 1 ? "\\ No newline at end of file\n" : "")
                    oldCount += 1
                case .added(let j):
                    body +=
                        "+\(b[j])\n" + (newMissingNewline && j == b.count - 1 ? "\\ No newline at end of file\n" : "")
                    newCount += 1
                }
            }
            text += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
        }
        return text
    }

    /// The 0-based old and new line numbers where the edit at `index` starts.
    private static func position(before index: Int, in edits: [Edit]) -> (Int, Int) {
        var old = 0
        var new = 0
        for edit in edits[..<index] {
            switch edit {
            case .same: (old, new) = (old + 1, new + 1)
            case .removed: old += 1
            case .added: new += 1
            }
        }
        return (old, new)
    }

    /// A hunk range: `start,count` 1-based, or `start-1,0`-style `0,0` for an empty side, as `diff -u`.
    private static func range(_ start: Int, _ count: Int) -> String {
        if count == 0 { return "\(start),0" }
        return count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }
}
