import Foundation

// How an announcement keeps its fields: once, in one allocation that copies share, packed.
//
// Announcements are copied into queues, selections, events and explanations. Sharing one allocation
// makes each copy a single reference instead of some 560 bytes and a dozen reference-count
// operations; copies share it until one of them changes (copy-on-write). Inside, an optional time
// takes 8 bytes instead of 16 and the schedule and the trigger, which most announcements do not have,
// 8 each instead of 72 and 33: an announcement is about a quarter smaller.

extension Announcement {
    /// The fields of an announcement in one allocation that copies share until one of them changes.
    struct Storage: Sendable, Hashable {
        private var box: Box

        /// Storage holding `fields`, shared by no other value yet.
        init(_ fields: Fields) {
            box = Box(fields)
        }

        /// The fields, read in place. A change copies them first unless this value holds the only
        /// reference to them, so no two values ever see one change.
        var fields: Fields {
            _read { yield box.fields }
            _modify {
                if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
                yield &box.fields
            }
        }

        /// Whether the fields are equal; shared fields are equal without a look at them.
        static func == (lhs: Storage, rhs: Storage) -> Bool {
            lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
        }

        /// Hashes the fields, as `==` compares them.
        func hash(into hasher: inout Hasher) {
            box.fields.hash(into: &hasher)
        }

        /// The shared allocation. Only ``fields`` changes it, after the uniqueness check.
        private final class Box: @unchecked Sendable {
            var fields: Fields

            init(_ fields: Fields) {
                self.fields = fields
            }
        }
    }

    /// Every field of an announcement, as ``Announcement`` documents them, packed where that saves
    /// room.
    struct Fields: Sendable, Hashable {
        // A text or an action takes 17 bytes and is aligned to 8: each is followed by a one-byte field,
        // which then fills its padding instead of taking 8 bytes of its own.
        var id: String
        var revision: Int
        var title: LocalizedText
        var isDismissible: Bool
        var message: LocalizedText
        var style: Style
        var action: Action
        var isDraft = false
        var actionLabel: LocalizedText?
        var format: Format = .banner
        var priority: Int
        @PackedDate var startDate: Date?
        @PackedDate var endDate: Date?
        @Boxed var schedule: Schedule?
        @PackedSeconds var dismissFor: TimeInterval?
        var targetAudience: Audience
        var audience: AudienceRules?
        var frequency: Frequency?
        var placements: [String]?
        @PackedSeconds var autoDismissAfter: TimeInterval?
        /// The fields most announcements leave out, in one box: absent, they take 8 bytes in all.
        @Boxed var extras: Extras?

        /// Changes the extras, keeping `nil` for none.
        mutating func updateExtras(_ change: (inout Extras) -> Void) {
            var changed = extras ?? Extras()
            change(&changed)
            extras = changed.isEmpty ? nil : changed
        }
    }

    /// The fields of an announcement that most leave out: the trigger, the variants and goal, the image,
    /// and the variant a selection chose.
    struct Extras: Sendable, Hashable {
        var trigger: Trigger?
        var variants: [Variant] = []
        var goal: Goal?
        var image: Image?
        var variantID: String?

        /// The extras, or `nil` when every field is absent.
        var nonEmpty: Extras? {
            isEmpty ? nil : self
        }

        /// Whether every field is absent.
        var isEmpty: Bool {
            trigger == nil && variants.isEmpty && goal == nil && image == nil && variantID == nil
        }
    }

    /// A `TimeInterval?` in 8 bytes rather than 16: `nil` is one NaN bit pattern that no arithmetic
    /// produces. Equality and hashing are those of the optional it stands for.
    @propertyWrapper
    struct PackedSeconds: Sendable, Hashable {
        private static let absent = UInt64(0x7FF4_A11C_E000_0001)
        private var bits: UInt64

        init(wrappedValue: TimeInterval?) {
            bits = wrappedValue?.bitPattern ?? Self.absent
        }

        var wrappedValue: TimeInterval? {
            get { bits == Self.absent ? nil : Double(bitPattern: bits) }
            set { bits = newValue?.bitPattern ?? Self.absent }
        }

        static func == (lhs: PackedSeconds, rhs: PackedSeconds) -> Bool {
            lhs.wrappedValue == rhs.wrappedValue
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(wrappedValue)
        }
    }

    /// A `Date?` in 8 bytes rather than 16, as its seconds since the reference date.
    @propertyWrapper
    struct PackedDate: Sendable, Hashable {
        private var seconds: PackedSeconds

        init(wrappedValue: Date?) {
            seconds = PackedSeconds(wrappedValue: wrappedValue?.timeIntervalSinceReferenceDate)
        }

        var wrappedValue: Date? {
            get { seconds.wrappedValue.map(Date.init(timeIntervalSinceReferenceDate:)) }
            set { seconds.wrappedValue = newValue?.timeIntervalSinceReferenceDate }
        }
    }

    /// An optional value kept by reference, so that an absent one takes 8 bytes. Boxes are never
    /// changed, only replaced, so copies may share one.
    @propertyWrapper
    struct Boxed<Value: Sendable & Hashable>: Sendable, Hashable {
        private var box: Box?

        init(wrappedValue: Value?) {
            box = wrappedValue.map(Box.init)
        }

        var wrappedValue: Value? {
            get { box?.value }
            set { box = newValue.map(Box.init) }
        }

        private final class Box: Sendable, Hashable {
            let value: Value

            init(_ value: Value) {
                self.value = value
            }

            static func == (lhs: Box, rhs: Box) -> Bool {
                lhs === rhs || lhs.value == rhs.value
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(value)
            }
        }
    }
}
