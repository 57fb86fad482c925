import AnnouncementKit
import AnnouncementTestSupport
import Testing

@Suite("Selection order")
struct SelectionRankTests {
    @Test("a higher priority comes first, whatever the position")
    func priorityFirst() {
        #expect(SelectionRank(priority: 5, position: 9) < SelectionRank(priority: 4, position: 0))
        #expect(!(SelectionRank(priority: 4, position: 0) < SelectionRank(priority: 5, position: 9)))
        #expect(SelectionRank(priority: 0, position: 3) < SelectionRank(priority: -1, position: 1))
    }

    @Test("equal priorities keep feed order; a rank does not come before itself")
    func feedOrderBreaksTies() {
        #expect(SelectionRank(priority: 2, position: 1) < SelectionRank(priority: 2, position: 4))
        #expect(!(SelectionRank(priority: 2, position: 4) < SelectionRank(priority: 2, position: 1)))
        #expect(!(SelectionRank(priority: 2, position: 4) < SelectionRank(priority: 2, position: 4)))
    }

    @Test("sorting gives the showing order: by priority, highest first, then by position", arguments: 1...4)
    func sortedOrder(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let priorities = (0..<200).map { _ in Int.random(in: -3...3, using: &generator) }
        let ranks = priorities.enumerated().map { SelectionRank(priority: $1, position: $0) }.shuffled(
            using: &generator)
        let expected = priorities.indices.sorted { left, right in
            (-priorities[left], left) < (-priorities[right], right)
        }
        #expect(ranks.sorted().map(\.position) == expected)
    }
}
