import Foundation

/// The records of one load or refresh, made from the ``FetchResult`` the manager applies, in the one
/// place it applies one; a pure function of the result, so the caps are the same whatever the provider.
///
/// A fetch gives at most 28 records: one ``AnnouncementLogRecord/Category/fetch`` record (always), at
/// most `AnnouncementLogRecord.maximumFindingsPerFetch` ``AnnouncementLogRecord/Category/feed``
/// records about single findings and one that counts the rest, and at most six
/// ``AnnouncementLogRecord/Category/budget`` records (the feed's size, its number of items, and one per
/// ``ImageFetchSummary/Failure/Limit``).
extension AnnouncementLogRecord {
    /// What the manager knows about a fetch besides its result.
    struct FetchContext {
        /// The items the manager's intake dropped (``AnnouncementIntake``).
        var dropped: [RejectedAnnouncement] = []
        /// How many announcements are in use after the intake.
        var usable: Int
        /// The feed's URL, when the provider is a ``RemoteAnnouncementProvider``.
        var feedURL: URL?
        /// Whether this is the cached feed shown at launch, before the first fetch: its findings were
        /// logged when it was fetched, and it is logged at the debug level only.
        var isCachedAtLaunch = false
    }

    /// Every record of one fetch, in order: the outcome, the findings, the budget hits. The findings are
    /// logged for a feed that was decoded now (``FetchResult/Source/network``, ``FetchResult/Source/local``),
    /// not again for a cached one confirmed by a `304` or used after a failure.
    static func records(for result: FetchResult, _ context: FetchContext) -> [AnnouncementLogRecord] {
        var records = [outcome(of: result, context)]
        guard !context.isCachedAtLaunch else { return records }
        let isFresh = result.failure == nil && (result.source == .network || result.source == .local)
        if isFresh { records += findings(rejected: result.rejected + context.dropped, result.diagnostics) }
        records += budgetHits(of: result, isFresh: isFresh)
        return records
    }

    // MARK: - The outcome

    /// The one ``Category/fetch`` record: info for a feed loaded, debug for a `304`, a throttled refresh
    /// or the launch's cached feed, warning for a failure.
    static func outcome(of result: FetchResult, _ context: FetchContext) -> AnnouncementLogRecord {
        var metadata = ["source": result.source.rawValue, "usable": String(context.usable)]
        if let status = result.status { metadata["status"] = String(status) }
        if let url = context.feedURL { metadata["url"] = bounded(url.absoluteString) }
        if context.isCachedAtLaunch {
            return AnnouncementLogRecord(
                level: .debug, category: .fetch,
                message: "showing the cached feed at launch: \(context.usable) announcements", metadata: metadata)
        }
        if let failure = result.failure {
            metadata["reason"] = failure.kind.rawValue
            metadata["cacheUsed"] = String(result.source == .cache)
            // A feed refused for its signature: which problem (missing, badSignature, …).
            if let signature = failure.signatureReason { metadata["signature"] = signature.rawValue }
            let text = bounded(failure.message)
            guard failure.kind != .throttled else {
                return AnnouncementLogRecord(
                    level: .debug, category: .fetch, message: "the refresh was not sent: \(text)", metadata: metadata)
            }
            let kept =
                result.source == .cache
                ? "the cached feed stays in use"
                : "\(context.usable) fallback announcements are in use"
            return AnnouncementLogRecord(
                level: .warning, category: .fetch,
                message: "the fetch failed (\(failure.kind.rawValue)): \(text); \(kept)", metadata: metadata)
        }
        if result.source == .notModified {
            return AnnouncementLogRecord(
                level: .debug, category: .fetch, message: "the feed is not modified; the cached feed stays in use",
                metadata: metadata)
        }
        let rejected = result.rejected.count + context.dropped.count
        metadata["items"] = String(context.usable + rejected)
        metadata["rejected"] = String(rejected)
        if let bytes = result.bytesReceived { metadata["bytes"] = String(bytes) }
        if let images = result.images {
            metadata["imagesFetched"] = String(images.fetched)
            metadata["imagesCached"] = String(images.cached)
            metadata["imagesFailed"] = String(images.failed)
        }
        let verb = result.source == .network ? "fetched the feed" : "loaded the announcements (\(result.source))"
        return AnnouncementLogRecord(
            level: .info, category: .fetch,
            message: "\(verb): \(context.usable + rejected) items, \(context.usable) usable, \(rejected) rejected",
            metadata: metadata)
    }

    // MARK: - Findings

