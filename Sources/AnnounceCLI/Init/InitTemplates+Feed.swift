import Foundation

extension InitTemplates {
    /// The schema URL the starter feed names for editors.
    static let schemaURL = "https://announcementkit.dev/schema/feed-v1.json"

    /// The starter feed: one example per chosen action type, and a scheduled one when scheduling was
    /// chosen, deep links in the app's own scheme. `announce validate` finds nothing in it.
    var starterFeed: String {
        var items: [[(String, String)]] = []
        items.append([
            ("id", Self.json("welcome")),
            ("title", Self.json("Welcome to \(appName)")),
            ("message", Self.json("Announcements show here. Edit \(Self.feedResourceName).json to change them.")),
            ("style", Self.json("info")),
            ("action", #"{ "type": "dismiss", "label": "Got it" }"#),
            ("priority", "1"),
        ])
        if answers.actions.contains(.deepLink), let scheme = allowedSchemes.first {
            items.append([
                ("id", Self.json("new-feature")),
                ("title", Self.json("New in \(appName)")),
                ("message", Self.json("Tell people about a new screen; the button opens it in the app.")),
                ("style", Self.json("promotion")),
                (
                    "action",
                    "{ \"type\": \"deepLink\", \"value\": \(Self.json(scheme + "://home")), \"label\": \"Show me\" }"
                ),
                ("priority", "5"),
            ])
        }
        if answers.actions.contains(.url) {
            items.append([
                ("id", Self.json("status-page")),
                ("title", Self.json("Service status")),
                ("message", Self.json("A web link opens in the browser.")),
                ("style", Self.json("info")),
                ("action", #"{ "type": "url", "value": "https://example.com/status", "label": "Open" }"#),
                ("priority", "2"),
            ])
        }
        if answers.scheduling {
            let day = Self.day(now, plus: 7).prefix(10)
            items.append([
                ("id", Self.json("maintenance")),
                ("title", Self.json("Scheduled maintenance")),
                (
                    "message",
                    Self.json("\(appName) is offline on \(day) from 00:00 to 01:00 UTC while servers are upgraded.")
                ),
                ("style", Self.json("warning")),
                ("startDate", Self.json(Self.day(now, plus: 6))),
                ("endDate", Self.json(Self.day(now, plus: 7, hours: 1))),
                ("priority", "10"),
            ])
        }
        let body = items.map { fields in
            "    {\n" + fields.map { "      \(Self.json($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n    }"
        }
        return """
            {
              "$schema": "\(Self.schemaURL)",
              "schemaVersion": 1,
              "defaultLocale": "en",
              "announcements": [
            \(body.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return JSONOutput.safeForTerminal(String(decoding: data, as: UTF8.self))
    }

    /// Midnight UTC `days` after `date`, plus `hours`, as ISO 8601.
    static func day(_ date: Date, plus days: Int, hours: Int = 0) -> String {
        let midnight = (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        let seconds = midnight + Double(days) * 86_400 + Double(hours) * 3_600
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
