import AnnouncementKit
import Foundation
import Testing

/// The words of every exclusion cause, in one place: the decision tests compare causes as values, and
/// this table checks the text `announce simulate`, explanations, the preview and logs show for each.
@Suite("Exclusion cause text")
struct ExclusionCauseTextTests {
    static let now = try! Timestamp.parse("2026-12-04T12:00:00Z")

    struct Case: Sendable, CustomStringConvertible {
        let cause: ExclusionCause
        let reason: ExclusionReason
        let text: String
        var description: String { text }
    }

    static let window = Announcement.Schedule(
        timeZone: "UTC", startTime: TimeOfDay(hour: 13, minute: 0), endTime: TimeOfDay(hour: 14, minute: 0))
    static let weekdays = Announcement.Schedule(
        timeZone: "Europe/Berlin", weekdays: [1, 2], startTime: TimeOfDay(hour: 9, minute: 0))

    static let cases: [Case] = [
        Case(
            cause: .invalid(
                firstError: Diagnostic(
                    severity: .error, message: "priority must be an integer", path: "$.announcements[2].priority")),
            reason: .invalid, text: "priority must be an integer ($.announcements[2].priority)"),
        Case(cause: .invalid(firstError: nil), reason: .invalid, text: "failed validation"),
        Case(
            cause: .startsAt(now.addingTimeInterval(1)), reason: .notStarted, text: "starts at 2026-12-04T12:00:01Z"),
        Case(cause: .endedAt(now), reason: .expired, text: "ended at 2026-12-04T12:00:00Z"),
        Case(
            cause: .outsideWindow(window), reason: .outsideWindow,
            text: "outside its schedule window daily 13:00–14:00 UTC"),
        Case(
            cause: .outsideWindow(weekdays), reason: .outsideWindow,
            text: "outside its schedule window Mon,Tue 09:00–24:00 Europe/Berlin"),
        Case(
            cause: .dismissed(at: now, revision: 0, until: nil), reason: .dismissed,
            text: "dismissed at 2026-12-04T12:00:00Z (revision 0), for good"),
        Case(
            cause: .dismissed(at: now, revision: 3, until: now.addingTimeInterval(3600)), reason: .dismissed,
            text: "dismissed at 2026-12-04T12:00:00Z (revision 3), until 2026-12-04T13:00:00Z"),
        Case(cause: .hiddenForSession, reason: .dismissed, text: "hidden for this session (autoDismissAfter)"),
        Case(cause: .draft, reason: .audienceMismatch, text: "draft: test devices only"),
        Case(
            cause: .targetAudience("newUsers"), reason: .audienceMismatch,
            text: "targetAudience newUsers: the user is not in that segment"),
        Case(
            cause: .unknownAudienceKey("deviceClass"), reason: .audienceMismatch,
            text: "unknown audience key deviceClass; this version of the app cannot check it"),
        Case(
            cause: .unsupportedCapability("polls"), reason: .audienceMismatch,
            text: #"requires "polls", which this app does not support"#),
        Case(
            cause: .platform("iOS", platforms: ["macOS", "linux"]), reason: .audienceMismatch,
            text: "platform iOS not in [macOS, linux]"),
        Case(
            cause: .version(key: "minAppVersion", bound: SemanticVersion("2.5.1")!, actual: SemanticVersion("2.5.0")),
            reason: .audienceMismatch, text: "appVersion 2.5.0 < minAppVersion 2.5.1"),
        Case(
            cause: .version(
                key: "maxAppVersion", bound: SemanticVersion("2.5.0-rc.1")!, actual: SemanticVersion("2.5.0")),
            reason: .audienceMismatch, text: "appVersion 2.5.0 > maxAppVersion 2.5.0-rc.1"),
        Case(
            cause: .version(key: "minOSVersion", bound: SemanticVersion("18")!, actual: SemanticVersion("17.4")),
            reason: .audienceMismatch, text: "osVersion 17.4.0 < minOSVersion 18.0.0"),
        Case(
            cause: .version(key: "maxOSVersion", bound: SemanticVersion("17")!, actual: nil),
            reason: .audienceMismatch, text: "osVersion unknown; maxOSVersion is 17.0.0"),
        Case(
            cause: .version(key: "minAppVersion", bound: SemanticVersion("1")!, actual: nil),
            reason: .audienceMismatch, text: "appVersion unknown; minAppVersion is 1.0.0"),
        Case(
            cause: .localeUnknown(locales: ["en"]), reason: .audienceMismatch, text: "locale unknown; locales are [en]"),
        Case(
            cause: .locale("de-AT", locales: ["de-DE"]), reason: .audienceMismatch,
            text: "locale de-AT matches none of [de-DE]"),
        Case(
            cause: .segments(["proUsers", "beta"], segments: ["vip"]), reason: .audienceMismatch,
            text: "user segments [beta, proUsers] include none of [vip]"),
        Case(
            cause: .targetingFalse(result: false), reason: .audienceMismatch,
            text: "targeting rule is false (result false)"),
        Case(
            cause: .targetingFailed(RuleError(message: "targeting rule exceeded its budget", path: "$")),
            reason: .audienceMismatch, text: "targeting rule exceeded its budget"),
        Case(
            cause: .targetingFailed(RuleError(message: "var: expected a string", path: "$.var")),
            reason: .audienceMismatch, text: "targeting rule failed: var: expected a string"),
        Case(
            cause: .rollout(bucket: 8768, percentage: 50), reason: .rolloutExcluded,
            text: "bucket 8768 of 10000 is not below 5000 (rolloutPercentage 50)"),
        Case(
            cause: .rollout(bucket: 12, percentage: 0.05), reason: .rolloutExcluded,
            text: "bucket 12 of 10000 is not below 5 (rolloutPercentage 0.05)"),
        Case(cause: .holdout(variantID: "holdout"), reason: .rolloutExcluded, text: "holdout variant holdout"),
        Case(
            cause: .waitingForEvent("checkout_completed", seen: 1, minCount: 3), reason: .notTriggered,
            text: "waiting for event checkout_completed (seen 1 of 3)"),
        Case(
            cause: .eventWindowOver(
                "checkout_completed", lastSeen: now, within: 300, at: now.addingTimeInterval(600.7)),
            reason: .notTriggered, text: "event checkout_completed last seen 600 s ago (within 300 s)"),
        Case(
            cause: .eventWindowOver("checkout_completed", lastSeen: now, within: 300, at: now.addingTimeInterval(-400)),
            reason: .notTriggered,
            text: "event checkout_completed last seen at 2026-12-04T12:00:00Z, ahead of the clock (within 300 s)"),
        Case(cause: .maxImpressions(1, shown: 1), reason: .frequencyCapped, text: "maxImpressions 1 reached (1 shown)"),
        Case(
            cause: .minimumInterval(600, lastShown: now), reason: .frequencyCapped,
            text: "minimumInterval 600 s: last shown 2026-12-04T12:00:00Z, may show again at 2026-12-04T12:10:00Z"),
        Case(cause: .oncePerSession, reason: .frequencyCapped, text: "oncePerSession: already shown in this session"),
        Case(
            cause: .globalDailyLimit(2), reason: .frequencyCapped,
            text: "global limit: 2 impressions in the last 24 hours"),
        Case(
            cause: .globalMinimumInterval(120), reason: .frequencyCapped,
            text: "global minimum interval: 120 s since the last banner"),
        Case(
            cause: .noPlacement(placements: ["home"]), reason: .placementMismatch,
            text: "shows only at placements [home]; this banner has no placement"),
        Case(
            cause: .placement("checkout", placements: ["home", "settings"]), reason: .placementMismatch,
            text: "placements [home, settings] do not include checkout"),
        Case(
            cause: .onScreenElsewhere(placement: "home"), reason: .placementMismatch,
            text: #"on screen at placement "home"; an announcement shows at one placement at a time"#),
        Case(
            cause: .onScreenElsewhere(placement: nil), reason: .placementMismatch,
            text: "on screen at the banner without a placement name; an announcement shows at one placement at a time"),
    ]

    @Test("each cause has its words and its reason", arguments: cases)
    func text(_ testCase: Case) {
        #expect(testCase.cause.description == testCase.text)
        #expect(testCase.cause.reason == testCase.reason)
    }

    @Test("an exclusion and an answer show their cause's words as the detail")
    func detail() {
        let cause = ExclusionCause.maxImpressions(2, shown: 2)
        let exclusion = AnnouncementSelection.Exclusion(id: "a", cause: cause)
        #expect(exclusion.reason == .frequencyCapped)
        #expect(exclusion.detail == "maxImpressions 2 reached (2 shown)")
        let answer = Eligibility.excluded(cause)
        #expect(answer.reason == .frequencyCapped)
        #expect(answer.detail == "maxImpressions 2 reached (2 shown)")
        #expect(answer.description == "frequencyCapped: maxImpressions 2 reached (2 shown)")
        #expect(Eligibility.eligible.detail == nil)
        #expect(Eligibility.eligible.description == "eligible")
    }
}
