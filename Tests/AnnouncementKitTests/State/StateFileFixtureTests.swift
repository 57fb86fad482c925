import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

/// The state files that seed the state file fuzzer (Tests/Fixtures/state-files) and the inputs it once
/// failed on (Tests/Fixtures/fuzz-regressions/state), through the checks the harness makes.
@Suite("State file fixtures and fuzz regressions")
struct StateFileFixtureTests {
    /// The files of `folder` (not its README), by name.
    static func files(in folder: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = Fixtures.url(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try names.filter { $0 != "README.md" }.sorted().map { name in
            (name, [UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
        }
    }

    /// What `FuzzStateFile` checks of every input: the strict and the recovering reads agree, the state
    /// keeps its bounds, and what is written reads back and writes the same bytes again.
    static func check(_ bytes: [UInt8], _ name: String) {
        let (state, problem) = AnnouncementStateFile.recover(bytes)
        if let strict = try? AnnouncementStateFile.decode(Data(bytes)) {
            #expect(problem == nil && strict == state, "\(name): the strict and recovering reads disagree")
        } else {
            #expect(problem != nil, "\(name): the strict read failed where the recovering read saw no problem")
        }
        #expect(state.events.count <= AnnouncementState.maximumTrackedEvents)
        #expect(state.recentImpressions.count <= AnnouncementState.maximumRecentImpressions)
        #expect(state.conversionWindows.count <= AnnouncementState.maximumConversionWindows)
        let written = AnnouncementStateFile.encode(state)
        let reread = try? AnnouncementStateFile.decode(written)
        #expect(reread != nil, "\(name): a written state does not read back")
        if let reread {
            #expect(AnnouncementStateFile.encode(reread) == written, "\(name): writing it again changes it")
        }
    }

    @Test("every seed and fuzz regression keeps the harness's promises; the full file has every kind of record")
    func seeds() throws {
        let seeds = try Self.files(in: "Tests/Fixtures/state-files")
        #expect(seeds.count >= 4)
        let regressions = try Self.files(in: "Tests/Fixtures/fuzz-regressions/state")
        #expect(regressions.count >= 2)
        for (name, bytes) in seeds + regressions { Self.check(bytes, name) }
        let full = try AnnouncementStateFile.decode(Fixtures.data("Tests/Fixtures/state-files/full.json"))
        #expect(full.dismissals.count == 2 && full.impressions.count == 3 && full.lastSeen.count == 4)
        #expect(full.events["level_finished"]?.count == 9_007_199_254_740_991)
        #expect(full.recentImpressions.map(\.id) == ["feature-dark-mode", "maintenance-2026-12-05", "review"])
        #expect(full.conversionWindows.map(\.variantID) == [nil, "b"])
        let damaged = AnnouncementStateFile.recover(
            try [UInt8](Fixtures.data("Tests/Fixtures/state-files/damaged-mid-file.json")))
        #expect(damaged.problem != nil)
        #expect(damaged.state.dismissals.keys.sorted() == ["kept"])
        #expect(damaged.state.installationID == "install-damaged")
        let escaped = try AnnouncementStateFile.decode(
            Fixtures.data("Tests/Fixtures/state-files/escaped-and-null.json"))
        #expect(escaped.events.keys.sorted() == ["\u{1}ctl"])
        #expect(escaped.dismissals.keys.sorted() == ["quote\"d \\ é\u{200F}"])
        #expect(escaped.conversionWindows.first?.variantID == "😀")
        // A window that would be written closed (its end past the last writable instant) is not kept.
        let past = try AnnouncementStateFile.decode(
            Fixtures.data("Tests/Fixtures/fuzz-regressions/state/window-end-fraction-past-9999.json"))
        #expect(past.conversionWindows.isEmpty)
    }
}
