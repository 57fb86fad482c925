import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files in a project that would hang or flood a careless reader: FIFOs named like a Swift file,
/// an Info.plist, a Podfile and a Package.resolved, and sparse files of 2 GiB. `announce init`
/// reads regular files only, within each file's budget, and ends.
@Suite struct InitHostileFilesTests {
    @Test(.timeLimit(.minutes(2)))
    func fifosAndHugeFilesAreLeftUnreadAndInitEnds() async throws {
        let root = try InitCommandTests.copy("shop")
        defer { try? FileManager.default.removeItem(at: root) }
        for fifo in [
            "Sources/Shop/Pipe.swift", "Podfile", "Package.resolved", "Sources/Shop/Extra/Info.plist",
            "Sources/Shop/Announcements/AppAnnouncements.swift",
        ] {
            let url = root.appendingPathComponent(fifo)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(mkfifo(url.path, 0o644) == 0, "mkfifo \(fifo)")
        }
        for sparse in ["Sources/Shop/Huge.swift", "Podfile.lock", "Cartfile"] {
            let path = root.appendingPathComponent(sparse).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data("import SwiftUI\n".utf8)))
            #expect(truncate(path, 2 << 30) == 0)
        }
        let (result, report) = try await InitCommandTests.run(root, ["--dry-run"])
        #expect(result.status == .success, "\(result.standardError)")
        #expect((report["project"] as? [String: Any])?["appTarget"] as? String == "Shop")
        let checks = try #require(report["checks"] as? [[String: Any]]).compactMap { $0["message"] as? String }
        // The two FIFOs and the 2 GiB file named .swift are the three left out of the source walk.
        #expect(checks.contains("3 Swift files were past the reading budget and were not read"), "\(checks)")
    }
}
