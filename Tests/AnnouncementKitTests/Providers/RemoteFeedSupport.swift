import AnnouncementKit
import Foundation

/// Feeds, temporary directories and configurations for the remote provider's tests.
enum RemoteFeedSupport {
    /// A feed with one announcement per id.
    static func feed(_ ids: [String]) -> Data {
        let items = ids.map { #"{"id": "\#($0)", "title": "Title \#($0)", "message": "Message \#($0)"}"# }
        return Data(#"{"schemaVersion": 1, "announcements": [\#(items.joined(separator: ", "))]}"#.utf8)
    }

    /// A new empty directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A configuration for loopback servers: plain http allowed, a cache in `directory`, and short
    /// bounds (2 s) for the fault tests, which measure them.
    static func configuration(
        cache directory: URL?, deadline: TimeInterval = 2, fallback: [Announcement] = []
    ) -> RemoteProviderConfiguration {
        RemoteProviderConfiguration(
            cacheDirectory: directory, requestTimeout: min(deadline, 10), deadline: deadline, allowsHTTP: true,
            fallback: fallback)
    }

    /// Bounds for tests that are not about time: generous, so a busy machine cannot fail them.
    static let patientDeadline: TimeInterval = 60

    static let start = Date(timeIntervalSince1970: 1_800_000_000)
}
