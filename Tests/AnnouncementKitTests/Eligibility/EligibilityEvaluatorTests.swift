import AnnouncementKit
import Foundation
import Testing

@Suite("Eligibility")
struct EligibilityEvaluatorTests {
    static let now = try! Timestamp.parse("2026-12-04T12:00:00Z")
    static let utc = TimeZone(identifier: "UTC")!

    static func evaluator(
        _ context: AnnouncementContext = AnnouncementContext(
            platform: "iOS", appVersion: SemanticVersion("2.5.0"), osVersion: SemanticVersion("17.4"), locale: "de-AT",
            userID: "user-1", segments: ["proUsers", "beta"]),
        state: AnnouncementState = AnnouncementState(), placement: String? = nil
    ) -> EligibilityEvaluator {
        EligibilityEvaluator(
            context: context, state: state, scheduler: AnnouncementScheduler(localTimeZone: utc), placement: placement)
    }

    static func item(_ configure: (inout Announcement) -> Void = { _ in }) -> Announcement {
        var announcement = Announcement(id: "a", title: "t", message: "m")
        configure(&announcement)
        return announcement
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let announcement: Announcement
        let reason: ExclusionReason?
        /// The cause the answer must have; `nil`: eligible, or not checked.
        let cause: ExclusionCause?
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no rules", announcement: item(), reason: nil, cause: nil),
        Case(
            name: "starts later", announcement: item { $0.startDate = now.addingTimeInterval(1) }, reason: .notStarted,
            cause: .startsAt(now.addingTimeInterval(1))),
        Case(name: "starts now", announcement: item { $0.startDate = now }, reason: nil, cause: nil),
        Case(
            name: "ends now", announcement: item { $0.endDate = now }, reason: .expired,
            cause: .endedAt(now)),
        Case(
            name: "other segment", announcement: item { $0.targetAudience = "newUsers" }, reason: .audienceMismatch,
            cause: .targetAudience("newUsers")),
        Case(name: "own segment", announcement: item { $0.targetAudience = "proUsers" }, reason: nil, cause: nil),
        Case(
            name: "unknown audience key",
            announcement: item { $0.audience = .init(unknownKeys: ["deviceClass": "tablet"]) },
            reason: .audienceMismatch,
            cause: .unknownAudienceKey("deviceClass")),
        Case(
            name: "platform", announcement: item { $0.audience = .init(platforms: ["macOS", "linux"]) },
            reason: .audienceMismatch, cause: .platform("iOS", platforms: ["macOS", "linux"])),
        Case(
            name: "platform case", announcement: item { $0.audience = .init(platforms: ["ios"]) }, reason: nil,
            cause: nil),
        Case(
            name: "min app version",
            announcement: item { $0.audience = .init(minAppVersion: SemanticVersion("2.5.1")) },
            reason: .audienceMismatch,
            cause: .version(key: "minAppVersion", bound: SemanticVersion("2.5.1")!, actual: SemanticVersion("2.5.0"))),
        Case(
            name: "min app version inclusive",
            announcement: item { $0.audience = .init(minAppVersion: SemanticVersion("v2.5")) },
            reason: nil, cause: nil),
        Case(
            name: "max app version",
            announcement: item { $0.audience = .init(maxAppVersion: SemanticVersion("2.5.0-rc.1")) },
            reason: .audienceMismatch,
            cause: .version(
                key: "maxAppVersion", bound: SemanticVersion("2.5.0-rc.1")!, actual: SemanticVersion("2.5.0"))),
        Case(
            name: "min OS version", announcement: item { $0.audience = .init(minOSVersion: SemanticVersion("18")) },
            reason: .audienceMismatch,
            cause: .version(key: "minOSVersion", bound: SemanticVersion("18")!, actual: SemanticVersion("17.4"))),
        Case(
            name: "max OS version inclusive",
            announcement: item { $0.audience = .init(maxOSVersion: SemanticVersion("17.4")) },
            reason: nil, cause: nil),
        Case(
            name: "locale prefix", announcement: item { $0.audience = .init(locales: ["fr", "de"]) }, reason: nil,
            cause: nil),
        Case(
            name: "locale region", announcement: item { $0.audience = .init(locales: ["de-DE"]) },
            reason: .audienceMismatch,
            cause: .locale("de-AT", locales: ["de-DE"])),
        Case(
            name: "locale case and underscore", announcement: item { $0.audience = .init(locales: ["DE_at"]) },
            reason: nil, cause: nil),
        Case(
            name: "segments", announcement: item { $0.audience = .init(segments: ["vip"]) }, reason: .audienceMismatch,
            cause: .segments(["proUsers", "beta"], segments: ["vip"])),
        Case(
            name: "any segment", announcement: item { $0.audience = .init(segments: ["vip", "beta"]) }, reason: nil,
            cause: nil),
        Case(
            name: "rollout 0", announcement: item { $0.audience = .init(rolloutPercentage: 0) },
            reason: .rolloutExcluded,
            cause: nil),
        Case(
            name: "rollout 100", announcement: item { $0.audience = .init(rolloutPercentage: 100) }, reason: nil,
            cause: nil),
        Case(
            name: "placement required", announcement: item { $0.placements = ["home"] }, reason: .placementMismatch,
            cause: .noPlacement(placements: ["home"])),
    ]

