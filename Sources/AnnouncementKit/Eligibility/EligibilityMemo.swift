package import Foundation

/// What an evaluation pass remembers from one announcement to the next: the context's rule data
/// (everything a targeting rule reads but `$flagd`) for the last instant and event records asked about.
///
/// Building that data (sorting the segments, splitting the locale, writing the versions) costs
/// more than evaluating a typical rule, and a selection asks for it once per announcement that has
/// a targeting rule, nearly always at the same instant. The memo keeps one instant's data; asking
/// for another instant replaces it.
///
/// The memo is a plain value owned by whoever runs the pass, and handed to the evaluator `inout`:
/// `AnnouncementSelector` makes one per selection, ``AnnouncementSelectionEngine`` keeps one for
/// as long as it lives, and the evaluator's public entry points make a fresh one per call. It does
/// not record which context its data came from, so it serves one ``AnnouncementContext``: whoever
/// owns it starts a new one when the context changes.
package struct EligibilityMemo: Sendable {
    /// The instant whose rule data the memo holds; `nil` before the first request.
    package private(set) var instant: Date?
    /// The event records the data holds.
    private var events: [String: AnnouncementState.EventRecord] = [:]
    private var base: [String: JSONValue] = [:]

    /// An empty memo.
    package init() {}

    /// The data `announcementID`'s targeting rule sees under `context` and `events` at `date`: the
    /// remembered data when it is for `date` and `events`, else the data built afresh (and remembered in its place),
    /// completed with the announcement's `$flagd`.
    package mutating func ruleData(
        for context: AnnouncementContext, events: [String: AnnouncementState.EventRecord] = [:],
        announcementID: String, at date: Date
    ) -> JSONValue {
        // Unchanged records share their storage, which makes the comparison immediate.
        if instant != date || self.events != events {
            base = context.ruleDataBase(at: date, events: events)
            instant = date
            self.events = events
        }
        return AnnouncementContext.ruleData(base: base, announcementID: announcementID)
    }
}
