package import AnnouncementKit
import AnnouncementKitPreview
package import AnnouncementKitTesting
package import Foundation

/// The demo itself, without the terminal: a real ``AnnouncementManager`` over a local feed on the
/// demo clock, shown by an ``AnnouncementPresenter`` (impressions, auto-dismissal, actions), the keys
/// it acts on, and the screen it draws.
@MainActor
package final class DemoSession {
    /// The manager, as an app would hold it.
    package let manager: AnnouncementManager
    /// What draws the manager's banner: the root banner, in the renderer's colours.
    package let presenter: AnnouncementPresenter
    /// The demo clock the manager reads and sets its timers on.
    package let clock: ManualTimeSource
    /// What the last key did, shown above the status line.
    package private(set) var message = ""
    private let renderer: TerminalBannerRenderer

    /// The user the demo shows banners to.
    package static func context(locale: String) -> AnnouncementContext {
        AnnouncementContext(
            platform: "iOS", appVersion: SemanticVersion("3.4.1"), osVersion: SemanticVersion("17.5"),
            locale: locale, userID: "demo-user")
    }

    /// A session over the decoded `feed`, its clock at `now`, drawing banners `width` columns wide.
    package init(feed: FeedDecodingResult, now: Date, locale: String, width: Int, colors: Bool) {
        clock = ManualTimeSource(now: now)
        let count = feed.announcements.count
        let total = count + feed.rejected.count
        message = "Loaded \(count) of \(total) announcement\(total == 1 ? "" : "s") from the feed."
        renderer = TerminalBannerRenderer(width: width, colors: colors)
        manager = AnnouncementManager(
            provider: LocalAnnouncementProvider(feed.announcements, defaultLocale: feed.feed.defaultLocale),
            context: Self.context(locale: locale), store: InMemoryAnnouncementStateStore(), timeSource: clock)
        presenter = AnnouncementPresenter(manager: manager, colorScheme: renderer.colorScheme)
    }

    /// Loads the feed into the manager, as an app does at launch, and starts showing its banner.
    package func start() async {
        await manager.loadAnnouncements()
        presenter.start()
    }

    /// Stops showing and stops the manager's timers.
    package func stop() {
        presenter.stop()
        manager.stop()
    }

    /// Acts on `key`; returns `false` for ``DemoKey/quit``. When the key moved the clock past a timer,
    /// returns once the manager has caught up with the clock (its timer fired and it re-evaluated), so
    /// the next key acts on the banner of the new time.
    package func handle(_ key: DemoKey) async -> Bool {
        switch key {
        case .dismiss:
            guard let active = presenter.update().banner?.announcement else {
                message = "Nothing to dismiss."
                break
            }
            let dismissed = presenter.dismiss()
            message = dismissed ? "Dismissed \(escaped(active.id))." : "\(escaped(active.id)) cannot be dismissed."
        case .act:
            guard let active = presenter.update().banner?.announcement else {
                message = "No banner, no action."
                break
            }
            message = Self.describe(presenter.performAction(), of: active)
        case .next:
            await timerArmed()
            if let next = manager.nextChange {
                message = "Clock moved to the manager's next change."
                await catchUp(woken: clock.advance(to: next))
            } else {
                message = "No change is coming; clock moved one hour on."
                await catchUp(woken: clock.advance(by: 3600))
            }
        case .hour:
            await timerArmed()
            message = "Clock moved one hour on."
            await catchUp(woken: clock.advance(by: 3600))
        case .quit:
            return false
        }
        return true
    }

    /// Waits (at most two seconds) until the manager's timer for its next change is waiting on the
    /// clock: the manager arms it from a task of its own, which may not have run yet when keys come
    /// quickly (from a script).
    private func timerArmed() async {
        guard let next = manager.nextChange else { return }
        for _ in 0..<2000 where !clock.isWaiting(until: next) {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    /// Waits (at most two seconds) until the manager has re-evaluated for the clock's time, when the
    /// clock woke some of its timers. The demo does not re-evaluate for it: the manager's own timer does.
    private func catchUp(woken: Int) async {
        guard woken > 0 else { return }
        for _ in 0..<2000 where manager.evaluationDate < clock.now {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    /// What performing the action of `announcement` led to, escaped for the terminal.
    package static func describe(_ route: ActionRoute, of announcement: Announcement) -> String {
        let id = TerminalText.escaped(announcement.id)
        switch route {
        case .openURL(let url): return "Would open \(TerminalText.escaped(url.absoluteString)) (\(id))."
        case .openDeepLink(let url): return "Would open deep link \(TerminalText.escaped(url.absoluteString)) (\(id))."
        case .dismissed: return "The action dismissed \(id)."
        case .none(let reason): return "No route for \(id): \(TerminalText.escaped(reason))."
        }
    }

    /// The screen for now: the active banner, the last message and the status line. Drawing it is
    /// what shows the banner: the presenter looks at the manager, and a banner that has just appeared
    /// begins its showing (its impression, its auto-dismissal).
    package func screen() -> String {
        var lines: [String] = []
        if let banner = presenter.update().banner {
            lines.append("Active: \(escaped(banner.announcement.id))")
            lines.append(renderer.render(banner.appearance))
        } else {
            lines.append("No announcement is active.\n")
        }
        if !message.isEmpty { lines += TextWrapper.wrap(message, width: renderer.width) }
        lines += TextWrapper.wrap(statusLine(), width: renderer.width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The demo clock, the queue length and the keys.
    package func statusLine() -> String {
        let keys = "d dismiss · a act · n/→ next change · + 1 hour · q quit"
        return "Demo clock \(Timestamp.format(clock.now)) · queue \(manager.queue.count) · \(keys)"
    }

    private func escaped(_ text: String) -> String { TerminalText.escaped(text) }
}
