import AnnouncementTestSupport
import Foundation

/// Writes realistic feeds of any size, the same bytes for the same seed: text in three languages,
/// audiences, some targeting rules, schedules, frequency caps and actions.
///
/// The mix relative to ``now``: about 70 % of items are inside their date range, 15 % not started
/// and 15 % expired; a fifth have a recurring window, a fifth a targeting rule, a tenth a rollout.
struct FeedGenerator {
    /// The instant the benchmark evaluates at: 2026-12-02T12:00:00Z, a Wednesday.
    static let now = Date(timeIntervalSince1970: 1_796_212_800)

    private var random: SplitMix64
    /// Every item gets two `variants` (`b` with its own title and message) and a `goal`; nothing else
    /// changes, so the feed is the plain one's with the variants added.
    private let withVariants: Bool

    init(seed: UInt64, withVariants: Bool = false) {
        random = SplitMix64(seed: seed)
        self.withVariants = withVariants
    }

    /// The JSON bytes of a feed with `count` items.
    mutating func feed(count: Int) -> Data {
        var items: [String] = []
        items.reserveCapacity(count)
        for index in 0..<count { items.append(item(index)) }
        let body = items.joined(separator: ",\n    ")
        let header = "{\n  \"schemaVersion\": 1,\n  \"defaultLocale\": \"en\",\n  \"announcements\": [\n    "
        let text = header + body + "\n  ]\n}\n"
        return Data(text.utf8)
    }

    /// A typical targeting rule: app version, a segment and an attribute.
    static let typicalRule = """
        {"and": [{"sem_ver": [{"var": "appVersion"}, ">=", "3.1.0"]}, \
        {"in": ["beta", {"var": "segments"}]}, {"==": [{"var": "attributes.plan"}, "pro"]}]}
        """

