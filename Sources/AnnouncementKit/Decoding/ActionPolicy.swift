import Foundation

/// The safety rules every action passes before its announcement is accepted.
///
/// - `url` actions use `https`; plain `http` only when ``allowsHTTP`` is set.
/// - `deepLink` actions use a scheme in ``allowedDeepLinkSchemes``; when that is `nil`, any scheme
///   except web schemes (those are `url` actions) and the forbidden ones.
/// - At most `maximumLength` characters, no whitespace, control or invisible format characters
///   (such as U+200B or U+202E), no backslash.
/// - `url` actions are ASCII only (hosts in punycode, the rest percent-encoded) and carry no user
///   info: `https://example.com@evil.com` opens evil.com, so it is refused.
/// - A `url` action's host is a plain host name (letters, digits, `-`, `_`, dots between non-empty
///   labels), an IPv4 address or a bracketed IPv6 address: no percent-encoding, which a browser
///   decodes to another host (`example.com%2eevil.com` opens `example.com.evil.com`); its port, if
///   any, is at most 65535.
/// - `javascript:`, `vbscript:`, `data:` and `file:` never pass; under the default deep-link policy
///   (no allowed list) neither do the browser's own schemes in `browserSchemes`.
public struct ActionPolicy: Sendable, Hashable {
    /// Whether `url` actions may use plain `http`.
    public var allowsHTTP: Bool
    /// Deep-link schemes the app handles, compared case-insensitively; `nil` allows any scheme
    /// that is not forbidden and not a web scheme.
    public var allowedDeepLinkSchemes: Set<String>?
    /// Whether image URLs may use plain `http`; `nil` follows ``allowsHTTP``. The remote provider sets
    /// it to its feed's opt-in, which covers the images as it covers the feed.
    package var allowsHTTPImages: Bool?

