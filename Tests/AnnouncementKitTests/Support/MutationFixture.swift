/// The base feed of the mutation tests: four valid items that between them use every field.
enum MutationFixture {
    static let items: [FixtureValue] = [
        .object([
            ("id", .string("maintenance")),
            (
                "title",
                .object([("de", .string("Grüße zur Wartung – 日本")), ("en", .string("Maintenance"))], inline: true)
            ),
            ("message", .string("Down Saturday 2-4 AM UTC.")),
            ("style", .string("warning")),
            (
                "action",
                .object([
                    ("type", .string("url")),
                    ("value", .string("https://status.example.com")),
                    ("label", .string("Status")),
                ])
            ),
            ("priority", .raw("100")),
            ("startDate", .string("2026-12-04T06:00:00Z")),
            ("endDate", .string("2026-12-05T04:00:00.500+01:00")),
            ("isDismissible", .raw("false")),
            ("targetAudience", .string("all")),
        ]),
        .object([
            ("id", .string("dark-mode")),
            ("revision", .raw("2")),
            ("title", .string("New: Dark Mode")),
            ("message", .object([("en", .string("Easier on the eyes.")), ("de-AT", .string("Schont die Augen."))])),
            ("style", .string("success")),
            (
                "action",
                .object(
                    [
                        ("type", .string("deepLink")), ("value", .string("myapp://settings")),
                        ("label", .object([("en", .string("Try it"))], inline: true)),
                    ], inline: true)
            ),
            (
                "schedule",
                .object([
                    ("timeZone", .string("Europe/Berlin")),
                    ("weekdays", .array([.raw("1"), .raw("2"), .raw("5")], inline: true)),
                    ("startTime", .string("22:00")),
                    ("endTime", .string("06:00")),
                ])
            ),
            ("dismissFor", .raw("3600")),
            ("placements", .array([.string("home"), .string("settings")], inline: true)),
            ("autoDismissAfter", .raw("8.5")),
            (
                "frequency",
                .object([
                    ("maxImpressions", .raw("3")), ("minimumInterval", .raw("86400")), ("oncePerSession", .raw("true")),
                ])
            ),
        ]),
        .object([
            ("id", .string("promo")),
            ("title", .string("40% off")),
            ("message", .string("This week only.")),
            ("priority", .raw("-5")),
            (
                "audience",
                .object([
                    ("platforms", .array([.string("iOS"), .string("macOS")], inline: true)),
                    ("minAppVersion", .string("2.5")),
                    ("maxAppVersion", .string("v3.0.0-beta.1")),
                    ("minOSVersion", .string("17")),
                    ("locales", .array([.string("de"), .string("fr-CA")], inline: true)),
                    ("segments", .array([.string("freeUsers")], inline: true)),
                    ("rolloutPercentage", .raw("12.5")),
                    ("targeting", .raw("{\">=\": [{\"var\": \"daysSinceInstall\"}, 7]}")),
                ])
            ),
        ]),
        .object([
            ("id", .string("template-style")),
            ("title", .string("Hello")),
            ("message", .string("World")),
        ]),
    ]

    static let ids = ["maintenance", "dark-mode", "promo", "template-style"]

    static var feed: FixtureValue {
        .object([("schemaVersion", .raw("1")), ("defaultLocale", .string("en")), ("announcements", .array(items))])
    }
}

/// One change to one item of the base feed, and the single error it must cause.
struct Mutation: Sendable, CustomStringConvertible {
    enum Change: Sendable {
        case set(String)
        case remove
    }

    enum Anchor: Sendable {
        /// The start of the changed value.
        case value
        /// The start of the item.
        case item
        /// The only place in the text where this snippet occurs.
        case text(String)
        /// The value at another path of the same item.
        case other([PathStep])
    }

    let name: String
    let item: Int
    let path: [PathStep]
    let change: Change
    let expectedPath: [PathStep]?
    let anchor: Anchor
    let messageContains: String

    var description: String { "item \(item): \(name)" }

    init(
        _ name: String, item: Int, _ path: [PathStep], _ change: Change, expectedPath: [PathStep]? = nil,
        anchor: Anchor = .value, message: String
    ) {
        self.name = name
        self.item = item
        self.path = path
        self.change = change
        self.expectedPath = expectedPath
        self.anchor = anchor
        self.messageContains = message
    }
}

