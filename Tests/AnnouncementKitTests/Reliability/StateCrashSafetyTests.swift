import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file store under process death and under other processes: `state-child` records dismissals
/// and prints `ack ID` after each durable write; whatever it acknowledged must survive.
@Suite("State crash safety", .serialized)
struct StateCrashSafetyTests {
    /// The built `state-child` executable.
    static var childExecutable: URL? { Fixtures.executable(named: "state-child") }

    private func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("state-crash-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func start(_ executable: URL, _ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    /// The ids in the `ack ID` lines of `data`; a torn last line is not an acknowledgement.
    private static func acknowledged(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let complete = text.hasSuffix("\n") ? text : String(text[..<(text.lastIndex(of: "\n") ?? text.startIndex)])
        return complete.split(separator: "\n").compactMap { line in
            line.hasPrefix("ack ") ? String(line.dropFirst(4)) : nil
        }
    }

    private static func readState(in directory: URL) throws -> AnnouncementState? {
        let file = directory.appendingPathComponent(AnnouncementStateFile.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try AnnouncementStateFile.decode(try Data(contentsOf: file))
    }

    /// What 200 rounds of start, wait, kill and read found.
    private struct KillReport: Sendable {
        var everAcknowledged = Set<String>()
        var killsDuringWrites = 0
        var unreadable = 0
        var lost = 0
        /// One line for each round that lost an acknowledged dismissal or left an unreadable file.
        var problems: [String] = []
    }

    /// Starts `state-child` `kills` times in `directory`, kills it at a random moment and reads the
    /// state file after each kill. Blocking throughout: it runs on a thread of its own (``OffPool``).
    private static func killRounds(_ kills: Int, executable: URL, directory: URL) throws -> KillReport {
        var report = KillReport()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<kills {
            let (process, output) = try start(executable, ["dismiss-loop", directory.path, "r\(round)"])
            // Half the rounds wait for the first acknowledgement, so the kill lands in the write loop.
            var data = Data()
            if round.isMultiple(of: 2) {
                data = output.fileHandleForReading.availableData
            }
            usleep(UInt32.random(in: 5_000...40_000, using: &generator))
            ChildProcess.kill(process)
            data += output.fileHandleForReading.readDataToEndOfFile()
            let acks = acknowledged(data)
            if !acks.isEmpty { report.killsDuringWrites += 1 }
            report.everAcknowledged.formUnion(acks)
            do {
                let state = try readState(in: directory)
                let stored = Set(state?.dismissals.keys.map { $0 } ?? [])
                let missing = report.everAcknowledged.subtracting(stored)
                report.lost += missing.count
                if !missing.isEmpty { report.problems.append("round \(round): lost \(missing.sorted())") }
            } catch {
                report.unreadable += 1
                report.problems.append("round \(round): the state file does not parse: \(error)")
            }
        }
        return report
    }

    @Test func sigkillAtRandomMomentsLosesNoAcknowledgedDismissal() async throws {
        let executable = try #require(Self.childExecutable, "build the state-child product first")
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let kills = 200
        let clock = ContinuousClock()
        let started = clock.now
        let report = try await OffPool.run { try Self.killRounds(kills, executable: executable, directory: directory) }
        #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let setAside = names.filter { $0.hasPrefix("state.corrupt-") }
        let leftovers = names.filter { $0.hasSuffix(".tmp") }
        #expect(setAside.isEmpty, "files set aside as corrupt: \(setAside)")
        #expect(report.lost == 0)
        #expect(report.unreadable == 0)
        // Every other round waits for an acknowledgement, so at least half the kills land in the write loop.
        #expect(report.killsDuringWrites >= kills / 2, "too few kills landed after an acknowledgement")
        // A write cut short leaves at most one temporary file (the last round's), which the next write removes.
        #expect(leftovers.count <= 1, "temporary files left behind: \(leftovers.count)")
        print(
            "crash-safety: \(kills) kills (\(report.killsDuringWrites) after at least one acknowledgement), "
                + "\(report.everAcknowledged.count) acknowledged dismissals, \(report.lost) lost, "
                + "\(report.unreadable) unreadable, \(leftovers.count) temporary files left, in \(clock.now - started)")
    }

    @Test func twoProcessesDismissingAtOnceLoseNeither() async throws {
        let executable = try #require(Self.childExecutable, "build the state-child product first")
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 60
        let first = (0..<count).map { "a-\($0)" }
        let second = (0..<count).map { "b-\($0)" }
        let (oneAcks, twoAcks, statuses) = try await OffPool.run {
            let (one, oneOutput) = try Self.start(executable, ["dismiss", directory.path] + first)
            let (two, twoOutput) = try Self.start(executable, ["dismiss", directory.path] + second)
            let oneAcks = Self.acknowledged(oneOutput.fileHandleForReading.readDataToEndOfFile())
            let twoAcks = Self.acknowledged(twoOutput.fileHandleForReading.readDataToEndOfFile())
            one.waitUntilExit()
            two.waitUntilExit()
            return (oneAcks, twoAcks, [one.terminationStatus, two.terminationStatus])
        }
        #expect(statuses == [0, 0])
        #expect(oneAcks == first && twoAcks == second)
        let state = try #require(try Self.readState(in: directory))
        #expect(Set(state.dismissals.keys) == Set(first + second))
        // The in-process store sees the same.
        let load = FileAnnouncementStateStore(directory: directory).load()
        #expect(load.notice == nil)
        #expect(load.state.dismissals.count == 2 * count)
    }
}
