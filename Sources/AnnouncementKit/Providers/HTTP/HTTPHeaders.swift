import Foundation

/// The few response headers the remote provider reads, parsed.
package struct HTTPHeaders: Sendable, Hashable {
    /// `ETag`.
    package var etag: String?
    /// `Last-Modified`.
    package var lastModified: String?
    /// `Cache-Control`.
    package var cacheControl: String?
    /// `Retry-After`.
    package var retryAfter: String?
    /// `Content-Encoding`.
    package var contentEncoding: String?

    /// Headers with the given values; `nil` for a header the response did not have.
    package init(
        etag: String? = nil, lastModified: String? = nil, cacheControl: String? = nil, retryAfter: String? = nil,
        contentEncoding: String? = nil
    ) {
        self.etag = etag
        self.lastModified = lastModified
        self.cacheControl = cacheControl
        self.retryAfter = retryAfter
        self.contentEncoding = contentEncoding
    }

    /// `max-age` in seconds, when `Cache-Control` has one.
    var maxAge: TimeInterval? {
        for directive in directives {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if parts.count == 2, parts[0] == "max-age",
                let seconds = Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds >= 0
            {
                return TimeInterval(seconds)
            }
        }
        return nil
    }

    /// Whether `Cache-Control` says `no-cache`: the body may be kept but must be revalidated.
    var noCache: Bool { directives.contains("no-cache") }

    /// Whether `Cache-Control` says `no-store`: the body must not be written to disk.
    var noStore: Bool { directives.contains("no-store") }

    private var directives: [String] {
        (cacheControl ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The wait `Retry-After` asks for, in seconds from `now`: delay-seconds or an HTTP date.
    func retryAfterInterval(now: Date) -> TimeInterval? {
        guard let value = retryAfter?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        guard let date = Self.httpDate(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// Parses an IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// The longest validator (`ETag`, `Last-Modified`) kept and sent back, in bytes: 1 KiB.
    ///
    /// Real validators are short (nginx's ETag is about 20 bytes, an HTTP date 29), while servers
    /// refuse request headers past a limit of their own (nginx answers 400 past 8 KiB): a longer
    /// validator is not kept, so it can neither be sent back nor make the cache file large.
    static let maximumValidatorLength = 1024

    /// `value` when it may be kept and sent back as a validator: 1 to ``maximumValidatorLength``
    /// bytes of printable ASCII (space to `~`); otherwise `nil`, and the request goes without it.
    static func usableValidator(_ value: String?) -> String? {
        guard let value else { return nil }
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= maximumValidatorLength,
            bytes.allSatisfy({ (0x20...0x7E).contains($0) })
        else { return nil }
        return value
    }

    /// Whether two entity tags match under the weak comparison of RFC 9110 §8.8.3.2: the same
    /// opaque tag, whether or not either is marked weak (`W/`).
    static func weaklyMatch(_ lhs: String, _ rhs: String) -> Bool {
        func opaque(_ tag: String) -> Substring {
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : Substring(trimmed)
        }
        return opaque(lhs) == opaque(rhs)
    }
}
