import Foundation

extension AnnouncementManager {
    /// Shows the loaded announcement `id` now, at every placement, whatever its schedule, dismissal, caps
    /// or audience and without waiting for the gap between banners: for checking an announcement from a
    /// debug menu or a deep link. It stays until it is dismissed or hidden (a banner that is not
    /// dismissible stays until ``endPreview()``); a dismissal is recorded as any other. Previewing
    /// another announcement replaces it.
    ///
    /// ```swift
    /// if manager.preview(id: "spring-sale") { showDebugMessage("previewing spring-sale") }
    /// ```
    ///
    /// - Returns: `false`, and nothing changes, when no loaded announcement has this id.
    @discardableResult
    public func preview(id: String) -> Bool {
        lock.withLock {
            guard announcements.contains(where: { $0.id == id }) else { return false }
            display.preview(id)
            reevaluate(.time)
            return true
        }
    }

    /// Ends the preview started by ``preview(id:)``, if any: each placement shows what its selection says.
    public func endPreview() {
        lock.withLock {
            guard display.previewed != nil else { return }
            display.endPreview()
            reevaluate(.time)
        }
    }
}