    /// One ``Category/feed`` record per item dropped (notice), then per error (warning) and warning
    /// (debug) of the decoder that is not about a dropped item, at most `maximumFindingsPerFetch` in
    /// all; one more notice counts those not logged.
    static func findings(rejected: [RejectedAnnouncement], _ diagnostics: [Diagnostic]) -> [AnnouncementLogRecord] {
        var records: [AnnouncementLogRecord] = []
        var notLogged = 0
        func add(_ make: () -> AnnouncementLogRecord) {
            if records.count < maximumFindingsPerFetch { records.append(make()) } else { notLogged += 1 }
        }
        for item in rejected { add { droppedItem(item) } }
        let droppedPaths = Set(rejected.lazy.map(\.path))
        let loose = diagnostics.filter {
            $0.path != FeedItemCollector.ignoredItemsPath && !droppedPaths.contains(itemPath(of: $0.path))
        }
        for diagnostic in loose where diagnostic.severity == .error { add { finding(diagnostic) } }
        for diagnostic in loose where diagnostic.severity == .warning { add { finding(diagnostic) } }
        if notLogged > 0 {
            records.append(
                AnnouncementLogRecord(
                    level: .notice, category: .feed,
                    message: "\(notLogged) more findings of this feed were not logged "
                        + "(at most \(maximumFindingsPerFetch) are); `announce validate` lists them all",
                    metadata: ["notLogged": String(notLogged)]))
        }
        return records
    }

    private static func droppedItem(_ item: RejectedAnnouncement) -> AnnouncementLogRecord {
        var metadata = ["index": String(item.index), "path": bounded(item.path), "errors": String(item.errors.count)]
        let which = item.id.map { "\"\(bounded($0))\"" } ?? "at \(metadata["path"] ?? "")"
        var message = "dropped the item \(which)"
        if let id = item.id { metadata["id"] = bounded(id) }
        if let first = item.errors.first {
            metadata["error"] = bounded(first.message)
            message += ": \(metadata["error"] ?? "")"
        }
        return AnnouncementLogRecord(level: .notice, category: .feed, message: message, metadata: metadata)
    }

    private static func finding(_ diagnostic: Diagnostic) -> AnnouncementLogRecord {
        var metadata = ["path": bounded(diagnostic.path), "severity": diagnostic.severity.rawValue]
        if let line = diagnostic.line { metadata["line"] = String(line) }
        let text = bounded(diagnostic.message)
        return AnnouncementLogRecord(
            level: diagnostic.severity == .error ? .warning : .debug, category: .feed,
            message: "\(diagnostic.severity.rawValue) in the feed: \(text)", metadata: metadata)
    }

    /// The path of the item `path` is in (`$.announcements[3]` for `$.announcements[3].action.value`);
    /// `path` itself when it is not in an item.
    static func itemPath(of path: String) -> String {
        let prefix = "$.announcements["
        guard path.hasPrefix(prefix),
            let close = path.utf8.dropFirst(prefix.utf8.count).firstIndex(of: UInt8(ascii: "]"))
        else { return path }
        return String(path[...close])
    }

    // MARK: - Budget hits

    /// One ``Category/budget`` warning per limit the fetch reached: the feed's size, the items past
    /// `FeedLimits.maximumAnnouncements` (of a feed decoded now), and each image limit, with how many
    /// images it left out.
    static func budgetHits(of result: FetchResult, isFresh: Bool) -> [AnnouncementLogRecord] {
        var records: [AnnouncementLogRecord] = []
        if let failure = result.failure, failure.kind == .tooLarge {
            records.append(
                AnnouncementLogRecord(
                    level: .warning, category: .budget,
                    message: "the feed is over its size cap: \(bounded(failure.message))",
                    metadata: ["reason": "feedTooLarge", "limit": "maximumBodySize"]))
        }
        if isFresh,
            let ignored = result.diagnostics.first(where: {
                $0.severity == .error && $0.path == FeedItemCollector.ignoredItemsPath
            })
        {
            records.append(
                AnnouncementLogRecord(
                    level: .warning, category: .budget,
                    message: "the feed has too many items: \(bounded(ignored.message))",
                    metadata: ["reason": "tooManyItems", "limit": String(FeedLimits.maximumAnnouncements)]))
        }
        guard let failures = result.images?.failures else { return records }
        for limit in ImageFetchSummary.Failure.Limit.allCases {
            let hits = failures.lazy.filter { $0.limit == limit }
            guard let first = hits.first else { continue }
            let count = hits.count
            records.append(
                AnnouncementLogRecord(
                    level: .warning, category: .budget,
                    message: "\(count) image\(count == 1 ? "" : "s") left out: \(bounded(first.reason))",
                    metadata: [
                        "reason": "image." + limit.rawValue, "count": String(count),
                        "url": bounded(first.url.absoluteString),
                    ]))
        }
        return records
    }
}
