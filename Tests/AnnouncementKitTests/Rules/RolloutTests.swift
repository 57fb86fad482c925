import AnnouncementKit
import Testing

extension Rules {
    @Suite("Rollout buckets")
    struct RolloutTests {
        static let userIDs = (0..<100_000).map { "user-\($0)" }

        struct Pinned: Sendable, CustomStringConvertible {
            let announcementID: String
            let userID: String
            let bucket: Int
            var description: String { "\(announcementID) + \(userID)" }
        }

        static let pinned: [Pinned] = PeerSuite.elements("generated/rollout.json").compactMap {
            guard let id = $0["announcementID"]?.stringValue, let user = $0["userID"]?.stringValue,
                let bucket = $0["bucket"]?.numberValue
            else { return nil }
            return Pinned(announcementID: id, userID: user, bucket: Int(bucket))
        }

        @Test("a 25 % rollout includes 25 % ± 0.5 % of 100,000 users")
        func share() {
            let included = Self.userIDs.count {
                Rollout.isIncluded(announcementID: "new-editor", userID: $0, percentage: 25)
            }
            #expect((24_500...25_500).contains(included), "\(included) of 100,000")
        }

        @Test("two 50 % rollouts are independent: 25 % ± 1 % of users are in both")
        func independence() {
            let both = Self.userIDs.count {
                Rollout.isIncluded(announcementID: "banner-a", userID: $0, percentage: 50)
                    && Rollout.isIncluded(announcementID: "banner-b", userID: $0, percentage: 50)
            }
            #expect((24_000...26_000).contains(both), "\(both) of 100,000")
        }

        @Test("the same announcement and user always get the same answer")
        func sticky() {
            for userID in Self.userIDs.prefix(2_000) {
                let first = Rollout.isIncluded(announcementID: "promo", userID: userID, percentage: 37.5)
                #expect(Rollout.isIncluded(announcementID: "promo", userID: userID, percentage: 37.5) == first)
                #expect(Rollout.bucket(for: "promo" + userID) == Rollout.bucket(for: "promo" + userID))
            }
        }

        @Test("buckets match Python mmh3, so answers agree across processes and platforms", arguments: pinned)
        func pinnedBucket(_ pair: Pinned) {
            #expect(Rollout.bucket(for: pair.announcementID + pair.userID) == pair.bucket)
        }

        @Test("the pinned bucket of maintenance-2026-12-05 + user-42 is 4003")
        func fixedKey() {
            #expect(Self.pinned.count == 5)
            #expect(Rollout.bucket(for: "maintenance-2026-12-05user-42") == 4003)
            #expect(Rollout.isIncluded(announcementID: "maintenance-2026-12-05", userID: "user-42", percentage: 40.04))
            #expect(!Rollout.isIncluded(announcementID: "maintenance-2026-12-05", userID: "user-42", percentage: 40.03))
        }

        @Test("0 % includes nobody, 100 % everybody, buckets stay in 0..<10000")
        func bounds() {
            for userID in Self.userIDs.prefix(5_000) {
                #expect(!Rollout.isIncluded(announcementID: "x", userID: userID, percentage: 0))
                #expect(Rollout.isIncluded(announcementID: "x", userID: userID, percentage: 100))
                #expect((0..<10_000).contains(Rollout.bucket(for: "x" + userID)))
            }
            #expect(!Rollout.isIncluded(announcementID: "x", userID: "u", percentage: .nan))
            #expect(!Rollout.isIncluded(announcementID: "x", userID: "u", percentage: -5))
        }

        @Test("rollout agrees with fractional over 10,000 weights for the same key")
        func agreesWithFractional() throws {
            let rule = try TargetingRule([
                "fractional": [
                    ["cat": [["var": "$flagd.flagKey"], ["var": "targetingKey"]]], ["in", 2_500], ["out", 7_500],
                ]
            ])
            for userID in Self.userIDs.prefix(2_000) {
                let data: JSONValue = ["targetingKey": .string(userID), "$flagd": ["flagKey": "new-editor"]]
                let included = Rollout.isIncluded(announcementID: "new-editor", userID: userID, percentage: 25)
                #expect(try rule.evaluate(data) == (included ? "in" : "out"))
            }
        }
    }
}
