import Foundation

/// How the manager's changes reach its state store.
///
/// Dismissals, impressions and the start of the gap between banners are written before the call that
/// makes them returns (``persist(_:)``). Tracked events (``track(_:)``) are applied to ``state`` at once
/// and written behind the caller's back (``persistSoon(_:)``): one write on the store's queue takes every
/// event tracked since the last one, so a burst of events costs one write, and the caller never waits for
/// the disk. Every write takes the changes still waiting with it, in order, so nothing is written out of
/// order and nothing waits longer than the next write.
extension AnnouncementManager {
    /// The most changes that wait for a write; past it, ``persistSoon(_:)`` writes before returning.
    static let maximumPendingChanges = 1024

    /// Applies `change` through the store before returning, so a dismissal or an impression is durable
    /// when the call that made it returns; the changes waiting to be written go with it. The write is
    /// small: the state is bounded (``AnnouncementState``), and the large reads and writes (the load, the
    /// prune at each refresh) run in the background.
    func persist(_ change: @escaping (inout AnnouncementState) -> Void) {
        let waiting = takePendingChanges()
        let all: (inout AnnouncementState) -> Void = { state in
            for pending in waiting { pending(&state) }
            change(&state)
        }
        stateWrites += 1
        // The store's answer holds every change made so far: those waiting, and those a background write
        // took and has not written yet (the store access writes them first).
        adopt(Result { try store.updateNow(all) }, of: change, isCurrent: true)
    }

    /// Applies `change` to ``state`` now and writes it soon, on the store's queue, with the other
    /// changes made meanwhile; before the stored state is loaded, it waits for the load.
    func persistSoon(_ change: @escaping @Sendable (inout AnnouncementState) -> Void) {
        change(&state)
        stateGeneration += 1
        guard pendingChanges.count < Self.maximumPendingChanges else {
            persist { _ in }
            return
        }
        pendingChanges.append(change)
        scheduleWrite()
    }

    /// Starts a background write of the waiting changes, unless one is already on its way or the stored
    /// state is not loaded yet.
    func scheduleWrite() {
        guard isStateLoaded, !isWriteScheduled, !pendingChanges.isEmpty else { return }
        isWriteScheduled = true
        // The task keeps the manager until the write is done, so a change made just before the manager
        // goes away is still written.
        Task { await self.writePendingChanges() }
    }

    /// Writes the changes waiting (``track(_:)``'s events) and returns when they are durable. An app may
    /// call it when it moves to the background; every dismissal and impression is durable already.
    public func storePendingChanges() async {
        // Before the stored state is loaded, a write is made at once: its answer is the whole stored state.
        let written = lock.withLock {
            guard !isStateLoaded else { return false }
            if !pendingChanges.isEmpty { persist { _ in } }
            return true
        }
        if !written { await writePendingChanges() }
    }

    private func writePendingChanges() async {
        let (waiting, generation) = lock.withLock {
            isWriteScheduled = false
            if !pendingChanges.isEmpty { stateWrites += 1 }
            return (takePendingChanges(), stateGeneration)
        }
        guard !waiting.isEmpty, let stored = await store.updateInBackground(waiting, then: nil) else { return }
        lock.withLock {
            // The changes are in `state` already: when something changed since, `state` is newer than the
            // store's answer and is kept.
            adopt(stored, of: { _ in }, isCurrent: generation == stateGeneration)
        }
    }

    private func takePendingChanges() -> [@Sendable (inout AnnouncementState) -> Void] {
        defer { pendingChanges.removeAll() }
        return pendingChanges
    }

    /// Applies `change` through the store on a background thread, and then to ``state``. Announcements
    /// whose records changed meanwhile (another process dismissed one, say) are evaluated again.
    func persistInBackground(_ change: @escaping @Sendable (inout AnnouncementState) -> Void) async {
        let (waiting, generation) = lock.withLock {
            stateWrites += 1
            return (takePendingChanges(), stateGeneration)
        }
        guard let stored = await store.updateInBackground(waiting, then: change) else { return }
        lock.withLock {
            let previous = state
            adopt(stored, of: change, isCurrent: generation == stateGeneration)
            if let change = AnnouncementDisplayState.Change.records(of: announcements, from: previous, to: state) {
                reevaluate(change)
            }
        }
    }

    /// Takes the stored state read at launch as ``state``, with the changes made since the load began on
    /// top (events tracked before the load was done); a change written meanwhile (`writtenMeanwhile`) read
    /// the store itself, and ``state`` is kept. Then the waiting changes are written.
    func adoptLoaded(_ load: StateStoreLoad, writtenMeanwhile: Bool) {
        if !writtenMeanwhile {
            state = load.state
            for change in pendingChanges { change(&state) }
            state.shownThisSession = shownThisSession
            stateGeneration += 1
        }
        storeNotice = load.notice
        if let notice = load.notice { log(.storeSetAside(notice)) }
        isStateLoaded = true
        scheduleWrite()
    }

    /// Takes the state the store gave back after `change` as ``state``. When another change was applied
    /// since the write began (`isCurrent` is false), `change` is applied on top of it in memory instead
    /// (the store has both), so neither is lost; when the store failed, the change still applies in
    /// memory and ``storeNotice`` says why.
    private func adopt(
        _ stored: Result<AnnouncementState, any Error>, of change: (inout AnnouncementState) -> Void, isCurrent: Bool
    ) {
        switch stored {
        case .success(let updated) where isCurrent:
            state = updated
        case .success:
            change(&state)
        case .failure(let error):
            change(&state)
            storeNotice = "could not store the change: \(error)"
            log(.storeWriteFailed(error))
        }
        stateGeneration += 1
        state.shownThisSession = shownThisSession
    }

    /// Stores when the gap between banners began, if one began since `previous` (a banner hidden by its
    /// countdown, say), so the gap holds after a relaunch.
    func storeGap(since previous: Date?) {
        guard let gap = display.gapStart(since: previous) else { return }
        persist { $0.lastBannerLeft = gap }
    }
}