    @Test("each check gives its reason and detail", arguments: cases)
    func reasons(_ testCase: Case) {
        let answer = Self.evaluator().evaluate(testCase.announcement, at: Self.now)
        #expect(answer.reason == testCase.reason, "\(answer)")
        #expect(answer.cause?.reason == testCase.reason)
        if let cause = testCase.cause { #expect(answer.cause == cause) }
    }

    @Test("checks run in the documented order: the first failing one is reported")
    func order() {
        var announcement = Self.item {
            $0.startDate = Self.now.addingTimeInterval(60)
            $0.targetAudience = "nobody"
            $0.audience = .init(rolloutPercentage: 0)
            $0.frequency = .init(maxImpressions: 1)
            $0.placements = ["elsewhere"]
        }
        var state = AnnouncementState()
        state.recordDismissal(of: announcement, at: Self.now)
        state.recordImpression(of: "a", at: Self.now)
        let evaluator = Self.evaluator(state: state)
        var reasons: [ExclusionReason?] = []
        reasons.append(evaluator.evaluate(announcement, at: Self.now).reason)
        announcement.startDate = nil
        reasons.append(evaluator.evaluate(announcement, at: Self.now).reason)
        announcement.isDismissible = false
        reasons.append(evaluator.evaluate(announcement, at: Self.now).reason)
        announcement.targetAudience = "all"
        reasons.append(evaluator.evaluate(announcement, at: Self.now).reason)
        announcement.audience = nil
        reasons.append(evaluator.evaluate(announcement, at: Self.now).reason)
        announcement.frequency = nil
        reasons.append(evaluator.evaluate(announcement, at: Self.now).reason)
        announcement.placements = nil
        reasons.append(evaluator.evaluate(announcement, at: Self.now).reason)
        #expect(
            reasons == [
                .notStarted, .dismissed, .audienceMismatch, .rolloutExcluded, .frequencyCapped, .placementMismatch, nil,
            ])
    }

