/// An announcement's audience: platforms, version ranges, locales, segments, rollout and targeting rule.
/// Unlike other objects, an unknown key here is kept, so that the item never matches (see
/// ``Announcement/Audience/unknownKeys``).
extension AnnouncementNodeDecoder {
    /// The fields of an audience.
    enum AudienceKey: String, FieldKey {
        case platforms, minAppVersion, maxAppVersion, minOSVersion, maxOSVersion, locales, segments
        case rolloutPercentage, targeting
        case requires
        static let table = KeyTable(Self.self)
    }

    /// The audience `node`; `nil` for `null` or when it is not an object (reported).
    func decodeAudience(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> Announcement.AudienceRules? {
        guard case .object = node.kind else {
            if node.isNull { return nil }
            sink.report(
                .error, "audience must be an object; found \(node.typeDescription)", path: path(), offset: node.offset)
            return nil
        }
        let fields = Fields<AudienceKey>(node)
        var audience = Announcement.AudienceRules()
        if fields.isIrregular { audience.unknownKeys = unknownKeys(fields, path: path, sink: &sink) }
        audience.platforms = platforms(fields, path: path, sink: &sink)
        audience.minAppVersion = version(fields, .minAppVersion, path: path, sink: &sink)
        audience.maxAppVersion = version(fields, .maxAppVersion, path: path, sink: &sink)
        audience.minOSVersion = version(fields, .minOSVersion, path: path, sink: &sink)
        audience.maxOSVersion = version(fields, .maxOSVersion, path: path, sink: &sink)
        checkRange(
            audience.minAppVersion, audience.maxAppVersion, "AppVersion", fields, .maxAppVersion, path: path,
            sink: &sink)
        checkRange(
            audience.minOSVersion, audience.maxOSVersion, "OSVersion", fields, .maxOSVersion, path: path, sink: &sink)
        audience.locales = locales(fields, path: path, sink: &sink)
        audience.segments = stringList(fields, .segments, path: path, sink: &sink)
        audience.rolloutPercentage = rolloutPercentage(fields, path: path, sink: &sink)
        if let targetingNode = fields[.targeting] {
            audience.targeting = decodeTargeting(targetingNode, path: { path() + ".targeting" }, sink: &sink)
        }
        audience.requires = requires(fields, path: path, sink: &sink)
        return audience
    }

    /// Reports repeated keys, and each unknown key with a warning; gives the unknown keys with their values.
    private func unknownKeys(_ fields: Fields<AudienceKey>, path: () -> String, sink: inout DiagnosticSink)
        -> [String: JSONValue]
    {
        checkDuplicates(fields.members, path: path, sink: &sink)
        var unknownKeys: [String: JSONValue] = [:]
        for member in fields.members where AudienceKey.table.slot(ofKey: member.keyNode) == nil {
            sink.report(
                .warning,
                "unknown audience key \"\(member.key)\"; this announcement will not show until the app "
                    + "understands it",
                path: JSONPath.member(path(), member.key), offset: member.keyOffset)
            unknownKeys[member.key] = member.value.value
        }
        return unknownKeys
    }

    /// The platforms, each one not in ``Announcement/Audience/knownPlatforms`` warned about.
    private func platforms(_ fields: Fields<AudienceKey>, path: () -> String, sink: inout DiagnosticSink)
        -> [String]?
    {
        guard let platforms = stringList(fields, .platforms, path: path, sink: &sink) else { return nil }
        for (index, platform) in platforms.enumerated() where !Self.isKnownPlatform(platform) {
            let list = Announcement.AudienceRules.knownPlatforms.joined(separator: ", ")
            sink.report(
                .warning, "platform \"\(platform)\" is not one AnnouncementKit runs on (\(list))",
                path: JSONPath.element(path() + ".platforms", index),
                offset: elementOffset(fields[.platforms]!, index))
        }
        return platforms
    }

    /// The locales, each one that is not a well-formed language tag reported.
    private func locales(_ fields: Fields<AudienceKey>, path: () -> String, sink: inout DiagnosticSink)
        -> [String]?
    {
        guard let locales = stringList(fields, .locales, path: path, sink: &sink) else { return nil }
        for (index, locale) in locales.enumerated() where !LanguageTag.isWellFormed(locale) {
            sink.report(
                .error, "\"\(locale)\" is not a language tag; write tags such as \"de\" or \"fr-CA\"",
                path: JSONPath.element(path() + ".locales", index),
                offset: elementOffset(fields[.locales]!, index))
        }
        return locales
    }

    /// The required features: an array of at most `FeedLimits.maximumRequiredFeatures` non-empty strings,
    /// which may be empty (a warning: a 0.1 app still sees an unknown key). A repeated name and a name this
    /// version does not support are warnings; a longer list is an error (the item is dropped). Repeats are
    /// found with a set, so the check is linear in the list.
    private func requires(_ fields: Fields<AudienceKey>, path: () -> String, sink: inout DiagnosticSink)
        -> [String]?
    {
        guard let node = fields[.requires] else { return nil }
        guard case .array = node.kind else {
            mismatch("requires", "an array of strings", node, path() + ".requires", &sink)
            return nil
        }
        if node.elements.isEmpty {
            sink.report(
                .warning, "requires is empty; omit it, since apps before 0.2 do not show an item that has it",
                path: path() + ".requires", offset: node.offset)
        }
        guard node.elements.count <= FeedLimits.maximumRequiredFeatures else {
            sink.report(
                .error,
                "requires has \(node.elements.count) entries; at most \(FeedLimits.maximumRequiredFeatures) "
                    + "are allowed (name each feature the item needs once)",
                path: path() + ".requires", offset: node.offset)
            return nil
        }
        var names: [String] = []
        var seen = Set<String>()
        for (index, item) in node.elements.enumerated() {
            guard let name = item.stringValue, !name.isEmpty else {
                mismatch(
                    "each entry of requires", "a non-empty string", item, JSONPath.element(path() + ".requires", index),
                    &sink)
                continue
            }
            guard seen.insert(name).inserted else {
                sink.report(
                    .warning, "requires names \"\(name)\" twice",
                    path: JSONPath.element(path() + ".requires", index), offset: item.offset)
                continue
            }
            if !Announcement.AudienceRules.supportedCapabilities.contains(name) {
                let known = Announcement.AudienceRules.supportedCapabilities.joined(separator: ", ")
                sink.report(
                    .warning,
                    "requires \"\(name)\", which this version does not support, so the item will not show "
                        + "(known: \(known))",
                    path: JSONPath.element(path() + ".requires", index), offset: item.offset)
            }
            names.append(name)
        }
        return names
    }

    /// The rollout percentage, when it is from 0 to 100 (reported when not).
    private func rolloutPercentage(
        _ fields: Fields<AudienceKey>, path: () -> String, sink: inout DiagnosticSink
    ) -> Double? {
        guard let percentage = number(fields, .rolloutPercentage, path: path, sink: &sink) else { return nil }
        guard (0...100).contains(percentage) else {
            sink.report(
                .error,
                "rolloutPercentage must be between 0 and 100; found \(JSONWriter.format(number: percentage))",
                path: path() + ".rolloutPercentage", offset: fields[.rolloutPercentage]!.offset)
            return nil
        }
        return percentage
    }

    /// A semantic version, written like `2.5` or `2.5.1`.
    private func version(
        _ fields: Fields<AudienceKey>, _ key: AudienceKey, path: () -> String, sink: inout DiagnosticSink
    ) -> SemanticVersion? {
        guard let text = string(fields, key, path: path, sink: &sink) else { return nil }
        if let version = SemanticVersion(text) { return version }
        sink.report(
            .error, "\(key.name) \(JSONWriter.quote(text)) is not a version; write it like 2.5 or 2.5.1",
            path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
        return nil
    }

    /// Reports a `max…` version below its `min…` version (`name` is `AppVersion` or `OSVersion`).
    private func checkRange(
        _ low: SemanticVersion?, _ high: SemanticVersion?, _ name: String, _ fields: Fields<AudienceKey>,
        _ highKey: AudienceKey, path: () -> String, sink: inout DiagnosticSink
    ) {
        if let low, let high, high < low {
            sink.report(
                .error, "max\(name) \(high) is below min\(name) \(low); no version would match",
                path: path() + ".max\(name)", offset: fields[highKey]!.offset)
        }
    }

    // MARK: - Platform names read without making strings

    /// ``Announcement/Audience/knownPlatforms`` as they are compared, in lower case.
    static let knownPlatformNames = Set(Announcement.AudienceRules.knownPlatforms.map { $0.lowercased() })

    /// ``knownPlatformNames`` as UTF-8.
    private static let knownPlatformBytes = knownPlatformNames.map { Array($0.utf8) }

    /// Whether `platform` is one of ``knownPlatformNames`` in any case. ASCII is compared byte by byte
    /// (its lower case is its ASCII lower case, and two ASCII strings are equal when their bytes are);
    /// anything else is lower-cased and looked up as a string.
    static func isKnownPlatform(_ platform: String) -> Bool {
        var text = platform
        let asASCII: Bool? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return knownPlatformBytes.contains { name in
                name.count == bytes.count
                    && name.indices.allSatisfy { index in
                        let byte = bytes[index]
                        return name[index] == ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                    }
            }
        }
        return asASCII ?? knownPlatformNames.contains(platform.lowercased())
    }
}
