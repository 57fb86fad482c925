import Foundation

/// The trigger check: the app event an announcement waits for, and when its window ends.
extension EligibilityEvaluator {
    /// Why `announcement`'s trigger holds it back at `date`, if it does: the event has happened fewer
    /// than `minCount` times, or its last occurrence is not less than `within` seconds before `date`.
    /// A last occurrence dated more than `within` ahead of `date` (the clock went back) is not trusted,
    /// as a last impression is not for `minimumInterval`.
    func triggerProblem(_ announcement: Announcement, at date: Date) -> ExclusionCause? {
        guard let trigger = announcement.trigger else { return nil }
        let record = state.events[trigger.event]
        let count = record?.count ?? 0
        guard let record, count >= trigger.minCount else {
            return .waitingForEvent(trigger.event, seen: count, minCount: trigger.minCount)
        }
        guard triggerWindowEnd(trigger, record, at: date) == nil else { return nil }
        return .eventWindowOver(trigger.event, lastSeen: record.last, within: trigger.within, at: date)
    }

    /// When the trigger's window ends, while it is open at `date` (`last <= date < last + within`, or a
    /// last occurrence ahead of `date` by at most `within`); `nil` when it is not open.
    func triggerWindowEnd(
        _ trigger: Announcement.Trigger, _ record: AnnouncementState.EventRecord, at date: Date
    ) -> Date? {
        AnnouncementState.timedEnd(since: record.last, lasting: trigger.within, at: date)
    }

    /// When `announcement`'s trigger window ends, while it is open and the count reached at `date`.
    func triggerWindowEnd(of announcement: Announcement, at date: Date) -> Date? {
        guard let trigger = announcement.trigger, let record = state.events[trigger.event],
            record.count >= trigger.minCount
        else { return nil }
        return triggerWindowEnd(trigger, record, at: date)
    }

    /// Whether the trigger holds `announcement` back at `date` for good, as far as time goes: only a new
    /// occurrence of the event can let it show (too few occurrences, or the window over).
    func isHeldByTriggerWhateverTheTime(_ announcement: Announcement, at date: Date) -> Bool {
        guard let trigger = announcement.trigger else { return false }
        guard let record = state.events[trigger.event], record.count >= trigger.minCount else { return true }
        return date >= record.last.addingTimeInterval(trigger.within)
    }

    /// When the trigger, which holds `announcement` back at `date`, lets go by time alone: only a last
    /// occurrence ahead of the clock by more than `within` does, once it is `within` ahead; `nil` when
    /// only a new occurrence of the event can.
    func triggerLift(of announcement: Announcement, at date: Date) -> Date? {
        guard let trigger = announcement.trigger, let record = state.events[trigger.event],
            record.count >= trigger.minCount
        else { return nil }
        let trusted = record.last.addingTimeInterval(-trigger.within)
        return date < trusted ? trusted : nil
    }
}
