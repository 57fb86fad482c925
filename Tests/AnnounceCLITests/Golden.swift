import AnnouncementTestSupport
import Foundation
import Testing

/// Compares command output with files kept in `Tests/AnnounceCLITests/Golden`.
/// Run with `ANNOUNCE_RECORD_GOLDEN=1` to write the current output instead.
enum Golden {
    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let url = Fixtures.url("Tests/AnnounceCLITests/Golden/\(name)")
        if ProcessInfo.processInfo.environment["ANNOUNCE_RECORD_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected, "output differs from \(name); re-record with ANNOUNCE_RECORD_GOLDEN=1",
            sourceLocation: sourceLocation)
    }
}
