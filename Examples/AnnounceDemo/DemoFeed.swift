package import AnnouncementKit
import Foundation

/// Reads and decodes the demo's feed file.
package enum DemoFeed {
    /// Why the feed cannot be shown, and the exit status that says so.
    package struct Failure: Error, Equatable {
        /// What went wrong, in one line.
        package var message: String
        /// 1 when the feed cannot be used, 2 when it cannot be read.
        package var status: Int32
    }

    /// The decoded feed at `path` (relative to the current directory), or why it cannot be shown.
    package static func load(_ path: String) -> Result<FeedDecodingResult, Failure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(Failure(message: "cannot read '\(path)': no such file", status: 2))
        }
        guard !isDirectory.boolValue else {
            return .failure(Failure(message: "cannot read '\(path)': it is a directory; name a feed file", status: 2))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= FeedLimits.maximumFeedBytes else {
            let limit = FeedLimits.maximumFeedBytes
            return .failure(
                Failure(message: "\(path): the feed is \(size) bytes; at most \(limit) are read", status: 1))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return .failure(Failure(message: "cannot read '\(path)': \(error.localizedDescription)", status: 2))
        }
        do {
            return .success(try FeedDecoder().decode(data))
        } catch {
            return .failure(Failure(message: "\(path): the feed cannot be used: \(error.description)", status: 1))
        }
    }
}
