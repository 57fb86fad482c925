import SwiftUI

// WindowGroup { CommentedView() } is only a comment; so is @main.
/* A block comment /* nested */ that says
   .onOpenURL { url in fake(url) } and struct NotAType {} */

/// Use `.onOpenURL(perform: handle)` on the root view; `WindowGroup` is in this doc comment.
struct Messages {
    static let main = "@main struct FakeApp: App {}"
    static let group = #"WindowGroup { "\(raw)" } struct RawFake {}"#
    static let nested = "outer \("inner \("innermost } { ) (") done") end"
    static let poem = """
        struct InsideMultiline {}
        .onOpenURL { url in nope(url) }
        \(Messages.main) "quoted" \"""
        """
    static let pattern = /struct [A-Z]\w+ "quote"/
}

struct Real {}
