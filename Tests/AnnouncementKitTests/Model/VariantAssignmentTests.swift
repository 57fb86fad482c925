import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Variant assignment")
struct VariantAssignmentTests {
    /// One vector of `Tests/Fixtures/variants/vectors.json`, which `scripts/generate-variant-vectors.py`
    /// wrote with PyPI's `mmh3`.
    struct Vector: Decodable, Sendable, CustomStringConvertible {
        let userID: String
        let hash: UInt32
        let variant: Int
        var description: String { userID }
    }

    struct VectorFile: Decodable {
        struct Weight: Decodable {
            let id: String
            let weight: Int
        }
        let announcementID: String
        let variants: [Weight]
        let vectors: [Vector]
    }

    static let file = try! JSONDecoder().decode(
        VectorFile.self, from: Fixtures.data("Tests/Fixtures/variants/vectors.json"))

    static func announcement(_ id: String, weights: [(String, Int)]) -> Announcement {
        var announcement = Announcement(id: id, title: "t", message: "m")
        announcement.variants = weights.map { Announcement.Variant(id: $0.0, weight: $0.1) }
        return announcement
    }

    @Test("1,000 user ids get the variant an independent MurmurHash3 gives")
    func vectors() throws {
        let file = Self.file
        #expect(file.vectors.count == 1_000)
        let announcement = Self.announcement(file.announcementID, weights: file.variants.map { ($0.id, $0.weight) })
        var mismatches: [String] = []
        for vector in file.vectors {
            let chosen = announcement.variant(for: vector.userID)?.id
            if chosen != file.variants[vector.variant].id { mismatches.append(vector.userID) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first \(mismatches.prefix(5))")
        // The hash itself, so a mismatch points at the hash or at the split.
        let first = try #require(file.vectors.first)
        #expect(MurmurHash3.x86_32((file.announcementID + "/variant/" + first.userID).utf8) == first.hash)
    }

    @Test("a 50/30/20 split is within ±1 % over 100,000 ids, and a weight of 0 is never chosen")
    func split() {
        let announcement = Self.announcement("promo", weights: [("a", 50), ("never", 0), ("b", 30), ("c", 20)])
        var counts: [String: Int] = [:]
        for index in 0..<100_000 { counts[announcement.variant(for: "user-\(index)")!.id, default: 0] += 1 }
        #expect(counts["never"] == nil)
        #expect((49_000...51_000).contains(counts["a"] ?? 0), "\(counts)")
        #expect((29_000...31_000).contains(counts["b"] ?? 0), "\(counts)")
        #expect((19_000...21_000).contains(counts["c"] ?? 0), "\(counts)")
    }

    @Test("different announcements split the same users independently")
    func sticky() {
        let first = Self.announcement("first", weights: [("a", 1), ("b", 1)])
        let second = Self.announcement("second", weights: [("a", 1), ("b", 1)])
        let ids = (0..<1_000).map { "u\($0)" }
        let same = ids.count { first.variant(for: $0)?.id == second.variant(for: $0)?.id }
        #expect((400...600).contains(same), "\(same) of 1,000 agree")
    }

    @Test("no variants: no variant, and the announcement shows unchanged")
    func none() {
        let plain = Announcement(id: "plain", title: "t", message: "m")
        #expect(plain.variant(for: "u1") == nil)
        #expect(plain.applyingVariant(for: "u1") == plain)
        #expect(plain.applyingVariant(for: "u1").variantID == nil)
    }

    @Test("the chosen variant's title, message, action and style replace the announcement's")
    func applying() {
        var announcement = Announcement(
            id: "copy", title: "Old title", message: "Old message", style: .info, action: .dismiss,
            actionLabel: "OK")
        announcement.variants = [
            .init(
                id: "b", weight: 1, title: "New title", action: .url(URL(string: "https://example.com")!),
                actionLabel: "Open", style: .success)
        ]
        let shown = announcement.applyingVariant(for: "anyone")
        #expect(shown.variantID == "b")
        #expect(shown.title == "New title")
        #expect(shown.message == "Old message")
        #expect(shown.action == .url(URL(string: "https://example.com")!))
        #expect(shown.actionLabel == "Open")
        #expect(shown.style == .success)
        #expect(shown.id == "copy")
    }
}

/// Weights are someone else's numbers: a feed's are bounded, and no weight written in code traps.
@Suite("Variant weights at their bounds")
struct VariantWeightBoundsTests {
    @Test("a feed weight over the bound or too many variants is an item error with its place")
    func feedBounds() throws {
        let heavy = """
            {"announcements": [{"id": "x", "title": "t", "message": "m", "audience": {"requires": ["variants"]},
              "variants": [{"id": "a", "weight": 9007199254740991}, {"id": "b", "weight": 1}]}]}
            """
        let result = try FeedDecoder().decode(Data(heavy.utf8))
        #expect(result.announcements.isEmpty)
        let error = try #require(result.errors.first)
        #expect(error.path == "$.announcements[0].variants[0].weight")
        #expect(error.message == "weight must be at most 1000000; found 9007199254740991")
        #expect(error.line == 2)
        let many = (0...FeedLimits.maximumVariants).map { #"{"id": "v\#($0)", "weight": 1}"# }
        let crowded =
            #"{"announcements": [{"id": "x", "title": "t", "message": "m", "variants": ["#
            + many.joined(separator: ",") + "]}]}"
        let crowdedResult = try FeedDecoder().decode(Data(crowded.utf8))
        #expect(crowdedResult.announcements.isEmpty)
        #expect(crowdedResult.errors.first?.message == "variants has 101 entries; at most 100 are allowed")
        let atBound = (0..<FeedLimits.maximumVariants).map {
            #"{"id": "v\#($0)", "weight": \#(FeedLimits.maximumVariantWeight)}"#
        }
        let full =
            #"{"announcements": [{"id": "x", "title": "t", "message": "m", "variants": ["#
            + atBound.joined(separator: ",") + "]}]}"
        let fullResult = try FeedDecoder().decode(Data(full.utf8))
        let item = try #require(fullResult.announcements.first)
        #expect(item.variants.count == FeedLimits.maximumVariants)
        #expect(item.variant(for: "u") != nil)
    }

    @Test("weights written in code as large as Int allows choose a variant without trapping")
    func codeWeights() {
        var item = Announcement(id: "x", title: "t", message: "m")
        item.variants = [
            .init(id: "a", weight: Int.max), .init(id: "b", weight: Int.max), .init(id: "c", weight: 1),
        ]
        let chosen = Set((0..<200).compactMap { item.variant(for: "user-\($0)")?.id })
        #expect(chosen.isSubset(of: ["a", "b", "c"]) && !chosen.isEmpty)
        // Below the bound the full-width product is the formula itself: the same split as 50/50 by 1.
        var even = Announcement(id: "y", title: "t", message: "m")
        even.variants = [.init(id: "a", weight: 1_000_000), .init(id: "b", weight: 1_000_000)]
        var small = even
        small.variants = [.init(id: "a", weight: 1), .init(id: "b", weight: 1)]
        for user in 0..<500 {
            #expect(even.variant(for: "u\(user)")?.id == small.variant(for: "u\(user)")?.id)
        }
    }
}
