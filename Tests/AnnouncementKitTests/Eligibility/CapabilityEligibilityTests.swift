import AnnouncementKit
import Foundation
import Testing

@Suite("Eligibility: drafts and required features")
struct CapabilityEligibilityTests {
    static let now = try! Timestamp.parse("2026-12-04T12:00:00Z")

    static func item(_ configure: (inout Announcement) -> Void) -> Announcement {
        var announcement = Announcement(id: "a", title: "t", message: "m")
        configure(&announcement)
        return announcement
    }

    static func evaluate(_ announcement: Announcement, _ context: AnnouncementContext = AnnouncementContext())
        -> Eligibility
    {
        EligibilityEvaluator(context: context).evaluate(announcement, at: now)
    }

    @Test("a draft shows only on a test device")
    func draft() {
        let draft = Self.item { $0.isDraft = true }
        #expect(Self.evaluate(draft) == .excluded(.draft))
        #expect(Self.evaluate(draft, AnnouncementContext(isTestDevice: true)) == .eligible)
        #expect(Self.evaluate(Self.item { _ in }, AnnouncementContext(isTestDevice: true)) == .eligible)
    }

    @Test("a required feature this app does not support excludes the item, naming the first in list order")
    func unknownRequirement() {
        let known = Self.item {
            $0.audience = .init(requires: ["drafts", "triggers", "variants", "formats", "images"])
        }
        #expect(Self.evaluate(known) == .eligible)
        #expect(Self.evaluate(Self.item { $0.audience = .init(requires: []) }) == .eligible)
        let unknown = Self.item { $0.audience = .init(requires: ["drafts", "polls", "holograms"]) }
        #expect(
            Self.evaluate(unknown)
                == .excluded(.unsupportedCapability("polls")))
    }

    @Test("order: draft, targetAudience, unknown audience keys, requires, then the other audience keys")
    func order() {
        let everything = Self.item {
            $0.isDraft = true
            $0.targetAudience = "beta"
            $0.audience = .init(platforms: ["tvOS"], unknownKeys: ["future": true], requires: ["polls"])
        }
        #expect(Self.evaluate(everything) == .excluded(.draft))
        var context = AnnouncementContext(platform: "iOS", isTestDevice: true)
        #expect(
            Self.evaluate(everything, context)
                == .excluded(.targetAudience("beta")))
        context.segments = ["beta"]
        #expect(
            Self.evaluate(everything, context)
                == .excluded(.unknownAudienceKey("future")))
        var noUnknownKey = everything
        noUnknownKey.audience?.unknownKeys = [:]
        #expect(
            Self.evaluate(noUnknownKey, context)
                == .excluded(.unsupportedCapability("polls")))
        noUnknownKey.audience?.requires = ["drafts"]
        #expect(Self.evaluate(noUnknownKey, context) == .excluded(.platform("iOS", platforms: ["tvOS"])))
    }

    @Test("a draft is excluded before its rollout is looked at")
    func beforeRollout() {
        let draft = Self.item {
            $0.isDraft = true
            $0.audience = .init(rolloutPercentage: 0)
        }
        #expect(Self.evaluate(draft) == .excluded(.draft))
        #expect(Self.evaluate(draft, AnnouncementContext(isTestDevice: true)).reason == .rolloutExcluded)
    }

    @Test("targeting rules read isTestDevice")
    func ruleData() throws {
        let rule = try TargetingRule(["var": "isTestDevice"])
        let ruled = Self.item { $0.audience = .init(targeting: rule) }
        #expect(Self.evaluate(ruled).reason == .audienceMismatch)
        #expect(Self.evaluate(ruled, AnnouncementContext(isTestDevice: true)) == .eligible)
        guard
            case .object(let data) = AnnouncementContext(isTestDevice: true).ruleData(announcementID: "a", at: Self.now)
        else {
            Issue.record("rule data is not an object")
            return
        }
        #expect(data["isTestDevice"] == .bool(true))
    }

    @Test("neither a draft nor a required feature is a time input: no next change")
    func noNextChange() {
        let items = [
            Self.item { $0.isDraft = true },
            Self.item { $0.audience = .init(requires: ["polls"]) },
        ]
        let selection = AnnouncementSelector.select(
            items, evaluator: EligibilityEvaluator(context: .init()), at: Self.now)
        #expect(selection.nextChange == nil)
        #expect(selection.active == nil)
    }
}
