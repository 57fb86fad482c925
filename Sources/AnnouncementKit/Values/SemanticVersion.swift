/// A version compared by SemVer 2.0 precedence, read leniently the way apps write versions:
/// a leading `v` is allowed and a missing minor or patch is zero (`2.5` = `2.5.0`).
///
/// ```swift
/// SemanticVersion("v2.5")! < SemanticVersion("2.5.1-beta.1")!  // true
/// ```
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// One dot-separated pre-release identifier.
    public enum Identifier: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Digits only; compared numerically and lower than any alphanumeric identifier.
        case numeric(UInt64)
        /// Anything else; compared in ASCII order.
        case alphanumeric(String)

        /// The identifier as written.
        public var description: String {
            switch self {
            case .numeric(let value): String(value)
            case .alphanumeric(let value): value
            }
        }

        /// SemVer 2.0 rule 11: numeric identifiers sort numerically and before alphanumeric ones.
        public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
            switch (lhs, rhs) {
            case (.numeric(let left), .numeric(let right)): left < right
            case (.numeric, .alphanumeric): true
            case (.alphanumeric, .numeric): false
            case (.alphanumeric(let left), .alphanumeric(let right)):
                Array(left.utf8).lexicographicallyPrecedes(right.utf8)
            }
        }
    }

    /// The major version.
    public var major: UInt64 {
        switch storage {
        case .packed(let bits): bits >> Self.majorShift
        case .full(let full): full.major
        }
    }
    /// The minor version.
    public var minor: UInt64 {
        switch storage {
        case .packed(let bits): (bits >> Self.minorShift) & Self.fieldMask
        case .full(let full): full.minor
        }
    }
    /// The patch version.
    public var patch: UInt64 {
        switch storage {
        case .packed(let bits): bits & Self.fieldMask
        case .full(let full): full.patch
        }
    }
    /// Pre-release identifiers (`beta.2` → `[beta, 2]`); a pre-release sorts before its release.
    public var prerelease: [Identifier] {
        switch storage {
        case .packed: []
        case .full(let full): full.prerelease
        }
    }
    /// Build metadata; ignored for precedence and equality.
    public var build: [String] {
        switch storage {
        case .packed: []
        case .full(let full): full.build
        }
    }

    /// How the version is kept. Nearly every version is a plain `MAJOR.MINOR.PATCH` of small numbers:
    /// those are packed into one 64-bit word (22 bits of major, 21 of minor, 21 of patch), whose
    /// order as an integer is the versions' precedence. An audience holds up to four versions, so
    /// this keeps a version at 9 bytes instead of 40. Anything else is kept whole, by reference.
    private enum Storage: Sendable {
        case packed(UInt64)
        case full(Full)
    }

    /// A version that does not fit the packed form.
    private final class Full: Sendable {
        let major: UInt64
        let minor: UInt64
        let patch: UInt64
        let prerelease: [Identifier]
        let build: [String]

        init(major: UInt64, minor: UInt64, patch: UInt64, prerelease: [Identifier], build: [String]) {
            self.major = major
            self.minor = minor
            self.patch = patch
            self.prerelease = prerelease
            self.build = build
        }
    }

    private static let majorShift: UInt64 = 42
    private static let minorShift: UInt64 = 21
    private static let fieldMask: UInt64 = (1 << 21) - 1
    private static let majorLimit: UInt64 = 1 << 22

    private let storage: Storage

    /// Creates a version from its parts.
    public init(
        major: UInt64, minor: UInt64 = 0, patch: UInt64 = 0, prerelease: [Identifier] = [], build: [String] = []
    ) {
        if prerelease.isEmpty, build.isEmpty, major < Self.majorLimit, minor <= Self.fieldMask, patch <= Self.fieldMask
        {
            storage = .packed(major << Self.majorShift | minor << Self.minorShift | patch)
        } else {
            storage = .full(Full(major: major, minor: minor, patch: patch, prerelease: prerelease, build: build))
        }
    }

    /// Parses `[v]MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`; returns `nil` for anything else.
    public init?(_ text: String) {
        // Read as UTF-8 bytes: every valid character is ASCII, so any other byte simply fails the
        // checks, exactly as the same text read by characters would.
        var utf8 = text.utf8[...]
        if let first = utf8.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "V") { utf8 = utf8.dropFirst() }
        var build: [String] = []
        if let plus = utf8.firstIndex(of: UInt8(ascii: "+")) {
            let complete = Self.forEachPart(of: utf8[utf8.index(after: plus)...]) { part in
                guard Self.isIdentifier(part) else { return false }
                build.append(String(decoding: part, as: UTF8.self))
                return true
            }
            guard complete else { return nil }
            utf8 = utf8[..<plus]
        }
        var prerelease: [Identifier] = []
        if let dash = utf8.firstIndex(of: UInt8(ascii: "-")) {
            let complete = Self.forEachPart(of: utf8[utf8.index(after: dash)...]) { part in
                guard Self.isIdentifier(part) else { return false }
                if part.allSatisfy(Self.isDigit) {
                    guard let number = Self.number(part) else { return false }
                    prerelease.append(.numeric(number))
                } else {
                    prerelease.append(.alphanumeric(String(decoding: part, as: UTF8.self)))
                }
                return true
            }
            guard complete else { return nil }
            utf8 = utf8[..<dash]
        }
        var numbers: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        let complete = Self.forEachPart(of: utf8) { part in
            guard count < 3, let number = Self.number(part) else { return false }
            switch count {
            case 0: numbers.0 = number
            case 1: numbers.1 = number
            default: numbers.2 = number
            }
            count += 1
            return true
        }
        guard complete else { return nil }
        self.init(major: numbers.0, minor: numbers.1, patch: numbers.2, prerelease: prerelease, build: build)
    }

    /// Calls `body` with each dot-separated part of `text` (empty parts included) until it returns
    /// `false`; whether every call returned `true`.
    private static func forEachPart(
        of text: Substring.UTF8View, _ body: (Substring.UTF8View.SubSequence) -> Bool
    ) -> Bool {
        var rest = text
        while true {
            let dot = rest.firstIndex(of: UInt8(ascii: "."))
            guard body(rest[..<(dot ?? rest.endIndex)]) else { return false }
            guard let dot else { return true }
            rest = rest[rest.index(after: dot)...]
        }
    }

    /// Digits without a leading zero (except `0` itself) that fit in 64 bits.
    private static func number(_ digits: Substring.UTF8View.SubSequence) -> UInt64? {
        guard let first = digits.first, digits.allSatisfy(isDigit), first != UInt8(ascii: "0") || digits.count == 1
        else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A non-empty run of ASCII letters, digits and hyphens.
    private static func isIdentifier(_ part: Substring.UTF8View.SubSequence) -> Bool {
        !part.isEmpty
            && part.allSatisfy {
                isDigit($0) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                    || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || $0 == UInt8(ascii: "-")
            }
    }

    /// The canonical form, `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`.
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.map(\.description).joined(separator: ".") }
        if !build.isEmpty { text += "+" + build.joined(separator: ".") }
        return text
    }

    /// SemVer 2.0 precedence; build metadata does not count.
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if case .packed(let left) = lhs.storage, case .packed(let right) = rhs.storage { return left < right }
        if lhs.major != rhs.major { return lhs.major < rhs.major }
        if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
        if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): return lhs.prerelease.lexicographicallyPrecedes(rhs.prerelease)
        }
    }

    /// Equal precedence: build metadata does not count.
    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if case .packed(let left) = lhs.storage, case .packed(let right) = rhs.storage { return left == right }
        return lhs.major == rhs.major && lhs.minor == rhs.minor && lhs.patch == rhs.patch
            && lhs.prerelease == rhs.prerelease
    }

    /// Hashes the parts that count for equality.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }
}
