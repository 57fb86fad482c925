import Foundation

/// How an announcement is presented: its format and its image. Neither can cost the item its place: an
/// unknown format is a banner and a problem with the image leaves the image out, each with a warning.
extension AnnouncementNodeDecoder {
    /// The fields of an image.
    enum ImageKey: String, FieldKey {
        case url, alt, aspectRatio
        static let table = KeyTable(Self.self)
    }

    /// The formats with the UTF-8 of their raw values, to read them from a feed without making a string.
    static let formatNames = Announcement.Format.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The item's format: a banner when absent; an unknown one is a banner (a warning).
    func format(_ fields: Fields<ItemKey>, path: () -> String, sink: inout DiagnosticSink) -> Announcement.Format {
        guard let node = fields[.format] else { return .banner }
        if let known = Self.caseSpelled(by: node, in: Self.formatNames) { return known }
        guard let name = string(fields, .format, path: path, sink: &sink) else { return .banner }
        let names = Announcement.Format.allCases.map(\.rawValue).joined(separator: ", ")
        let hint = sink.didYouMean(name, among: Announcement.Format.allCases.map(\.rawValue))
        sink.report(
            .warning, "unknown format \"\(name)\" is shown as banner; known formats: \(names)\(hint)",
            path: path() + ".format", offset: node.offset)
        return .banner
    }

    /// The shortest `dismissFor` that is not warned about, in seconds: a dismissal that ends sooner brings
    /// the announcement back before the user has done anything else.
    package static let minimumDismissFor: TimeInterval = 60

    /// Warns about a way out that is not one: an announcement whose format takes the screen (a modal, a
    /// sheet) that cannot be dismissed and has no link to follow, as the item itself or as any variant
    /// shows it (a variant that puts a `dismiss` action in place of the item's link has none), blocks the
    /// app with nothing the user can do until it ends; and a
    /// `dismissFor` under ``minimumDismissFor`` brings the announcement back as soon as it is closed.
    func checkWayOut(
        _ announcement: Announcement, _ fields: Fields<ItemKey>, path: () -> String, sink: inout DiagnosticSink
    ) {
        if let dismissFor = announcement.dismissFor, dismissFor < Self.minimumDismissFor,
            let node = fields[.dismissFor]
        {
            let seconds = JSONWriter.format(number: dismissFor)
            let blocks =
                announcement.format.traits.takesScreen
                ? "; a \(announcement.format.rawValue) that returns at once blocks the app" : ""
            sink.report(
                .warning,
                "dismissFor \(seconds) brings the announcement back \(seconds) seconds after the user closes it\(blocks); "
                    + "give at least \(JSONWriter.format(number: Self.minimumDismissFor)) seconds, or leave dismissFor "
                    + "out to dismiss it for good",
                path: path() + ".dismissFor", offset: node.offset)
        }
        guard announcement.format.traits.takesScreen, !announcement.isDismissible, let formatNode = fields[.format]
        else {
            return
        }
        let advice =
            "blocks the app with no way forward until it ends; give it an action, make it dismissible, or use a banner"
        if announcement.action == .dismiss {
            sink.report(
                .warning,
                "a \(announcement.format.rawValue) that cannot be dismissed and has no url or deepLink action "
                    + advice,
                path: path() + ".format", offset: formatNode.offset)
            return
        }
        let variantNodes = fields[.variants].map { Array($0.elements) } ?? []
        for (index, variant) in announcement.variants.enumerated()
        where variant.action == .dismiss && !variant.isHoldout {
            let variantPath = JSONPath.element(path() + ".variants", index) + ".action"
            let offset = index < variantNodes.count ? Fields<VariantKey>(variantNodes[index])[.action]?.offset : nil
            sink.report(
                .warning,
                "variant \"\(variant.id)\" replaces the link with a dismiss action: a "
                    + "\(announcement.format.rawValue) that cannot be dismissed and has no url or deepLink action "
                    + advice,
                path: variantPath, offset: offset ?? formatNode.offset)
        }
    }

    /// The image `node`; `nil` for `null` and for an image with any problem, each reported as a warning that
    /// says the announcement shows without it.
    func decodeImage(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> Announcement.Image? {
        if node.isNull { return nil }
        var findings = DiagnosticSink()
        let image = readImage(node, path: path, sink: &findings)
        for entry in findings.entries {
            let message =
                entry.severity == .error ? entry.message + "; the announcement shows without its image" : entry.message
            sink.report(.warning, message, path: entry.path, offset: entry.offset)
        }
        return findings.errorCount == 0 ? image : nil
    }

    /// The image `node`, its problems reported as errors.
    private func readImage(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> Announcement.Image? {
        guard case .object = node.kind else {
            sink.report(
                .error,
                "image must be an object like {\"url\": \"https://…\", \"alt\": \"what it shows\"}; found "
                    + node.typeDescription, path: path(), offset: node.offset)
            return nil
        }
        let fields = Fields<ImageKey>(node)
        if fields.isIrregular { checkKeys(fields, what: "image", path: path, sink: &sink) }
        let url = imageURL(fields, path: path, sink: &sink)
        var alt: LocalizedText?
        if let altNode = fields[.alt] {
            alt = text(altNode, path: { path() + ".alt" }, name: "alt", sink: &sink)
        } else {
            sink.report(
                .error,
                "\"alt\" is missing; an image needs a text that says what it shows, for VoiceOver and for "
                    + "when the image cannot be loaded", path: path(), offset: fields.offset)
        }
        var aspectRatio = number(fields, .aspectRatio, path: path, sink: &sink)
        if let ratio = aspectRatio, !Announcement.Image.aspectRatioRange.contains(ratio) {
            let range = Announcement.Image.aspectRatioRange
            let node = fields[.aspectRatio]!
            sink.report(
                .warning,
                "aspectRatio \(node.shortDescription) is ignored: give width / height between \(range.lowerBound) "
                    + "and \(Int(range.upperBound)); the image keeps its own shape",
                path: path() + ".aspectRatio", offset: node.offset)
            aspectRatio = nil
        }
        guard let url, let alt else { return nil }
        return Announcement.Image(url: url, alt: alt, aspectRatio: aspectRatio)
    }

    /// The image's URL: present, and one the action policy accepts for a `url` action (https, or http when
    /// the app allows it for its feed).
    private func imageURL(_ fields: Fields<ImageKey>, path: () -> String, sink: inout DiagnosticSink) -> URL? {
        guard let urlNode = fields[.url] else {
            sink.report(
                .error, "\"url\" is missing; an image needs the https URL it is fetched from", path: path(),
                offset: fields.offset)
            return nil
        }
        guard let value = string(fields, .url, path: path, sink: &sink) else { return nil }
        if let problem = policy.imagePolicy.problem(with: value, type: .url) {
            sink.report(.error, "image url \(problem)", path: path() + ".url", offset: urlNode.offset)
            return nil
        }
        guard let url = URL(string: value) else {
            sink.report(.error, "image url is not a URL", path: path() + ".url", offset: urlNode.offset)
            return nil
        }
        return url
    }
}