    /// The longest URL accepted, in characters.
    package static let maximumLength = 2048
    /// Schemes no action may use, whatever the app allows.
    package static let forbiddenSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]
    /// Schemes that name a browser's own pages or objects rather than an app (`blob:`, `about:`,
    /// `view-source:`, …): refused as deep links unless the app lists them in
    /// ``allowedDeepLinkSchemes``.
    package static let browserSchemes: Set<String> = [
        "about", "blob", "filesystem", "view-source", "chrome", "chrome-extension", "moz-extension", "resource",
        "ws", "wss",
    ]

    /// Creates a policy; the default allows `https` links and any non-web deep-link scheme.
    public init(allowsHTTP: Bool = false, allowedDeepLinkSchemes: Set<String>? = nil) {
        self.allowsHTTP = allowsHTTP
        self.allowedDeepLinkSchemes = allowedDeepLinkSchemes.map { Set($0.map { $0.lowercased() }) }
    }

    /// The policy an image URL is checked with: this one, with ``allowsHTTPImages`` for `http`.
    package var imagePolicy: ActionPolicy {
        var policy = self
        policy.allowsHTTP = allowsHTTPImages ?? allowsHTTP
        return policy
    }

    /// Why `value` may not be used for an action of `type`, or `nil` when it may.
    package func problem(with value: String, type: Announcement.Action.ActionType) -> String? {
        guard type != .dismiss else { return nil }
        if value.isEmpty { return "is empty; a \(type.rawValue) action needs a URL" }
        // A character takes at least one byte: count characters only when the bytes could exceed the limit.
        if value.utf8.count > Self.maximumLength {
            let length = value.count
            if length > Self.maximumLength {
                return "is \(length) characters long; at most \(Self.maximumLength) are allowed"
            }
        }
        let isASCII =
            value.utf8.withContiguousStorageIfAvailable { ByteScan.isASCII($0) } ?? value.utf8.allSatisfy { $0 < 0x80 }
        if let problem = isASCII ? Self.asciiCharacterProblem(value) : Self.characterProblem(value, type: type) {
            return problem
        }
        guard let scheme = isASCII ? Self.asciiScheme(of: value) : Self.scheme(of: value) else {
            return type == .url
                ? "has no scheme; write a full address such as https://example.com/page"
                : "has no scheme; write a deep link such as myapp://screen"
        }
        if Self.forbiddenSchemes.contains(scheme) {
            return "uses the '\(scheme):' scheme, which is never allowed in an action"
        }
        guard let components = URLComponents(string: value) else {
            return "is not a valid URL; percent-encode special characters"
        }
        switch type {
        case .url:
            guard scheme == "https" || (allowsHTTP && scheme == "http") else {
                if scheme == "http" {
                    return "uses plain http; use https (the app must opt in to allow http)"
                }
                return "uses the '\(scheme):' scheme; a url action must use https (use type deepLink for app links)"
            }
            guard let host = components.host, !host.isEmpty else {
                return "has no host; write a full address such as https://example.com/page"
            }
            if components.user != nil || components.password != nil {
                return "has a user name before '@' (\(components.user ?? "")@\(host)), which disguises the real "
                    + "host \(host); remove it"
            }
            if let problem = Self.hostProblem(of: value) { return problem }
        case .deepLink:
            if scheme == "http" || scheme == "https" {
                return "is a web address; use an action of type url for \(scheme) links"
            }
            if let allowed = allowedDeepLinkSchemes, !allowed.contains(scheme) {
                let list = allowed.isEmpty ? "none" : allowed.sorted().joined(separator: ", ")
                return "uses the scheme '\(scheme)', which the app does not allow (allowed: \(list))"
            }
            if allowedDeepLinkSchemes == nil, Self.browserSchemes.contains(scheme) {
                return "uses the browser's own '\(scheme):' scheme, not an app's; deep links use the app's scheme "
                    + "(myapp://screen)"
            }
        case .dismiss:
            break
        }
        return nil
    }

    /// Why the host or port of `value`, a `url` action's ASCII link with a host and no user info, may open
    /// somewhere else than it reads, if they may. Read from the text itself: Foundation's parsed host is
    /// already decoded (percent-encoding, punycode), which is what hides the trick.
    static func hostProblem(of value: String) -> String? {
        var text = value
        return text.withUTF8 { hostProblem(inUTF8: $0) }
    }

    /// ``hostProblem(of:)`` over the link's UTF-8 bytes, without copying them.
    private static func hostProblem(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let colon = UInt8(ascii: ":")
        let slash = UInt8(ascii: "/")
        var start = 0
        while start + 2 < bytes.count,
            !(bytes[start] == colon && bytes[start + 1] == slash && bytes[start + 2] == slash)
        {
            start += 1
        }
        guard start + 2 < bytes.count else { return nil }
        start += 3
        var end = start
        while end < bytes.count, bytes[end] != slash, bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            end += 1
        }
        var host = bytes[start..<end]
        var port = bytes[end..<end]
        func text(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> String { String(decoding: part, as: UTF8.self) }
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else {
                return "has an IPv6 host without its closing ']'"
            }
            port = host[(close + 1)...]
            host = host[...close]
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ isHexDigit($0) || $0 == colon || $0 == UInt8(ascii: ".") })
            else { return "has the host \(text(host)), which is not an IPv6 address" }
            return portProblem(port)
        }
        if let portColon = host.firstIndex(of: colon) {
            port = host[portColon...]
            host = host[..<portColon]
        }
        if let problem = portProblem(port) { return problem }
        if host.contains(UInt8(ascii: "%")) {
            return "has a percent-encoded host (\(text(host))), which a browser decodes to another host; write the "
                + "host name plainly"
        }
        // Labels of host-name bytes between dots; one trailing dot (the root) is allowed.
        let name = host.last == UInt8(ascii: ".") ? host.dropLast() : host
        var labelLength = 0
        for byte in name {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0 else { return hostNameProblem(text(host)) }
                labelLength = 0
            } else {
                guard isHostNameByte(byte) else { return hostNameProblem(text(host)) }
                labelLength += 1
                guard labelLength <= 63 else { return hostNameProblem(text(host)) }
            }
        }
        return labelLength > 0 ? nil : hostNameProblem(text(host))
    }

    private static func hostNameProblem(_ host: String) -> String {
        "has the host \(host), which is not a host name (letters, digits, '-' and '_' in labels of 1 to 63 "
            + "characters between dots)"
    }

    /// Why `port`, the text after a host (":" and digits, or nothing), is not a port number, if it is not.
    private static func portProblem(_ port: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard let colon = port.first else { return nil }
        let digits = port.dropFirst()
        let text = String(decoding: port, as: UTF8.self)
        guard colon == UInt8(ascii: ":"), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return "has \(text) after its host, which is not a port" }
        // An empty port means the scheme's default; leading zeros aside, more than five digits is too many.
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        if significant.count > 5 || (Int(String(decoding: significant, as: UTF8.self)) ?? 0) > 65_535 {
            return "has the port \(text.dropFirst()); a port is at most 65535"
        }
        return nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static func isHostNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static let whitespaceProblem = "contains whitespace or control characters; percent-encode them"
    private static let backslashProblem =
        "contains a backslash, which browsers read as '/' so the link may open another host; "
        + "use '/' or percent-encode it (%5C)"

    /// The character checks of `problem(with:type:)` for any text: whitespace and controls, invisible
    /// format characters, a backslash, and (in `url` actions) anything not ASCII.
    static func characterProblem(_ value: String, type: Announcement.Action.ActionType) -> String? {
        if value.unicodeScalars.contains(where: Self.isWhitespaceOrControl) {
            return whitespaceProblem
        }
        if let invisible = value.unicodeScalars.first(where: FeedLimits.isInvisible) {
            return "contains the invisible character \(FeedLimits.codePoint(invisible)), which can disguise a link; "
                + "remove it"
        }
        // Any backslash byte, even one a combining mark follows (which a character search would not find):
        // a browser may still read it as '/'.
        if value.utf8.contains(UInt8(ascii: "\\")) {
            return backslashProblem
        }
        if type == .url, let other = value.unicodeScalars.first(where: { !$0.isASCII }) {
            return "contains the non-ASCII character \(FeedLimits.codePoint(other)); write internationalised host "
                + "names in punycode (xn--…) and percent-encode the rest, so the link reads as it opens"
        }
        return nil
    }

    /// ``characterProblem(_:type:)`` for ASCII text, byte by byte: ASCII holds no format characters (the
    /// first, U+00AD, is past it), every byte is a character of its own, and nothing is non-ASCII.
    static func asciiCharacterProblem(_ value: String) -> String? {
        var sawBackslash = false
        for byte in value.utf8 {
            if byte <= 0x20 || byte == 0x7F { return whitespaceProblem }
            if byte == UInt8(ascii: "\\") { sawBackslash = true }
        }
        return sawBackslash ? backslashProblem : nil
    }

    /// The lower-cased RFC 3986 scheme of `value`, or `nil` when it has none.
    static func scheme(of value: String) -> String? {
        guard let colon = value.firstIndex(of: ":") else { return nil }
        let scheme = value[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return scheme.lowercased()
    }

    /// ``scheme(of:)`` for ASCII text, byte by byte. The only ASCII character of two bytes is CR LF,
    /// which is neither a colon nor allowed in a scheme, so bytes and characters give the same answer.
    static func asciiScheme(of value: String) -> String? {
        var length = 0
        for byte in value.utf8 {
            if byte == UInt8(ascii: ":") { break }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            guard isLetter || (length > 0 && isSchemeSymbolOrDigit(byte)) else { return nil }
            length += 1
        }
        guard length > 0, length < value.utf8.count else { return nil }
        // Setting 0x20 lower-cases a letter and leaves digits, `+`, `-` and `.` as they are.
        return String(unsafeUninitializedCapacity: length) { buffer in
            for (offset, byte) in value.utf8.prefix(length).enumerated() { buffer[offset] = byte | 0x20 }
            return length
        }
    }

    /// A digit, `+`, `-` or `.`: what a scheme may hold after its first letter besides letters.
    private static func isSchemeSymbolOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Whitespace or a control character; ASCII is answered without a Unicode property look-up.
    private static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value <= 0x20 || value == 0x7F }
        return scalar.properties.isWhitespace || (0x80...0x9F).contains(value)
    }
}
