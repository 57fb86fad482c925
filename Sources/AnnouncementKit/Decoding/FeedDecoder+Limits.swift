import Foundation

extension FeedDecoder {
    /// A `limits` value the feed cannot be used with: its message, path and offset.
    struct LimitsProblem: Error {
        var message: String
        var path: String
        var offset: Int
    }

    /// Decodes the feed-level `limits` object at `path`: `maxPerDay` an integer of at least 1,
    /// `minimumInterval` a number of seconds above 0 (no more than `FeedLimits.maximumSeconds`), each
    /// optional; an unknown key inside is a warning, and so is a `maxPerDay` above
    /// `AnnouncementState.maximumRecentImpressions` (the impressions kept: it acts as that many). `null` is
    /// no limits.
    static func decodeLimits(
        _ value: JSONTape.Node, path: String, sink: inout DiagnosticSink
    ) -> Result<AnnouncementFeed.Limits?, LimitsProblem> {
        if value.isNull { return .success(nil) }
        guard case .object = value.kind else {
            return .failure(
                LimitsProblem(
                    message: "limits must be an object such as {\"maxPerDay\": 3}; found \(value.typeDescription)",
                    path: path, offset: value.offset))
        }
        var limits = AnnouncementFeed.Limits()
        for member in value.members {
            let memberPath = JSONPath.member(path, member.key)
            let node = member.value
            switch member.key {
            case "maxPerDay":
                if node.isNull { continue }
                guard case .number(let number) = node.kind, let count = Int(exactly: number), count >= 1 else {
                    return .failure(
                        LimitsProblem(
                            message:
                                "limits.maxPerDay must be an integer of at least 1; found \(node.shortDescription)",
                            path: memberPath, offset: node.offset))
                }
                limits.maxPerDay = count
                let kept = AnnouncementState.maximumRecentImpressions
                if count > kept {
                    sink.report(
                        .warning,
                        "limits.maxPerDay \(count) is more impressions than an app keeps for a day (\(kept)): "
                            + "it holds back at \(kept) impressions; use at most \(kept)",
                        path: memberPath, offset: node.offset)
                }
            case "minimumInterval":
                if node.isNull { continue }
                guard case .number(let seconds) = node.kind, seconds > 0, seconds <= FeedLimits.maximumSeconds else {
                    return .failure(
                        LimitsProblem(
                            message: "limits.minimumInterval must be a number of seconds above 0 (at most "
                                + "\(JSONWriter.format(number: FeedLimits.maximumSeconds))); found \(node.shortDescription)",
                            path: memberPath, offset: node.offset))
                }
                limits.minimumInterval = seconds
            default:
                let hint = sink.didYouMean(member.key, among: ["maxPerDay", "minimumInterval"])
                sink.report(
                    .warning, "unknown field \"\(member.key)\" in limits is ignored\(hint)", path: memberPath,
                    offset: member.keyOffset)
            }
        }
        return .success(limits.isEmpty ? nil : limits)
    }
}