    @Test("a dismissal is keyed by id and revision and lasts dismissFor seconds or for good")
    func dismissal() {
        var announcement = Self.item()
        var state = AnnouncementState()
        let recorded = state.recordDismissal(of: announcement, at: Self.now)
        #expect(recorded)
        #expect(
            Self.evaluator(state: state).evaluate(announcement, at: Self.now.addingTimeInterval(1e8)).reason
                == .dismissed)
        announcement.revision = 1
        #expect(Self.evaluator(state: state).evaluate(announcement, at: Self.now).isEligible)
        announcement.revision = 0
        announcement.dismissFor = 3600
        let evaluator = Self.evaluator(state: state)
        #expect(evaluator.evaluate(announcement, at: Self.now.addingTimeInterval(3599)).reason == .dismissed)
        #expect(evaluator.evaluate(announcement, at: Self.now.addingTimeInterval(3600)).isEligible)
        #expect(evaluator.nextChange(for: [announcement], after: Self.now) == Self.now.addingTimeInterval(3600))
    }

    @Test("a non-dismissible announcement cannot be dismissed")
    func notDismissible() {
        let announcement = Self.item { $0.isDismissible = false }
        var state = AnnouncementState()
        let recorded = state.recordDismissal(of: announcement, at: Self.now)
        #expect(!recorded)
        #expect(state.dismissals.isEmpty)
        state.dismissals["a"] = .init(revision: 0, date: Self.now)
        #expect(Self.evaluator(state: state).evaluate(announcement, at: Self.now).isEligible)
    }

    @Test("frequency caps: maxImpressions, minimumInterval, oncePerSession")
    func frequency() {
        var state = AnnouncementState()
        let capped = Self.item { $0.frequency = .init(maxImpressions: 2, minimumInterval: 600, oncePerSession: false) }
        #expect(Self.evaluator(state: state).evaluate(capped, at: Self.now).isEligible)
        state.recordImpression(of: "a", at: Self.now)
        let afterOne = Self.evaluator(state: state)
        #expect(afterOne.evaluate(capped, at: Self.now.addingTimeInterval(599)).reason == .frequencyCapped)
        #expect(afterOne.evaluate(capped, at: Self.now.addingTimeInterval(600)).isEligible)
        #expect(afterOne.nextChange(for: [capped], after: Self.now) == Self.now.addingTimeInterval(600))
        state.recordImpression(of: "a", at: Self.now.addingTimeInterval(700))
        let afterTwo = Self.evaluator(state: state)
        #expect(
            afterTwo.evaluate(capped, at: Self.now.addingTimeInterval(1e6)).cause == .maxImpressions(2, shown: 2))
        #expect(afterTwo.nextChange(for: [capped], after: Self.now.addingTimeInterval(800)) == nil)

        let session = Self.item { $0.frequency = .init(oncePerSession: true) }
        var sessionState = AnnouncementState()
        sessionState.recordImpression(of: "a", at: Self.now)
        #expect(Self.evaluator(state: sessionState).evaluate(session, at: Self.now).reason == .frequencyCapped)
        sessionState.shownThisSession = []
        #expect(Self.evaluator(state: sessionState).evaluate(session, at: Self.now).isEligible)
    }

    @Test("placements: a named banner shows items for it and items without placements")
    func placements() {
        let home = Self.item { $0.placements = ["home", "settings"] }
        let everywhere = Self.item()
        #expect(Self.evaluator(placement: "settings").evaluate(home, at: Self.now).isEligible)
        #expect(
            Self.evaluator(placement: "checkout").evaluate(home, at: Self.now).cause
                == .placement("checkout", placements: ["home", "settings"]))
        #expect(Self.evaluator(placement: "checkout").evaluate(everywhere, at: Self.now).isEligible)
    }

    @Test("missing context facts fail the rules that need them")
    func unknownFacts() {
        let evaluator = Self.evaluator(AnnouncementContext(platform: "linux"))
        let versioned = Self.item { $0.audience = .init(minAppVersion: SemanticVersion("1")) }
        #expect(
            evaluator.evaluate(versioned, at: Self.now).cause
                == .version(key: "minAppVersion", bound: SemanticVersion("1")!, actual: nil))
        let localized = Self.item { $0.audience = .init(locales: ["en"]) }
        #expect(evaluator.evaluate(localized, at: Self.now).cause == .localeUnknown(locales: ["en"]))
    }

    @Test("evaluation is pure: the same inputs give the same answer")
    func purity() {
        let evaluator = Self.evaluator()
        let announcements = Self.cases.map(\.announcement)
        let first = announcements.map { evaluator.evaluate($0, at: Self.now) }
        for _ in 0..<3 {
            #expect(announcements.map { evaluator.evaluate($0, at: Self.now) } == first)
        }
    }

    @Test("a rule sees the context and the instant it is evaluated with, after the context changes too")
    func ruleDataFollowsContextAndInstant() throws {
        let rule = try TargetingRule([
            "and": [
                ["==": [["var": "attributes.plan"], "pro"]], ["<": [["var": "now"], 1_900_000_000]],
                ["==": [["var": "$flagd.flagKey"], "ruled"]],
            ]
        ])
        let ruled = Self.item {
            $0.id = "ruled"
            $0.audience = .init(targeting: rule)
        }
        var evaluator = Self.evaluator(AnnouncementContext(platform: "iOS", attributes: ["plan": "pro"]))
        #expect(evaluator.evaluate(ruled, at: Self.now).isEligible)
        let later = Date(timeIntervalSince1970: 1_900_000_001)
        #expect(evaluator.evaluate(ruled, at: later).reason == .audienceMismatch)
        #expect(evaluator.evaluate(ruled, at: Self.now).isEligible)
        let copy = evaluator
        evaluator.context.attributes = ["plan": "free"]
        #expect(evaluator.evaluate(ruled, at: Self.now).reason == .audienceMismatch)
        #expect(copy.evaluate(ruled, at: Self.now).isEligible)
        var other = ruled
        other.id = "other"
        #expect(evaluator.evaluate(other, at: Self.now).reason == .audienceMismatch)
    }

    @Test(
        "platform names compare ignoring case, as Foundation's case-insensitive comparison does",
        arguments: [
            ("iOS", "ios", true), ("IOS", "iOS", true), ("macOS", "iOS", false), ("visionOS", "VISIONOS", true),
            ("iOS", "iOS ", false), ("", "", true), ("linux", "LİNUX", false), ("straße", "STRASSE", true),
            ("Éire", "éire", true),
        ])
    func platformCase(left: String, right: String, equal: Bool) {
        #expect((left.caseInsensitiveCompare(right) == .orderedSame) == equal)
        let item = Self.item { $0.audience = .init(platforms: [right]) }
        let evaluator = Self.evaluator(AnnouncementContext(platform: left))
        #expect(evaluator.evaluate(item, at: Self.now).isEligible == equal)
    }
}
