import AnnouncementKit
import Foundation

/// The obvious design the benchmark compares against: a strict `JSONDecoder` decode of the whole
/// feed into `Codable` structs, and on every change a filter over all items that re-reads the full
/// dismissed-id list from `UserDefaults` for each item, then a sort by priority.
enum NaiveBaseline {
    struct Feed: Decodable {
        var schemaVersion: Int
        var defaultLocale: String
        var announcements: [Item]
    }

    enum Text: Decodable {
        case plain(String)
        case translations([String: String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let plain = try? container.decode(String.self) {
                self = .plain(plain)
            } else {
                self = .translations(try container.decode([String: String].self))
            }
        }
    }

    struct Action: Decodable {
        var type: String
        var value: String?
        var label: Text?
    }

    struct Schedule: Decodable {
        var timeZone: String
        var weekdays: [Int]?
        var startTime: String?
        var endTime: String?
    }

    struct Audience: Decodable {
        var platforms: [String]?
        var minAppVersion: String?
        var minOSVersion: String?
        var locales: [String]?
        var segments: [String]?
        var rolloutPercentage: Double?
        var targeting: Rule?
    }

    /// A targeting rule decoded as arbitrary JSON, then parsed by the rule engine.
    struct Rule: Decodable {
        var rule: TargetingRule

        init(from decoder: any Decoder) throws {
            rule = try TargetingRule(try AnyJSON(from: decoder).value)
        }
    }

    struct AnyJSON: Decodable {
        var value: JSONValue

        init(from decoder: any Decoder) throws {
            if let container = try? decoder.container(keyedBy: Key.self) {
                var object: [String: JSONValue] = [:]
                for key in container.allKeys {
                    object[key.stringValue] = try container.decode(AnyJSON.self, forKey: key).value
                }
                value = .object(object)
            } else if var container = try? decoder.unkeyedContainer() {
                var array: [JSONValue] = []
                while !container.isAtEnd { array.append(try container.decode(AnyJSON.self).value) }
                value = .array(array)
            } else {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() {
                    value = .null
                } else if let bool = try? container.decode(Bool.self) {
                    value = .bool(bool)
                } else if let number = try? container.decode(Double.self) {
                    value = .number(number)
                } else {
                    value = .string(try container.decode(String.self))
                }
            }
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    struct Frequency: Decodable {
        var maxImpressions: Int?
        var minimumInterval: Double?
        var oncePerSession: Bool?
    }

    struct Item: Decodable {
        var id: String
        var revision: Int?
        var title: Text
        var message: Text
        var style: String?
        var action: Action?
        var priority: Int?
        var startDate: Date?
        var endDate: Date?
        var schedule: Schedule?
        var isDismissible: Bool?
        var dismissFor: Double?
        var targetAudience: String?
        var audience: Audience?
        var frequency: Frequency?
        var placements: [String]?
    }

    static let dismissedKey = "dismissedAnnouncementIDs"

    static func decode(_ data: Data) throws -> Feed {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Feed.self, from: data)
    }

    /// The eligible items sorted by priority (then feed order), the first being the active one.
    static func select(
        _ items: [Item], context: AnnouncementContext, defaults: UserDefaults, at date: Date
    ) -> [Item] {
        let ruleData = context.ruleData(announcementID: "", at: date)
        var eligible: [(Int, Item)] = []
        for (index, item) in items.enumerated() {
            if let start = item.startDate, date < start { continue }
            if let end = item.endDate, date >= end { continue }
            if let schedule = item.schedule, !isInside(schedule, at: date) { continue }
            let dismissed = defaults.stringArray(forKey: dismissedKey) ?? []
            if item.isDismissible ?? true, dismissed.contains(item.id) { continue }
            if let audienceName = item.targetAudience, audienceName != "all", !context.segments.contains(audienceName) {
                continue
            }
            if let audience = item.audience, !matches(audience, context: context, ruleData: ruleData) { continue }
            if let placements = item.placements, !placements.isEmpty { continue }
            eligible.append((index, item))
        }
        eligible.sort { lhs, rhs in
            let (left, right) = (lhs.1.priority ?? 0, rhs.1.priority ?? 0)
            return left != right ? left > right : lhs.0 < rhs.0
        }
        return eligible.map(\.1)
    }

    private static func matches(_ audience: Audience, context: AnnouncementContext, ruleData: JSONValue) -> Bool {
        if let platforms = audience.platforms,
            !platforms.contains(where: { $0.caseInsensitiveCompare(context.platform) == .orderedSame })
        {
            return false
        }
        if let minimum = audience.minAppVersion {
            guard let version = context.appVersion?.description,
                version.compare(minimum, options: .numeric) != .orderedAscending
            else { return false }
        }
        if let minimum = audience.minOSVersion {
            guard let version = context.osVersion?.description,
                version.compare(minimum, options: .numeric) != .orderedAscending
            else { return false }
        }
        if let locales = audience.locales {
            guard let locale = context.locale, locales.contains(where: { locale.hasPrefix($0) }) else { return false }
        }
        if let segments = audience.segments, !segments.contains(where: context.segments.contains) { return false }
        if let percentage = audience.rolloutPercentage {
            var hasher = Hasher()
            hasher.combine(context.rolloutKey)
            if Double(abs(hasher.finalize()) % 100) >= percentage { return false }
        }
        if let rule = audience.targeting, !rule.rule.isSatisfied(by: ruleData) { return false }
        return true
    }

    private static func isInside(_ schedule: Schedule, at date: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone =
            schedule.timeZone == "local" ? .current : TimeZone(identifier: schedule.timeZone) ?? .gmt
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        let weekday = ((parts.weekday ?? 1) + 5) % 7 + 1
        if let weekdays = schedule.weekdays, !weekdays.contains(weekday) { return false }
        let minutes = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        func minutesOf(_ text: String?, _ fallback: Int) -> Int {
            guard let text else { return fallback }
            let pieces = text.split(separator: ":").compactMap { Int($0) }
            return pieces.count == 2 ? pieces[0] * 60 + pieces[1] : fallback
        }
        return minutes >= minutesOf(schedule.startTime, 0) && minutes < minutesOf(schedule.endTime, 1440)
    }
}