    private static let subjects = [
        ("Scheduled maintenance", "Geplante Wartung", "Maintenance planifiée"),
        ("New: dark mode", "Neu: Dunkelmodus", "Nouveau : mode sombre"),
        ("Payments are delayed", "Zahlungen verzögern sich", "Les paiements sont retardés"),
        ("Try the new editor", "Probieren Sie den neuen Editor", "Essayez le nouvel éditeur"),
        ("Your plan renews soon", "Ihr Abo verlängert sich bald", "Votre abonnement sera bientôt renouvelé"),
    ]
    private static let messages = [
        (
            "We'll be down Saturday 2–4 AM UTC while we upgrade our servers.",
            "Wegen eines Server-Upgrades sind wir am Samstag von 2 bis 4 Uhr UTC nicht erreichbar.",
            "Le service sera indisponible samedi de 2 h à 4 h UTC pendant la mise à niveau des serveurs."
        ),
        (
            "Easier on the eyes at night. Turn it on in Settings → Appearance.",
            "Schont nachts die Augen. Einschalten unter Einstellungen → Darstellung.",
            "Plus doux pour les yeux la nuit. Activez-le dans Réglages → Apparence."
        ),
        (
            "Some card payments take longer than usual. Your money is safe; we'll update you here.",
            "Manche Kartenzahlungen dauern länger als üblich. Ihr Geld ist sicher; wir melden uns hier.",
            "Certains paiements par carte prennent plus de temps. Votre argent est en sécurité."
        ),
    ]
    private static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "local"]

    /// Item `index`: its fields drawn in a fixed order, so a seed always gives the same feed.
    private mutating func item(_ index: Int) -> String {
        let subject = Self.subjects[Int(random.next(below: UInt64(Self.subjects.count)))]
        let message = Self.messages[Int(random.next(below: UInt64(Self.messages.count)))]
        var fields: [String] = [
            "\"id\": \"announcement-\(index)\"",
            "\"revision\": \(random.next(below: 3))",
            "\"title\": {\"en\": \"\(subject.0) #\(index)\", \"de\": \"\(subject.1) #\(index)\", "
                + "\"fr\": \"\(subject.2) #\(index)\"}",
            "\"message\": {\"en\": \"\(message.0)\", \"de\": \"\(message.1)\", \"fr\": \"\(message.2)\"}",
            "\"style\": \"\(["info", "warning", "critical", "success"][Int(random.next(below: 4))])\"",
            "\"priority\": \(random.next(below: 300))",
            action(index),
        ]
        fields += dates()
        if random.next(below: 5) == 0 {
            let zone = Self.zones[Int(random.next(below: UInt64(Self.zones.count)))]
            let from = 6 + random.next(below: 6)
            let to = from + 2 + random.next(below: 8)
            fields.append(
                "\"schedule\": {\"timeZone\": \"\(zone)\", \"weekdays\": [1, 2, 3, 4, 5], "
                    + "\"startTime\": \"\(Self.twoDigits(from)):00\", \"endTime\": \"\(Self.twoDigits(to)):30\"}")
        }
        if random.next(below: 4) == 0 { fields.append("\"isDismissible\": false") }
        if random.next(below: 5) == 0 { fields.append("\"dismissFor\": \(3600 * (1 + random.next(below: 48)))") }
        if random.next(below: 10) == 0 { fields.append("\"targetAudience\": \"proUsers\"") }
        if let audience = audience() { fields.append(audience) }
        if random.next(below: 3) == 0 {
            fields.append(
                "\"frequency\": {\"maxImpressions\": \(1 + random.next(below: 5)), \"minimumInterval\": 86400, "
                    + "\"oncePerSession\": \(random.next(below: 2) == 0)}")
        }
        if random.next(below: 10) == 0 { fields.append("\"placements\": [\"home\", \"settings\"]") }
        if withVariants { fields += Self.variants(index) }
        return "{\(fields.joined(separator: ", "))}"
    }

    /// The `variants` and `goal` fields of item `index`: `a` the item's own texts, `b` a title and a message
    /// of its own in three languages, an even split.
    private static func variants(_ index: Int) -> [String] {
        [
            "\"variants\": [{\"id\": \"a\", \"weight\": 1}, {\"id\": \"b\", \"weight\": 1, "
                + "\"title\": {\"en\": \"Have a look #\(index)\", \"de\": \"Schauen Sie rein #\(index)\", "
                + "\"fr\": \"Jetez un œil #\(index)\"}, \"message\": {\"en\": \"Something new for you.\", "
                + "\"de\": \"Etwas Neues für Sie.\", \"fr\": \"Du nouveau pour vous.\"}}]",
            "\"goal\": {\"event\": \"opened-\(index)\", \"within\": 86400}",
        ]
    }

    /// An action: a web link, a deep link or a dismiss button, a third each.
    private mutating func action(_ index: Int) -> String {
        switch random.next(below: 3) {
        case 0:
            return "\"action\": {\"type\": \"url\", \"value\": \"https://example.com/news/\(index)\", "
                + "\"label\": {\"en\": \"Read more\", \"de\": \"Mehr lesen\", \"fr\": \"En savoir plus\"}}"
        case 1:
            return "\"action\": {\"type\": \"deepLink\", \"value\": \"exampleapp://settings/item/\(index)\", "
                + "\"label\": \"Open\"}"
        default:
            return "\"action\": {\"type\": \"dismiss\", \"label\": \"OK\"}"
        }
    }

    /// The `startDate` and `endDate` fields: 70 % running now, 15 % not started, 15 % expired.
    private mutating func dates() -> [String] {
        let day = 86_400.0
        let phase = random.next(below: 100)
        let start: Double
        let end: Double
        if phase < 70 {
            start = -Double(1 + random.next(below: 30)) * day
            end = Double(1 + random.next(below: 60)) * day
        } else if phase < 85 {
            start = Double(1 + random.next(below: 30)) * day
            end = start + Double(1 + random.next(below: 30)) * day
        } else {
            end = -Double(1 + random.next(below: 30)) * day
            start = end - Double(1 + random.next(below: 30)) * day
        }
        return [
            "\"startDate\": \"\(Self.timestamp(Self.now.addingTimeInterval(start)))\"",
            "\"endDate\": \"\(Self.timestamp(Self.now.addingTimeInterval(end)))\"",
        ]
    }

    /// The `audience` field, or `nil` when no condition was drawn.
    private mutating func audience() -> String? {
        var audience: [String] = []
        if random.next(below: 2) == 0 { audience.append("\"platforms\": [\"iOS\", \"iPadOS\", \"macOS\"]") }
        if random.next(below: 3) == 0 { audience.append("\"minAppVersion\": \"3.\(random.next(below: 6))\"") }
        if random.next(below: 4) == 0 { audience.append("\"minOSVersion\": \"16.0\"") }
        if random.next(below: 4) == 0 { audience.append("\"locales\": [\"de\", \"fr\", \"en-GB\"]") }
        if random.next(below: 6) == 0 { audience.append("\"segments\": [\"beta\", \"proUsers\"]") }
        if random.next(below: 10) == 0 { audience.append("\"rolloutPercentage\": \(10 * (1 + random.next(below: 9)))") }
        if random.next(below: 5) == 0 { audience.append("\"targeting\": \(Self.typicalRule)") }
        return audience.isEmpty ? nil : "\"audience\": {\(audience.joined(separator: ", "))}"
    }

    private static func twoDigits(_ value: UInt64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func timestamp(_ date: Date) -> String {
        formatter.string(from: date)
    }

    nonisolated(unsafe) private static let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }()
}
