import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

/// `validate` warns about a modal or sheet with no way out as every variant shows it, and about a
/// `dismissFor` so short that a closed announcement is back at once.
@Suite("announce validate: no way out")
struct ValidateWayOutTests {
    private func validate(_ items: [String]) async -> CommandResult {
        let feed = #"{"schemaVersion": 1, "announcements": ["# + items.joined(separator: ",\n") + "]}"
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data(feed.utf8) })
        return await Announce.run(["validate", "-"], environment: environment)
    }

    private static let link = #""action": {"type": "url", "value": "https://example.com/update"}"#
    private static let requires = #""audience": {"requires": ["formats", "variants"]}"#

    @Test("a variant that replaces a blocking modal's link with a dismiss action is warned about, at its action")
    func variantWithoutLink() async {
        let result = await validate([
            #"{"id": "m", "title": "T", "message": "M", "format": "modal", "isDismissible": false, "#
                + Self.link + ", " + Self.requires + #", "variants": [{"id": "a", "weight": 1}, "#
                + #"{"id": "b", "weight": 1, "action": {"type": "dismiss", "label": "OK"}}]}"#
        ])
        #expect(result.status == .success)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardOutput)")
        #expect(lines.first?.contains("warning: variant \"b\" replaces the link with a dismiss action") == true)
        #expect(lines.first?.hasSuffix("($.announcements[0].variants[1].action)") == true)
    }

    @Test("the item itself without a link is warned about once; a variant with a link does not lift it")
    func itemWithoutLink() async {
        let result = await validate([
            #"{"id": "s", "title": "T", "message": "M", "format": "sheet", "isDismissible": false, "#
                + Self.requires + #", "variants": [{"id": "a", "weight": 1, "#
                + Self.link + "}]}"
        ])
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardOutput)")
        #expect(lines.first?.contains("a sheet that cannot be dismissed and has no url or deepLink action") == true)
    }

    @Test(
        "a dismissFor under 60 seconds is warned about, in every format; 60 seconds and more are not",
        arguments: [
            ("modal", 0.001, true), ("sheet", 59.9, true), ("banner", 1, true), ("modal", 60, false),
            ("banner", 86_400, false),
        ])
    func shortDismissFor(format: String, seconds: Double, warned: Bool) async {
        let result = await validate([
            #"{"id": "d", "title": "T", "message": "M", "format": "\#(format)", "dismissFor": \#(seconds), "#
                + Self.requires + "}"
        ])
        #expect(result.status == .success)
        let warning = result.standardOutput.split(separator: "\n").first { $0.contains("dismissFor") }
        #expect((warning != nil) == warned, "\(result.standardOutput)")
        guard let warning else { return }
        #expect(warning.contains("seconds after the user closes it"))
        #expect(warning.contains("give at least 60 seconds, or leave dismissFor out to dismiss it for good"))
        #expect(warning.contains("blocks the app") == (format != "banner"))
        #expect(warning.hasSuffix("($.announcements[0].dismissFor)"))
    }
}
