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

    private func start(_ executable: URL, _ arguments: [String]) throws -> (Process, Pipe) {
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
    private func acknowledged(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let complete = text.hasSuffix("\n") ? text : String(text[..<(text.lastIndex(of: "\n") ?? text.startIndex)])
        return complete.split(separator: "\n").compactMap { line in
            line.hasPrefix("ack ") ? String(line.dropFirst(4)) : nil
        }
    }

    private func readState(in directory: URL) throws -> AnnouncementState? {
        let file = directory.appendingPathComponent(AnnouncementStateFile.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try AnnouncementStateFile.decode(try Data(contentsOf: file))
    }

    @Test func sigkillAtRandomMomentsLosesNoAcknowledgedDismissal() throws {
        let executable = try #require(Self.childExecutable, "build the state-child product first")
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let kills = 200
        var everAcknowledged = Set<String>()
        var killsDuringWrites = 0
        var unreadable = 0
        var lost = 0
        var generator = SystemRandomNumberGenerator()
        let clock = ContinuousClock()
        let started = clock.now
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
            if !acks.isEmpty { killsDuringWrites += 1 }
            everAcknowledged.formUnion(acks)
            do {
                let state = try readState(in: directory)
                let stored = Set(state?.dismissals.keys.map { $0 } ?? [])
                let missing = everAcknowledged.subtracting(stored)
                lost += missing.count
                #expect(missing.isEmpty, "round \(round): lost \(missing.sorted())")
            } catch {
                unreadable += 1
                Issue.record("round \(round): the state file does not parse: \(error)")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let setAside = names.filter { $0.hasPrefix("state.corrupt-") }
        let leftovers = names.filter { $0.hasSuffix(".tmp") }
        #expect(setAside.isEmpty, "files set aside as corrupt: \(setAside)")
        #expect(lost == 0)
        #expect(unreadable == 0)
        // Every other round waits for an acknowledgement, so at least half the kills land in the write loop.
        #expect(killsDuringWrites >= kills / 2, "too few kills landed after an acknowledgement")
        // A write cut short leaves at most one temporary file (the last round's), which the next write removes.
        #expect(leftovers.count <= 1, "temporary files left behind: \(leftovers.count)")
        print(
            "crash-safety: \(kills) kills (\(killsDuringWrites) after at least one acknowledgement), "
                + "\(everAcknowledged.count) acknowledged dismissals, \(lost) lost, \(unreadable) unreadable, "
                + "\(leftovers.count) temporary files left, in \(clock.now - started)")
    }

    @Test func twoProcessesDismissingAtOnceLoseNeither() throws {
        let executable = try #require(Self.childExecutable, "build the state-child product first")
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 60
        let first = (0..<count).map { "a-\($0)" }
        let second = (0..<count).map { "b-\($0)" }
        let (one, oneOutput) = try start(executable, ["dismiss", directory.path] + first)
        let (two, twoOutput) = try start(executable, ["dismiss", directory.path] + second)
        let oneAcks = acknowledged(oneOutput.fileHandleForReading.readDataToEndOfFile())
        let twoAcks = acknowledged(twoOutput.fileHandleForReading.readDataToEndOfFile())
        one.waitUntilExit()
        two.waitUntilExit()
        #expect(one.terminationStatus == 0 && two.terminationStatus == 0)
        #expect(oneAcks == first && twoAcks == second)
        let state = try #require(try readState(in: directory))
        #expect(Set(state.dismissals.keys) == Set(first + second))
        // The in-process store sees the same.
        let load = FileAnnouncementStateStore(directory: directory).load()
        #expect(load.notice == nil)
        #expect(load.state.dismissals.count == 2 * count)
    }
}
