package import Foundation

/// The persisted form of ``AnnouncementState``: a versioned JSON document, shared by the app's
/// file store and `announce simulate --state-dir`.
///
/// ```json
/// {
///   "formatVersion": 1,
///   "installationId": "6F9619FF-8B86-D011-B42D-00C04FC964FF",
///   "lastBannerLeft": "2026-12-04T08:00:00Z",
///   "dismissals": {
///     "maintenance": {"revision": 0, "at": "2026-12-04T08:00:00Z"}
///   },
///   "impressions": {
///     "dark-mode": {"count": 2, "last": "2026-12-03T19:12:00Z"}
///   },
///   "lastSeen": {
///     "maintenance": "2026-12-04T08:00:00Z",
///     "dark-mode": "2026-12-03T19:12:00Z"
///   },
///   "events": {
///     "checkout_completed": {"count": 3, "last": "2026-12-04T09:30:00Z"}
///   }
/// }
/// ```
/// `events` (present when the app tracked events), `recentImpressions` and `conversionWindows`
/// (present when there are any; see `docs/eligibility.md`) are skipped by readers that predate them, as
/// any unknown member is; so is `lastBannerLeft`, when a banner last went away (for the manager's gap
/// between banners).
/// The session's impressions are not stored: every launch is a new session. Version 0.1 wrote the same
/// members with sorted keys; both read each other's files. A document is at most ``maximumBytes``.
package enum AnnouncementStateFile {
    /// The format version this package writes and reads.
    package static let formatVersion = 1
    /// The file name inside a state directory.
    package static let fileName = "state.json"

    /// Why a state document could not be read.
    package struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        package var message: String
        /// The problem, for display.
        package var description: String { message }
    }

    /// The largest state document read or written, in bytes: 8 MiB, the size of the largest feed
    /// (`FeedLimits.maximumFeedBytes`).
    ///
    /// Records of a full feed fit with room to spare: 10,000 ids of 128 characters, each with a
    /// dismissal, impressions and a last-seen date, take about 5.6 MB. A document that would be larger
    /// leaves out the ids with the oldest activity (as `AnnouncementState.maximumTrackedIDs` does), so
    /// every document this package writes is within the limit, and reading one costs at most a few tens
    /// of milliseconds.
    ///
    /// A larger file can only come from an older version (0.1 kept a last-seen date for every id of every
    /// feed) or from tampering. It is never read whole: the stores read its first ``maximumBytes`` only,
    /// keep the records found there (the installation id and dismissals come first in the files of
    /// every version), set the file aside and write the rest back within the limit.
    package static let maximumBytes = 8 * 1024 * 1024

    /// Encodes `state` (without the session's impressions) in at most ``maximumBytes``; when the records
    /// would not fit, the ids with the oldest activity are left out. Last-seen dates of ids with no
    /// dismissal or impressions are not written.
    package static func encode(_ state: AnnouncementState) -> Data {
        var state = state
        return encode(bounding: &state)
    }

    /// Decodes a state document; throws ``ReadError`` saying what is wrong, or when `data` is larger
    /// than ``maximumBytes`` (without reading it). More than `AnnouncementState.maximumTrackedIDs` ids
    /// are cut to that many, the oldest going first.
    package static func decode(_ data: Data) throws(ReadError) -> AnnouncementState {
        guard data.count <= maximumBytes else { throw tooLarge(byteCount: data.count) }
        let outcome = data.withUnsafeBytes { read($0.bindMemory(to: UInt8.self)) }
        if let problem = outcome.problem { throw problem }
        return outcome.state
    }

    /// Reads a state document as the app's store does: the records read before the first problem
    /// (all of them when `problem` is `nil`), within the state's bounds; a document of a newer format
    /// version gives a fresh state. Only its first ``maximumBytes`` are read, as the store reads a larger
    /// file.
    package static func recover(_ bytes: [UInt8]) -> (state: AnnouncementState, problem: ReadError?) {
        let outcome = bytes.prefix(maximumBytes).withUnsafeBufferPointer { read($0) }
        return (outcome.state, outcome.problem)
    }

    /// The error for a document of `byteCount` bytes, over ``maximumBytes``.
    static func tooLarge(byteCount: Int) -> ReadError {
        ReadError(
            message: "the state file is \(byteCount) bytes, over the limit of \(maximumBytes) bytes (8 MiB); "
                + "only an older version or an edit makes one so large")
    }
}