extension Mutation {
    /// A wrong value per field kind, with the words the error must use.
    private static let wrongValues: [String: (raw: String, message: String)] = [
        "string": ("42", "must be a string"),
        "integer": ("\"high\"", "must be an integer"),
        "number": ("\"soon\"", "must be a number"),
        "bool": ("\"yes\"", "must be true or false"),
        "object": ("\"x\"", "must be an object"),
        "array": ("\"x\"", "must be an array"),
        "text": ("7", "must be a string or an object"),
    ]

    /// The kind of every field path used in the fixture.
    private static let kinds: [String: String] = [
        "id": "string", "title": "text", "message": "text", "style": "string", "action": "object",
        "action.type": "string", "action.value": "string", "action.label": "text", "priority": "integer",
        "startDate": "string", "endDate": "string", "isDismissible": "bool", "targetAudience": "string",
        "revision": "integer", "schedule": "object", "schedule.timeZone": "string", "schedule.weekdays": "array",
        "schedule.startTime": "string", "schedule.endTime": "string", "dismissFor": "number", "placements": "array",
        "autoDismissAfter": "number", "frequency": "object", "frequency.maxImpressions": "integer",
        "frequency.minimumInterval": "number", "frequency.oncePerSession": "bool", "audience": "object",
        "audience.platforms": "array", "audience.minAppVersion": "string", "audience.maxAppVersion": "string",
        "audience.minOSVersion": "string", "audience.locales": "array", "audience.segments": "array",
        "audience.rolloutPercentage": "number",
    ]

    /// Every field of every item given a value of the wrong type.
    static var wrongTypes: [Mutation] {
        var mutations: [Mutation] = []
        for (index, item) in MutationFixture.items.enumerated() {
            for dotted in fieldPaths(of: item) {
                guard let kind = kinds[dotted], let wrong = wrongValues[kind] else { continue }
                let steps = dotted.split(separator: ".").map { PathStep.key(String($0)) }
                mutations.append(
                    Mutation("\(dotted) of the wrong type", item: index, steps, .set(wrong.raw), message: wrong.message)
                )
            }
        }
        return mutations
    }

    private static func fieldPaths(of value: FixtureValue, prefix: String = "") -> [String] {
        guard case .object(let members, _) = value else { return [] }
        return members.flatMap { key, member -> [String] in
            let dotted = prefix.isEmpty ? key : prefix + "." + key
            let nested =
                ["action", "schedule", "frequency", "audience"].contains(dotted)
                ? fieldPaths(of: member, prefix: dotted) : []
            return [dotted] + nested
        }
    }

    /// Required fields removed from every item.
    static var missingFields: [Mutation] {
        (0..<MutationFixture.items.count).flatMap { index in
            ["id", "title", "message"].map { field in
                Mutation(
                    "\(field) missing", item: index, [.key(field)], .remove, expectedPath: [], anchor: .item,
                    message: "\"\(field)\" is missing")
            }
        }
    }

    /// Each later item given the id of the first.
    static var duplicateIDs: [Mutation] {
        (1..<MutationFixture.items.count).map { index in
            Mutation(
                "duplicate id", item: index, [.key("id")], .set("\"maintenance\""),
                message: "duplicate id \"maintenance\"")
        }
    }

