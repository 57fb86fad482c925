import Foundation
import Testing

@testable import AnnouncementKit

/// The presenter's rule of what a showing is, as the SwiftUI layer draws it: by announcement and format.
@Suite("ShowingTracker")
struct ShowingTrackerTests {
    let promo = Announcement(id: "promo", title: "Sale", message: "m")
    let other = Announcement(id: "other", title: "Other", message: "m")

    @Test("a showing begins when an announcement appears and ends when it goes; drawing it again is none")
    func beginsAndEnds() {
        var showings = ShowingTracker()
        #expect(showings.look(at: nil) == [])
        #expect(showings.look(at: promo) == [.begin(promo)])
        #expect(showings.look(at: promo) == [])
        #expect(showings.look(at: nil) == [.end(promo)])
        #expect(showings.look(at: promo) == [.begin(promo)], "back after it was away: a new showing")
        #expect(showings.count == 2)
        #expect(showings.end() == [.end(promo)])
        #expect(showings.end() == [])
        #expect(showings.current == nil)
    }

    @Test("another announcement ends the showing and begins its own; the same one with new text does not")
    func replacement() {
        var showings = ShowingTracker()
        _ = showings.look(at: promo)
        #expect(showings.look(at: other) == [.end(promo), .begin(other)])
        var changed = other
        changed.title = "Other, changed"
        #expect(showings.look(at: changed) == [])
        #expect(showings.current == changed, "the showing keeps the announcement as last seen")
        #expect(showings.count == 2)
    }

    @Test("the same announcement in another format is another view in SwiftUI, and another showing")
    func formatChange() {
        var showings = ShowingTracker()
        _ = showings.look(at: promo)
        var sheet = promo
        sheet.format = .sheet
        #expect(showings.look(at: sheet) == [.end(promo), .begin(sheet)])
    }
}
