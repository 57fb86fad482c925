/// The fields that need a newer app than 0.1 to mean what they say, and the warning for an item that uses
/// one without naming its feature in `audience.requires`: an app before 0.2 ignores the field (it shows a
/// draft to everyone, say), but treats `requires` as an unknown audience key and so does not show the item.
extension AnnouncementNodeDecoder {
    /// A field that needs a feature: the field, the feature's name in `requires`, and whether an item's
    /// value of the field uses the feature (`draft: false` does not).
    struct GatedField: Sendable {
        let key: ItemKey
        let capability: String
        let isUsed: @Sendable (Node) -> Bool
    }

    /// Every field that needs a feature; a new one is one entry.
    static let gatedFields: [GatedField] = [
        GatedField(key: .draft, capability: "drafts") { node in
            if case .bool(let value) = node.kind { return value }
            return false
        },
        GatedField(key: .trigger, capability: "triggers") { node in !node.isNull },
        GatedField(key: .variants, capability: "variants") { node in !node.isNull },
        // A banner is what every app shows; any other name (an unknown one too) asks for a format.
        GatedField(key: .format, capability: "formats") { node in
            !node.isNull && AnnouncementNodeDecoder.caseSpelled(by: node, in: formatNames) != .banner
        },
        GatedField(key: .image, capability: "images") { node in !node.isNull },
    ]

    /// Warns for each field of ``gatedFields`` the item uses without its feature in `requires`.
    func checkRequiredCapabilities(
        _ fields: Fields<ItemKey>, requires: [String]?, path: () -> String, sink: inout DiagnosticSink
    ) {
        for gated in Self.gatedFields {
            guard let node = fields[gated.key], gated.isUsed(node), !(requires ?? []).contains(gated.capability)
            else { continue }
            sink.report(
                .warning,
                "\(gated.key.name) is a 0.2 field: add \"\(gated.capability)\" to audience.requires so 0.1 apps "
                    + "do not show it",
                path: JSONPath.member(path(), gated.key.name), offset: node.offset)
        }
    }
}
