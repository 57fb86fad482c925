import Foundation
import Testing

@testable import AnnounceProject

@Suite struct FileTransactionTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("transaction-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try "old\n".write(to: root.appendingPathComponent("App/App.swift"), atomically: true, encoding: .utf8)
    }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test func writesEveryChangeAndCreatesFolders() throws {
        let transaction = FileTransaction(root: root)
        try transaction.apply([
            .init(path: "App/App.swift", oldText: "old\n", newText: "new\n"),
            .init(path: "App/Announcements/announcements.json", oldText: nil, newText: "{}\n"),
        ])
        #expect(text("App/App.swift") == "new\n")
        #expect(text("App/Announcements/announcements.json") == "{}\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("App").path)
        #expect(leftovers.sorted() == ["Announcements", "App.swift"])
    }

    @Test func aFileChangedSinceItWasReadStopsEverything() {
        let transaction = FileTransaction(root: root)
        #expect(throws: FileTransaction.Failure("App/App.swift changed since it was read; run again")) {
            try transaction.apply([
                .init(path: "New.swift", oldText: nil, newText: "x"),
                .init(path: "App/App.swift", oldText: "something else\n", newText: "new\n"),
            ])
        }
        #expect(text("New.swift") == nil)
        #expect(text("App/App.swift") == "old\n")
    }

    @Test func aFailureMidwayPutsEveryFileBack() throws {
        // The second change needs a folder where a file is: creating it fails after the first
        // change's temporary file was written.
        try "file".write(to: root.appendingPathComponent("Blocked"), atomically: true, encoding: .utf8)
        let transaction = FileTransaction(root: root)
        #expect(throws: FileTransaction.Failure.self) {
            try transaction.apply([
                .init(path: "App/App.swift", oldText: "old\n", newText: "new\n"),
                .init(path: "Fresh/Deep/file.swift", oldText: nil, newText: "x"),
                .init(path: "Blocked/inside.swift", oldText: nil, newText: "x"),
            ])
        }
        #expect(text("App/App.swift") == "old\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Fresh").path))
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("App").path)
        #expect(names == ["App.swift"])
    }

    @Test func refusesPathsAndLinksThatLeaveTheRoot() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Linked").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Inside").path,
            withDestinationPath: root.appendingPathComponent("App").path)
        let transaction = FileTransaction(root: root)
        for path in ["../x.swift", "/etc/x", "App/../x", "App//x", ""] {
            #expect(throws: FileTransaction.Failure("'\(path)' is not a plain path inside the project")) {
                try transaction.apply([.init(path: path, oldText: nil, newText: "x")])
            }
        }
        #expect(
            throws: FileTransaction.Failure(
                "'Linked/x.swift' leads out of the project through a symbolic link; nothing is written there")
        ) {
            try transaction.apply([.init(path: "Linked/x.swift", oldText: nil, newText: "x")])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        // A link that stays inside the root is followed.
        try transaction.apply([.init(path: "Inside/y.swift", oldText: nil, newText: "y")])
        #expect(text("App/y.swift") == "y")
    }

    @Test func keepsTheModeOfAReplacedFile() throws {
        let path = root.appendingPathComponent("App/App.swift").path
        chmod(path, 0o600)
        try FileTransaction(root: root).apply([.init(path: "App/App.swift", oldText: "old\n", newText: "new\n")])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func refusesToCreateAFileThatExists() {
        #expect(throws: FileTransaction.Failure("App/App.swift already exists; nothing was written")) {
            try FileTransaction(root: root).apply([.init(path: "App/App.swift", oldText: nil, newText: "x")])
        }
    }
}
