import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// Hostile links against the allow-lists: only `https` (and `http` when the app opts in) pass as
/// `url` actions, only the app's schemes as `deepLink` actions.
@Suite("Action safety table")
struct ActionSafetyTableTests {
    typealias Kind = Announcement.Action.ActionType

    /// The policies of the table: the default, http opted in, and an app that handles `myapp:` only.
    enum Policy: String, Sendable, CaseIterable {
        case standard, http, myapp

        var policy: ActionPolicy {
            switch self {
            case .standard: ActionPolicy()
            case .http: ActionPolicy(allowsHTTP: true)
            case .myapp: ActionPolicy(allowedDeepLinkSchemes: ["myapp"])
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let value: String
        let type: Kind
        /// The policies under which it passes; every other one refuses it.
        let passes: Set<Policy>
        var description: String { "\(type.rawValue) \(value.debugDescription)" }

        init(_ value: String, _ type: Kind = .url, passes: Set<Policy> = []) {
            self.value = value
            self.type = type
            self.passes = passes
        }
    }

    static let everywhere: Set<Policy> = Set(Policy.allCases)
    static let longPath = String(repeating: "a", count: ActionPolicy.maximumLength)

    static let cases: [Case] = [
        // Web links.
        Case("https://example.com/page?x=1#top", passes: everywhere),
        Case("HTTPS://EXAMPLE.COM/", passes: everywhere),
        Case("hTtPs://example.com", passes: everywhere),
        Case("https://127.0.0.1:8443/a", passes: everywhere),
        Case("https://[::1]/a", passes: everywhere),
        Case("https://example.com/%0d%0aSet-Cookie:x", passes: everywhere),
        Case("http://example.com", passes: [.http]),
        Case("HTTP://example.com", passes: [.http]),
        Case("Http://example.com/", passes: [.http]),
        Case("ftp://example.com/file"),
        Case("ws://example.com/socket"),
        Case("https://"),
        Case("https:example.com"),
        Case("https:/example.com"),
        Case("https:///example.com"),
        // javascript: in every disguise.
        Case("javascript:alert(1)"),
        Case("JAVASCRIPT:alert(1)"),
        Case("JaVaScRiPt:alert(1)"),
        Case(" javascript:alert(1)"),
        Case("\tjavascript:alert(1)"),
        Case("java\tscript:alert(1)"),
        Case("java\nscript:alert(1)"),
        Case("java\rscript:alert(1)"),
        Case("javascript\u{0}:alert(1)"),
        Case("\u{FEFF}javascript:alert(1)"),
        Case("javascript%3Aalert(1)"),
        Case("javascript&#58;alert(1)"),
        Case("&#106;avascript:alert(1)"),
        Case("jav&#x09;ascript:alert(1)"),
        Case("javascript://%0aalert(1)"),
        Case("javascript:alert(1)", .deepLink),
        Case("JavaScript:alert(1)", .deepLink),
        Case("vbscript:msgbox(1)"),
        Case("VBScript:msgbox(1)", .deepLink),
        // Other schemes that are never actions.
        Case("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="),
        Case("DATA:text/html,<script>alert(1)</script>", .deepLink),
        Case("file:///etc/passwd"),
        Case("FILE:///etc/passwd", .deepLink),
        Case("tel:+15551234567"),
        Case("tel:+15551234567", .deepLink, passes: [.standard, .http]),
        Case("mailto:a@example.com"),
        Case("sms:+15551234567", .deepLink, passes: [.standard, .http]),
        // Length.
        Case("https://example.com/" + String(longPath.dropFirst(20)), passes: everywhere),
        Case("https://example.com/" + longPath),
        Case("myapp://" + longPath, .deepLink),
        // Hosts that are not what they seem.
        Case("https://xn--bcher-kva.example/", passes: everywhere),
        Case("https://bücher.example/"),
        Case("https://аpple.com/"),
        Case("https://example.com@evil.com/"),
        Case("https://user:password@example.com/"),
        Case("https://example.com%40evil.com@evil.com/"),
        Case("https://evil.com\\@example.com/"),
        Case("https:\\\\evil.com"),
        Case("https://example.com\\.evil.com/"),
        Case("myapp://evil.com\\\u{301}@home", .deepLink),
        Case("https://example.com/\u{202E}gpj.exe"),
        Case("https://exa\u{200B}mple.com/"),
        // Hosts a browser decodes to another host, and ports that are none.
        Case("https://example.com%2eevil.com/"),
        Case("https://example.com%2Eevil.com/path"),
        Case("https://exa%00mple.com/"),
        Case("https://%65vil.com/"),
        Case("https://example.com:99999/"),
        Case("https://example.com:65536/"),
        Case("https://example.com:65535/", passes: everywhere),
        Case("https://example.com:/", passes: everywhere),
        Case("https://example.com:00443/", passes: everywhere),
        Case("https://example.com:0000000000443/", passes: everywhere),
        Case("https://example.com:1000000/"),
        Case("https://a..b/"),
        Case("https://example.com./", passes: everywhere),
        Case("https://ex_ample.com/", passes: everywhere),
        Case("https://[::1]:8443/a", passes: everywhere),
        Case("https://[::1]:70000/a"),
        // Invisible characters that are letters or marks rather than format characters.
        Case("myapp://\u{3164}settings", .deepLink),
        Case("myapp://set\u{115F}tings", .deepLink),
        Case("myapp://settings\u{1160}", .deepLink),
        Case("myapp://set\u{FFA0}tings", .deepLink),
        Case("myapp://settings\u{FE0F}", .deepLink),
        Case("myapp://set\u{034F}tings", .deepLink),
        Case("myapp://set\u{2800}tings", .deepLink),
        // The browser's own schemes: not deep links unless the app lists them.
        Case("blob:https://example.com/uuid", .deepLink),
        Case("filesystem:https://example.com/temporary/x", .deepLink),
        Case("view-source:https://example.com/", .deepLink),
        Case("about:blank", .deepLink),
        Case("ABOUT:config", .deepLink),
        Case("chrome://settings", .deepLink),
        // Relative and protocol-relative links.
        Case("//evil.com/path"),
        Case("///evil.com"),
        Case("/settings"),
        Case("settings/backup", .deepLink),
        Case("?q=1"),
        Case("#top"),
        Case(""),
        Case("", .deepLink),
        // Deep links.
        Case("myapp://settings", .deepLink, passes: everywhere),
        Case("MYAPP://settings", .deepLink, passes: everywhere),
        Case("MyApp:settings/backup", .deepLink, passes: everywhere),
        Case("otherapp://settings", .deepLink, passes: [.standard, .http]),
        Case("intent://scan/#Intent;scheme=zxing;end", .deepLink, passes: [.standard, .http]),
        Case("https://example.com", .deepLink),
        Case("HTTP://example.com", .deepLink),
        Case("myapp://settings", .url),
        Case("//myapp/settings", .deepLink),
    ]

    @Test func theTableIsLargeEnough() {
        #expect(Self.cases.count >= 40)
    }

    @Test(arguments: cases)
    func onlyAllowedLinksPass(entry: Case) {
        for policy in Policy.allCases {
            let problem = policy.policy.problem(with: entry.value, type: entry.type)
            if entry.passes.contains(policy) {
                #expect(problem == nil, "\(policy): refused \(entry): \(problem ?? "")")
            } else {
                #expect(problem != nil, "\(policy): accepted \(entry)")
                #expect(problem?.isEmpty == false)
            }
        }
    }

    /// The manager checks again before routing: a link the policy refuses is never handed to the app.
    ///
    /// A deep link is checked as written. A `url` action holds a `URL`, which percent-encodes what a
    /// URL cannot hold as text and writes international host names in Punycode: the check sees the
    /// URL the app would open, and when that differs from the text, the text's disguise (a look-alike
    /// letter, an invisible or bidi character) is gone from it: only ASCII is left.
    @MainActor
    @Test func theManagerNeverRoutesARefusedLink() {
        let policy = Policy.myapp.policy
        let manager = AnnouncementManager(
            provider: LocalAnnouncementProvider([]), context: AnnouncementContext(),
            store: InMemoryAnnouncementStateStore(), timeSource: ManualTimeSource(now: Date()),
            configuration: .init(actionPolicy: policy))
        var routed = 0
        var normalized = 0
        for entry in Self.cases where entry.type != .dismiss {
            // A URL value that does not parse cannot even be written as an action, so it is never routed.
            guard let action = Announcement.Action(type: entry.type, value: entry.value) else {
                #expect(!entry.passes.contains(.myapp) || entry.value.isEmpty, "unparsable \(entry)")
                continue
            }
            let written = action.value ?? ""
            var expected = entry.passes.contains(.myapp)
            if written != entry.value {
                normalized += 1
                let isASCII = written.unicodeScalars.allSatisfy { $0.isASCII }
                #expect(isASCII, "\(entry) became \(written)")
                expected = policy.problem(with: written, type: entry.type) == nil
            }
            let announcement = Announcement(id: "a", title: "t", message: "m", action: action)
            switch manager.perform(announcement) {
            case .openURL(let url), .openDeepLink(let url):
                routed += 1
                #expect(expected, "routed \(entry)")
                #expect(url.absoluteString == written)
            default:
                #expect(!expected || entry.value.isEmpty, "did not route \(entry)")
            }
        }
        #expect(routed > 0)
        #expect(normalized > 0)
    }
}
