import AnnouncementKit
import Testing

@Suite("Action safety")
struct ActionPolicyTests {
    typealias Kind = Announcement.Action.ActionType

    @Test(
        "the default policy",
        arguments: [
            (Kind.url, "https://example.com/a?b=c#d", nil),
            (.url, "HTTPS://EXAMPLE.COM", nil),
            (.url, "http://example.com", "plain http"),
            (.url, "ftp://example.com", "must use https"),
            (.url, "https://", "no host"),
            (.url, "example.com", "has no scheme"),
            (.url, "", "is empty"),
            (.url, " javascript:alert(1)", "whitespace"),
            (.url, "javascript:alert(1)", "never allowed"),
            (.url, "vbscript:msgbox", "never allowed"),
            (.url, "data:text/html;base64,PHNjcmlwdD4=", "never allowed"),
            (.url, "file:///etc/passwd", "never allowed"),
            (.url, "https://example.com/\u{0}", "control characters"),
            (.deepLink, "myapp://settings", nil),
            (.deepLink, "myapp:settings", nil),
            (.deepLink, "JaVaScRiPt:alert(1)", "never allowed"),
            (.deepLink, "https://example.com", "type url"),
            (.deepLink, "http://example.com", "type url"),
            (.deepLink, "settings/backup", "has no scheme"),
            (.dismiss, "anything at all", nil),
        ] as [(Kind, String, String?)])
    func defaults(type: Kind, value: String, problem: String?) {
        let found = ActionPolicy().problem(with: value, type: type)
        if let problem {
            #expect(found?.contains(problem) == true, "\(value): \(found ?? "accepted")")
        } else {
            #expect(found == nil, "\(value): \(found ?? "")")
        }
    }

    @Test("the length limit is 2,048 characters")
    func length() {
        let base = "https://example.com/"
        let longest = base + String(repeating: "a", count: 2048 - base.count)
        #expect(ActionPolicy().problem(with: longest, type: .url) == nil)
        #expect(ActionPolicy().problem(with: longest + "a", type: .url)?.contains("2049 characters") == true)
    }

    @Test("apps opt in to http and name their deep-link schemes")
    func optIns() {
        let policy = ActionPolicy(allowsHTTP: true, allowedDeepLinkSchemes: ["MyApp", "myapp-beta"])
        #expect(policy.problem(with: "http://example.com", type: .url) == nil)
        #expect(policy.problem(with: "MYAPP://x", type: .deepLink) == nil)
        #expect(policy.problem(with: "myapp-beta://x", type: .deepLink) == nil)
        #expect(policy.problem(with: "other://x", type: .deepLink)?.contains("allowed: myapp, myapp-beta") == true)
        #expect(policy.problem(with: "file:///x", type: .url)?.contains("never allowed") == true)
        let none = ActionPolicy(allowedDeepLinkSchemes: [])
        #expect(none.problem(with: "myapp://x", type: .deepLink)?.contains("allowed: none") == true)
    }
}
