/// Sticky percentage rollouts: the flagd `fractional` v2 bucketing with 10,000 buckets.
///
/// A user's bucket for an announcement comes from MurmurHash3 (x86, 32 bits, seed 0) of the UTF-8 of
/// the announcement id followed by the user id. The same pair always gets the same bucket, on every
/// device and platform, and buckets of different announcements are independent.
///
/// ```swift
/// Rollout.isIncluded(announcementID: "new-editor", userID: "u-42", percentage: 12.5)
/// ```
package enum Rollout {
    /// Number of buckets: a percentage is honoured to two decimal places.
    static let bucketCount: UInt64 = 10_000

    /// The bucket of `key`, in `0..<10_000`: `(UInt64(MurmurHash3.x86_32(utf8(key))) * 10_000) >> 32`.
    package static func bucket(for key: String) -> Int {
        let hash = MurmurHash3.x86_32(key.utf8)
        return Int((UInt64(hash) * bucketCount) >> 32)
    }

    /// Whether the user is in the first `percentage` percent (0–100, decimals allowed) of the
    /// announcement's buckets; the key is `announcementID + userID`. Included when
    /// `bucket < percentage × 100`, so 0 includes nobody and 100 everybody.
    package static func isIncluded(announcementID: String, userID: String, percentage: Double) -> Bool {
        Double(bucket(for: announcementID + userID)) < percentage * 100
    }
}
