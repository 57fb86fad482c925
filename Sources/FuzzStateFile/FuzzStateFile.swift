// libFuzzer harness for the state file reader: bytes → AnnouncementStateFile (strict and recovering
// reads) → checks of the state's bounds and of the writer's round trip → eligibility over the state.
//
// Built by scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`, libFuzzer supplies `main` and calls
// `LLVMFuzzerTestOneInput`. In a plain `swift build` the target is a small program that replays the
// files named on its command line through the same code, so the normal build stays harmless.
import AnnouncementKit
import Foundation

/// A few announcements that read every part of the state: dismissals, impressions, events (a trigger
/// and a rule), the recent impressions (feed limits) and a goal.
private let announcements: [Announcement] = {
    var triggered = Announcement(id: "review", title: "Enjoying it?", message: "m")
    triggered.trigger = .init(event: "checkout_completed", minCount: 2, within: 3_600)
    triggered.variants = [.init(id: "a", weight: 1), .init(id: "b", weight: 1, title: "Rate us!")]
    triggered.goal = .init(event: "review_written", within: 3_600)
    var capped = Announcement(id: "feature-dark-mode", title: "Dark mode", message: "m")
    capped.frequency = .init(maxImpressions: 3, minimumInterval: 600)
    let plain = Announcement(id: "maintenance-2026-12-05", title: "Maintenance", message: "m")
    return [triggered, capped, plain]
}()
private let limits = AnnouncementFeed.Limits(maxPerDay: 2, minimumInterval: 120)
private let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_796_400_000)]

/// Reads `bytes` as a state file and checks what every read must give; a broken promise traps, which
/// libFuzzer reports as a crash.
func exerciseStateFile(_ bytes: [UInt8]) {
    let (state, problem) = AnnouncementStateFile.recover(bytes)
    checkBounds(state)
    let strict = Result { try AnnouncementStateFile.decode(Data(bytes)) }
    if case .success(let read) = strict {
        precondition(problem == nil && read == state, "the strict and the recovering reads disagree")
    } else {
        precondition(problem != nil, "the strict read failed where the recovering read saw no problem")
    }
    _ = problem?.description
    // What the store writes reads back, and writing that again gives the same bytes.
    let written = AnnouncementStateFile.encode(state)
    precondition(written.count <= AnnouncementStateFile.maximumBytes, "a written state is over the cap")
    guard let reread = try? AnnouncementStateFile.decode(written) else {
        preconditionFailure("a written state does not read back")
    }
    checkBounds(reread)
    precondition(AnnouncementStateFile.encode(reread) == written, "writing a state read back changes it")
    exerciseEligibility(state)
}

/// The bounds every state read from a file keeps.
private func checkBounds(_ state: AnnouncementState) {
    precondition(state.lastSeen.count <= AnnouncementState.maximumTrackedIDs, "too many ids")
    precondition(state.dismissals.count <= AnnouncementState.maximumTrackedIDs, "too many dismissals")
    precondition(state.impressions.count <= AnnouncementState.maximumTrackedIDs, "too many impressions")
    precondition(state.events.count <= AnnouncementState.maximumTrackedEvents, "too many events")
    precondition(state.recentImpressions.count <= AnnouncementState.maximumRecentImpressions, "too many recent")
    precondition(state.conversionWindows.count <= AnnouncementState.maximumConversionWindows, "too many windows")
    precondition(
        state.events.keys.allSatisfy { !$0.isEmpty && $0.utf8.count <= AnnouncementState.maximumEventNameLength },
        "an event name that cannot be recorded")
    precondition(
        Set(state.conversionWindows.map(\.id)).count == state.conversionWindows.count, "two windows for one id")
}

/// Selects from the announcements over `state`, with and without the feed's limits, and converts the
/// goal's event.
private func exerciseEligibility(_ state: AnnouncementState) {
    var state = state
    for date in dates {
        for feedLimits in [nil, limits] {
            let evaluator = EligibilityEvaluator(
                context: AnnouncementContext(userID: "user-1"), state: state, limits: feedLimits)
            _ = AnnouncementSelector.select(announcements, evaluator: evaluator, at: date)
        }
        _ = state.conversionWindows(convertedBy: "review_written", at: date)
        state.closeConversionWindows(convertedBy: "review_written", at: date)
        state.recordEvent("checkout_completed", at: date)
        state.recordImpression(of: "review", at: date)
    }
    checkBounds(state)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    exerciseStateFile(bytes)
    return 0
}

#if !FUZZING
    @main
    struct ReplayStateInputs {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() {
                exerciseStateFile([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
                print("ok \(path)")
            }
        }
    }
#endif