    /// Values of the right type that break a rule.
    static var badValues: [Mutation] {
        let action: [PathStep] = [.key("action"), .key("value")]
        return [
            Mutation(
                "date without zone", item: 0, [.key("startDate")], .set("\"2026-12-04T06:00:00\""),
                message: "no time zone"),
            Mutation(
                "date not ISO 8601", item: 0, [.key("startDate")], .set("\"04/12/2026\""), message: "not an ISO 8601"),
            Mutation(
                "February 30", item: 0, [.key("endDate")], .set("\"2026-02-30T00:00:00Z\""), message: "not a real date"),
            Mutation(
                "end before start", item: 0, [.key("endDate")], .set("\"2026-12-04T05:59:59Z\""),
                message: "is not after startDate"),
            Mutation("javascript URL", item: 0, action, .set("\"javascript:alert(1)\""), message: "never allowed"),
            Mutation(
                "JavaScript URL in capitals", item: 0, action, .set("\"JavaScript:alert(1)\""), message: "never allowed"
            ),
            Mutation("data URL", item: 0, action, .set("\"data:text/html,hi\""), message: "never allowed"),
            Mutation("file URL", item: 0, action, .set("\"file:///etc/passwd\""), message: "never allowed"),
            Mutation("plain http", item: 0, action, .set("\"http://status.example.com\""), message: "plain http"),
            Mutation("URL without host", item: 0, action, .set("\"https:///path\""), message: "no host"),
            Mutation("URL with a space", item: 0, action, .set("\"https://example.com/a b\""), message: "whitespace"),
            Mutation(
                "URL too long", item: 0, action,
                .set("\"https://example.com/" + String(repeating: "a", count: 2030) + "\""),
                message: "at most 2048"),
            Mutation("deep link to the web", item: 1, action, .set("\"https://example.com\""), message: "type url"),
            Mutation("deep link without scheme", item: 1, action, .set("\"settings\""), message: "no scheme"),
            Mutation(
                "unknown action type", item: 0, [.key("action"), .key("type")], .set("\"open\""),
                message: "unknown action type"),
            Mutation(
                "url action without value", item: 0, action, .remove, expectedPath: [.key("action")],
                anchor: .other([.key("action")]), message: "needs a \"value\""),
            Mutation(
                "localized text without the default locale", item: 0, [.key("title")],
                .set("{\"de\": \"Wartung\"}"), message: "has no \"en\" text"),
            Mutation(
                "localized text with a number", item: 1, [.key("message"), .key("en")], .set("5"),
                message: "must be a non-empty string"),
            Mutation(
                "localized text with a bad tag", item: 0, [.key("title")],
                .set("{\"en\": \"Maintenance\", \"not a tag\": \"x\"}"),
                expectedPath: [.key("title"), .key("not a tag")], anchor: .text("\"not a tag\""),
                message: "not a language tag"),
            Mutation("empty title", item: 3, [.key("title")], .set("\"  \""), message: "must not be empty"),
            Mutation("empty id", item: 3, [.key("id")], .set("\"\""), message: "must not be empty"),
            Mutation("negative revision", item: 1, [.key("revision")], .set("-1"), message: "at least 0"),
            Mutation("fractional priority", item: 0, [.key("priority")], .set("1.5"), message: "must be an integer"),
            Mutation(
                "weekday 8", item: 1, [.key("schedule"), .key("weekdays")], .set("[1, 8]"),
                expectedPath: [.key("schedule"), .key("weekdays"), .index(1)], anchor: .text("8]"),
                message: "1 (Monday) to 7 (Sunday)"),
            Mutation(
                "time 25:00", item: 1, [.key("schedule"), .key("startTime")], .set("\"25:00\""), message: "not a time"),
            Mutation(
                "unknown time zone", item: 1, [.key("schedule"), .key("timeZone")], .set("\"Mars/Olympus\""),
                message: "not a known IANA time zone"),
            Mutation("zero dismissFor", item: 1, [.key("dismissFor")], .set("0"), message: "more than zero"),
            Mutation("empty placements", item: 1, [.key("placements")], .set("[]"), message: "is empty"),
            Mutation(
                "zero maxImpressions", item: 1, [.key("frequency"), .key("maxImpressions")], .set("0"),
                message: "at least 1"),
            Mutation(
                "version that is not one", item: 2, [.key("audience"), .key("minAppVersion")], .set("\"two\""),
                message: "not a version"),
            Mutation(
                "max below min", item: 2, [.key("audience"), .key("maxAppVersion")], .set("\"2.4.9\""),
                message: "below minAppVersion"),
            Mutation(
                "rollout over 100", item: 2, [.key("audience"), .key("rolloutPercentage")], .set("150"),
                message: "between 0 and 100"),
            Mutation(
                "bad locale in audience", item: 2, [.key("audience"), .key("locales")], .set("[\"de\", \"x y\"]"),
                expectedPath: [.key("audience"), .key("locales"), .index(1)], anchor: .text("\"x y\""),
                message: "not a language tag"),
            Mutation("item that is not an object", item: 2, [], .set("[\"promo\"]"), message: "must be an object"),
        ]
    }

    static var all: [Mutation] { wrongTypes + missingFields + duplicateIDs + badValues }
}
