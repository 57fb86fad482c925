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
        var rest = Substring(text)
        if rest.first == "v" || rest.first == "V" { rest = rest.dropFirst() }
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            let parts = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false)
            guard parts.allSatisfy(Self.isIdentifier) else { return nil }
            build = parts.map(String.init)
            rest = rest[..<plus]
        }
        var prerelease: [Identifier] = []
        if let dash = rest.firstIndex(of: "-") {
            let parts = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false)
            for part in parts {
                guard Self.isIdentifier(part) else { return nil }
                if part.allSatisfy(\.isASCIIDigit) {
                    guard part == "0" || part.first != "0", let number = UInt64(part) else { return nil }
                    prerelease.append(.numeric(number))
                } else {
                    prerelease.append(.alphanumeric(String(part)))
                }
            }
            rest = rest[..<dash]
        }
        let core = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(core.count) else { return nil }
        var numbers: [UInt64] = []
        for part in core {
            guard !part.isEmpty, part.allSatisfy(\.isASCIIDigit), part == "0" || part.first != "0",
                let number = UInt64(part)
            else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2], prerelease: prerelease, build: build)
    }

    private static func isIdentifier(_ part: Substring) -> Bool {
        !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
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

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
