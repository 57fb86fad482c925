import Foundation

/// An ``AnnouncementStateStore`` over a ``DismissalStoring``: dismissals go to the dismissal store, and
/// what it cannot hold (impressions, dates, revisions, the installation id) is kept in memory.
///
/// - Each dismissal an update records (one the state did not have, or a changed one) is passed to
///   ``DismissalStoring/markDismissed(id:)`` before the update returns.
/// - At each load and update, every id the dismissal store holds is a dismissal. One recorded in this
///   process keeps its revision and date. Any other counts for every revision (the dismissal store keeps
///   none: an id dismissed there stays dismissed whatever the revision) and is dated when this store first
///   saw it, by `timeSource`; so an announcement's `dismissFor` runs from then, that is at most from the
///   launch (the dismissal store keeps no dates).
/// - The ids held are listed with ``DismissalListing/dismissedIDs()`` when the dismissal store can list
///   them; otherwise only ids this store already tracks are asked about with
///   ``DismissalStoring/isDismissed(id:)``, and dismissals from earlier launches are not known.
/// - Removing a dismissal from the state (the prune of ids gone from the feed) does not remove it from the
///   dismissal store, which can only forget everything (``DismissalStoring/clearAll()``).
///
/// So impressions, frequency caps, the installation id and revisions last only as long as the process:
/// after a relaunch, only the dismissals are back.
///
/// ```swift
/// let store = DismissalStoreStateStore(UserDefaultsDismissalStore())
/// let manager = AnnouncementManager(provider: provider, context: context, store: store)
/// ```
package final class DismissalStoreStateStore: AnnouncementStateStore, Sendable {
    /// The store that keeps the dismissed ids.
    package let dismissalStore: any DismissalStoring
    private let timeSource: any TimeSource
    private let memory = LockedValue(AnnouncementState())

    /// Creates a store keeping dismissals in `dismissalStore`; `timeSource` dates the dismissals found
    /// there.
    package init(_ dismissalStore: any DismissalStoring, timeSource: any TimeSource = SystemTimeSource()) {
        self.dismissalStore = dismissalStore
        self.timeSource = timeSource
    }

    /// The state in memory, with every dismissal the dismissal store holds.
    package func load() -> StateStoreLoad {
        StateStoreLoad(
            state: memory.withLock { state in
                adoptStoredDismissals(into: &state)
                return state
            })
    }

    /// Applies `change` to the state, passing each new dismissal to the dismissal store.
    @discardableResult
    package func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
        memory.withLock { state in
            adoptStoredDismissals(into: &state)
            let before = state.dismissals
            var changed = state
            change(&changed)
            for (id, record) in changed.dismissals where before[id] != record {
                dismissalStore.markDismissed(id: id)
            }
            state = changed
            adoptStoredDismissals(into: &state)
            return state
        }
    }

    /// Adds a dismissal of every revision for each id the dismissal store holds that `state` has no
    /// dismissal for.
    private func adoptStoredDismissals(into state: inout AnnouncementState) {
        let held: Set<String>
        if let listing = dismissalStore as? any DismissalListing {
            held = listing.dismissedIDs()
        } else {
            let known = Set(state.dismissals.keys).union(state.impressions.keys).union(state.lastSeen.keys)
            held = known.filter { dismissalStore.isDismissed(id: $0) }
        }
        let missing = held.filter { state.dismissals[$0] == nil }
        guard !missing.isEmpty else { return }
        let now = timeSource.now
        for id in missing {
            state.dismissals[id] = AnnouncementState.Dismissal(
                revision: AnnouncementState.Dismissal.everyRevision, date: now)
            if state.lastSeen[id] == nil { state.lastSeen[id] = now }
        }
    }
}
