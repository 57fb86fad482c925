import AnnouncementKit
import Foundation
import Testing

@Suite("StateStoreError: what failed, where and why, as values")
struct StateStoreErrorTests {
    @Test("a state folder that cannot be made fails the write with createDirectory, its path and the reason")
    func createDirectory() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("store-error-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        // A regular file where the state folder's parent should be: no folder can be made under it.
        let blocker = base.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let store = FileAnnouncementStateStore(directory: blocker.appendingPathComponent("state"))
        do {
            _ = try store.update { $0.dismissals["a"] = .init(revision: 1, date: Date(timeIntervalSince1970: 0)) }
            Issue.record("the write succeeded under a regular file")
        } catch let error as StateStoreError {
            #expect(error.operation == .createDirectory)
            #expect(error.path == blocker.appendingPathComponent("state").path)
            #expect(error.reason?.isEmpty == false)
            #expect(error.message.hasPrefix("cannot create \(blocker.appendingPathComponent("state").path): "))
            #expect(error.description == error.message)
        }
    }

    @Test("the message of each operation names it, the path and the reason")
    func messages() {
        #expect(
            StateStoreError(.replace, path: "/s/state.json", reason: "No space left on device").message
                == "cannot replace /s/state.json: No space left on device")
        #expect(
            StateStoreError(.moveAside, path: "/s/state.json", destination: "/s/state.corrupt.json", reason: "EACCES")
                .message == "cannot move /s/state.json aside to /s/state.corrupt.json: EACCES")
        #expect(StateStoreError(.createTemporaryFile, path: "/s/.t.tmp").message == "cannot create /s/.t.tmp")
        #expect(StateStoreError(.lock, path: "/s/.lock", reason: "EIO").message == "cannot lock /s/.lock: EIO")
        #expect(StateStoreError(.read, path: "/s/state.json", reason: "cannot read it").message == "cannot read it")
        let own = StateStoreError(message: "the disk is full")
        #expect(own.operation == .other && own.path == nil && own.message == "the disk is full")
    }
}
