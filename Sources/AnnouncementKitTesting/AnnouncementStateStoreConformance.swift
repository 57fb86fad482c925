public import AnnouncementKit
import Foundation

/// The promises every ``AnnouncementStateStore`` keeps, checked against a store you write.
///
/// Each check starts from a fresh store made by `makeStore` over empty storage. When the store
/// persists, pass `reopen`: it must make a second store over the same storage as the last one
/// `makeStore` made (a relaunch), so durability is checked too.
///
/// ```swift
/// let directory = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
/// var generation = 0
/// let failures = AnnouncementStateStoreConformance.check(
///     makeStore: { generation += 1; return MyStore(directory: directory.appending(path: "\(generation)")) },
///     reopen: { MyStore(directory: directory.appending(path: "\(generation)")) })
/// #expect(failures.isEmpty, "\(failures)")
/// ```
public enum AnnouncementStateStoreConformance {
    /// Runs every check and returns the promises that were not kept (empty when the store conforms).
    public static func check(
        makeStore: () throws -> any AnnouncementStateStore,
        reopen: (() throws -> any AnnouncementStateStore)? = nil
    ) -> [ConformanceFailure] {
        let checks: [(String, (any AnnouncementStateStore) throws -> String?)] = [
            ("a fresh store is empty", freshStoreIsEmpty),
            ("update returns the changed state", updateReturnsChange),
            ("load sees every update", loadSeesUpdates),
            ("updates build on each other", updatesCompose),
            ("concurrent updates are not lost", concurrentUpdatesKept),
            ("a thousand ids round-trip", manyIDsRoundTrip),
        ]
        var failures: [ConformanceFailure] = []
        for (name, run) in checks {
            do {
                if let problem = try run(makeStore()) {
                    failures.append(ConformanceFailure(check: name, message: problem))
                }
            } catch {
                failures.append(ConformanceFailure(check: name, message: "threw \(error)"))
            }
        }
        if let reopen {
            do {
                if let problem = try durability(makeStore(), reopen: reopen) {
                    failures.append(ConformanceFailure(check: "updates survive a relaunch", message: problem))
                }
            } catch {
                failures.append(ConformanceFailure(check: "updates survive a relaunch", message: "threw \(error)"))
            }
        }
        return failures
    }

    /// A fixed instant with whole milliseconds, which every store's format can hold.
    static let instant = Date(timeIntervalSince1970: 1_796_385_600.125)

    static func freshStoreIsEmpty(_ store: any AnnouncementStateStore) -> String? {
        let load = store.load()
        if let notice = load.notice { return "loading empty storage gave the notice \(notice)" }
        if !load.state.dismissals.isEmpty || !load.state.impressions.isEmpty {
            return "empty storage loaded \(load.state.dismissals.count) dismissals and "
                + "\(load.state.impressions.count) impression records"
        }
        return nil
    }

    static func updateReturnsChange(_ store: any AnnouncementStateStore) throws -> String? {
        let returned = try store.update { $0.recordImpression(of: "a", at: instant) }
        guard returned.impressions["a"]?.count == 1 else {
            return "update returned \(String(describing: returned.impressions["a"])) for the impression just recorded"
        }
        return nil
    }

    static func loadSeesUpdates(_ store: any AnnouncementStateStore) throws -> String? {
        try store.update { state in
            state.dismissals["d"] = AnnouncementState.Dismissal(revision: 3, date: instant)
            state.recordImpression(of: "i", at: instant)
        }
        return mismatch(store.load().state, expectedDismissal: ("d", 3), impressions: ["i": 1])
    }

    static func updatesCompose(_ store: any AnnouncementStateStore) throws -> String? {
        for _ in 0..<3 { try store.update { $0.recordImpression(of: "i", at: instant) } }
        try store.update { $0.dismissals["d"] = AnnouncementState.Dismissal(revision: 1, date: instant) }
        return mismatch(store.load().state, expectedDismissal: ("d", 1), impressions: ["i": 3])
    }

    static func concurrentUpdatesKept(_ store: any AnnouncementStateStore) throws -> String? {
        let workers = 4
        let perWorker = 25
        let errors = ErrorBox()
        let finished = DispatchGroup()
        // Threads of their own, so the workers overlap even when the dispatch pool is busy.
        for _ in 0..<workers {
            finished.enter()
            Thread {
                for _ in 0..<perWorker {
                    do { try store.update { $0.recordImpression(of: "shared", at: instant) } } catch {
                        errors.add(error)
                    }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        if let error = errors.first { return "an update threw \(error)" }
        let count = store.load().state.impressions["shared"]?.count ?? 0
        return count == workers * perWorker
            ? nil : "\(workers * perWorker) impressions recorded from \(workers) threads, \(count) kept"
    }

    static func manyIDsRoundTrip(_ store: any AnnouncementStateStore) throws -> String? {
        let ids = (0..<1000).map { "id-\($0)" }
        try store.update { state in
            for (index, id) in ids.enumerated() {
                state.dismissals[id] = AnnouncementState.Dismissal(revision: index % 5, date: instant)
            }
        }
        let loaded = store.load().state.dismissals
        let missing = ids.filter { loaded[$0]?.revision != ids.firstIndex(of: $0).map { $0 % 5 } }
        return missing.isEmpty ? nil : "\(missing.count) of 1000 dismissals did not come back, first \(missing[0])"
    }

    static func durability(
        _ store: any AnnouncementStateStore, reopen: () throws -> any AnnouncementStateStore
    ) throws -> String? {
        try store.update { state in
            state.dismissals["d"] = AnnouncementState.Dismissal(revision: 2, date: instant)
            state.recordImpression(of: "i", at: instant)
            state.installationID = "install-1"
        }
        let reopened = try reopen().load()
        if let notice = reopened.notice { return "the reopened store gave the notice \(notice)" }
        if reopened.state.installationID != "install-1" {
            return "installation id \(reopened.state.installationID ?? "nil") after reopening, expected install-1"
        }
        if let problem = mismatch(reopened.state, expectedDismissal: ("d", 2), impressions: ["i": 1]) {
            return "after reopening, " + problem
        }
        let date = reopened.state.dismissals["d"]?.date ?? .distantPast
        return abs(date.timeIntervalSince(instant)) < 0.001
            ? nil : "the dismissal's date came back as \(date), expected \(instant)"
    }

    private static func mismatch(
        _ state: AnnouncementState, expectedDismissal: (id: String, revision: Int), impressions: [String: Int]
    ) -> String? {
        let revision = state.dismissals[expectedDismissal.id]?.revision
        if revision != expectedDismissal.revision {
            return "dismissal of \(expectedDismissal.id) has revision \(revision.map(String.init) ?? "none"), "
                + "expected \(expectedDismissal.revision)"
        }
        for (id, count) in impressions where state.impressions[id]?.count != count {
            return "impressions of \(id): \(state.impressions[id]?.count ?? 0), expected \(count)"
        }
        return nil
    }
}

/// Collects errors thrown on several threads.
private final class ErrorBox: Sendable {
    private let errors = LockedValue<[any Error]>([])
    func add(_ error: any Error) { errors.withLock { $0.append(error) } }
    var first: (any Error)? { errors.withLock { $0.first } }
}
