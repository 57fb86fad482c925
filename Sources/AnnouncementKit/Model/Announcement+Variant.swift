public import Foundation

extension Announcement {
    /// One wording of an A/B test: its share of users and the fields it shows instead of the
    /// announcement's own.
    ///
    /// Each user gets one variant per announcement, the same on every device (see
    /// ``Announcement/variant(for:)``). A ``isHoldout`` variant shows nothing to its users, who then
    /// measure what showing no banner does.
    public struct Variant: Sendable, Hashable {
        /// The variant's id, unique within its announcement and never empty; it names the variant in
        /// events and in `announce simulate`.
        public var id: String
        /// The variant's share: a user gets it with probability `weight` over the sum of the weights.
        public var weight: Int
        /// The title shown instead of the announcement's; `nil` keeps the announcement's.
        public var title: LocalizedText?
        /// The message shown instead of the announcement's; `nil` keeps the announcement's.
        public var message: LocalizedText?
        /// The action instead of the announcement's, with ``actionLabel``; `nil` keeps the
        /// announcement's action and label.
        public var action: Action?
        /// The label of ``action``; used only when ``action`` is set.
        public var actionLabel: LocalizedText?
        /// The style instead of the announcement's; `nil` keeps the announcement's.
        public var style: Style?
        /// A holdout variant shows nothing: its users are excluded with reason
        /// ``ExclusionReason/rolloutExcluded``.
        public var isHoldout: Bool

        /// Creates a variant; every field after `weight` keeps the announcement's own by default.
        public init(
            id: String, weight: Int, title: LocalizedText? = nil, message: LocalizedText? = nil,
            action: Action? = nil, actionLabel: LocalizedText? = nil, style: Style? = nil, isHoldout: Bool = false
        ) {
            self.id = id
            self.weight = weight
            self.title = title
            self.message = message
            self.action = action
            self.actionLabel = actionLabel
            self.style = style
            self.isHoldout = isHoldout
        }
    }

    /// The event that counts as a conversion after an impression of the announcement.
    ///
    /// When the app tracks ``event`` with ``AnnouncementManager/track(_:)`` less than ``within``
    /// seconds after an impression, the manager emits one conversion for that impression.
    public struct Goal: Sendable, Hashable {
        /// The name of the event, as the app passes it to ``AnnouncementManager/track(_:)``.
        public var event: String
        /// How many seconds after an impression the event counts; more than 0.
        public var within: TimeInterval

        /// Creates a goal; the default window is one day.
        public init(event: String, within: TimeInterval = 86_400) {
            self.event = event
            self.within = within
        }
    }

    /// The variant the user or installation `key` gets, `nil` when the announcement has no variants.
    ///
    /// `h` is MurmurHash3 (x86, 32 bits, seed 0) of the UTF-8 of `id + "/variant/" + key`; with `W`
    /// the sum of the weights, `v = (UInt64(h) × W) >> 32`, and the variant is the first whose running
    /// sum of weights exceeds `v`. A variant of weight 0 is never chosen.
    ///
    /// A feed's weights are bounded (`FeedLimits.maximumVariantWeight`); weights written in code are
    /// not, so the product is taken at full width and sums past `UInt64.max` stay there: nothing traps.
    public func variant(for key: String) -> Variant? {
        let variants = self.variants
        guard !variants.isEmpty else { return nil }
        let total = variants.reduce(UInt64(0)) { Self.saturatingSum($0, $1.weight) }
        guard total > 0 else { return nil }
        let hash = MurmurHash3.x86_32((id + "/variant/" + key).utf8)
        // h < 2^32, so the 128-bit product shifted right by 32 fits in 64 bits.
        let product = UInt64(hash).multipliedFullWidth(by: total)
        let value = product.high << 32 | product.low >> 32
        var runningSum: UInt64 = 0
        for variant in variants {
            runningSum = Self.saturatingSum(runningSum, variant.weight)
            if runningSum > value { return variant }
        }
        return nil
    }

    /// `sum + weight` (a negative weight counts as 0), `UInt64.max` past it.
    private static func saturatingSum(_ sum: UInt64, _ weight: Int) -> UInt64 {
        let (result, overflow) = sum.addingReportingOverflow(UInt64(max(weight, 0)))
        return overflow ? .max : result
    }

    /// The announcement as the user or installation `key` sees it: the chosen variant's title,
    /// message, action and style in place of its own and ``variantID`` set; unchanged when it has no
    /// variants.
    public func applyingVariant(for key: String) -> Announcement {
        guard let variant = variant(for: key) else { return self }
        return showing(variant.id)
    }

    /// The announcement showing its variant `variantID`: that variant's title, message, action and
    /// style in place of its own, and ``variantID`` set. The one place a variant is applied: to the
    /// user's variant (``applyingVariant(for:)``), and to the variant an impression recorded (a goal's
    /// conversion after a relaunch), where a variant the feed no longer has leaves the announcement's own
    /// fields with the recorded id.
    func showing(_ variantID: String) -> Announcement {
        var shown = self
        if let variant = variants.first(where: { $0.id == variantID }) {
            if let title = variant.title { shown.localizedTitle = title }
            if let message = variant.message { shown.localizedMessage = message }
            if let action = variant.action {
                shown.action = action
                shown.actionLabel = variant.actionLabel
            }
            if let style = variant.style { shown.style = style }
        }
        shown.variantID = variantID
        return shown
    }

    /// ``applyingVariant(for:)``, unless the announcement already shows a variant.
    func showingVariant(for key: String) -> Announcement {
        variantID == nil ? applyingVariant(for: key) : self
    }
}

extension Announcement.Variant: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, weight, title, message, action, style, holdout
    }

    private enum ActionKeys: String, CodingKey {
        case type, value, label
    }

    /// Encodes the variant as the feed writes it, leaving out the fields it does not replace.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(weight, forKey: .weight)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(message, forKey: .message)
        if let action {
            var object = container.nestedContainer(keyedBy: ActionKeys.self, forKey: .action)
            try object.encode(action.type, forKey: .type)
            try object.encodeIfPresent(action.value, forKey: .value)
            try object.encodeIfPresent(actionLabel, forKey: .label)
        }
        try container.encodeIfPresent(style, forKey: .style)
        if isHoldout { try container.encode(true, forKey: .holdout) }
    }
}

extension Announcement.Goal: Encodable {
    private enum CodingKeys: String, CodingKey {
        case event, within
    }

    /// Encodes the goal; a window at its default is left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event, forKey: .event)
        if within != 86_400 { try container.encode(within, forKey: .within) }
    }
}
