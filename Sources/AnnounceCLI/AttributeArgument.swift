import AnnouncementKit

/// The value of `--attribute KEY=VALUE`, typed as a feed would type it.
///
/// `true` and `false` are booleans. A value written exactly as JSON writes a number is that number:
/// an optional `-`, then `0` or digits that do not start with `0`, an optional fraction `.` with
/// digits, an optional exponent `e`/`E` with an optional sign and digits (`-12`, `0`, `3.5`, `1e3`,
/// `-0`). Everything else is a string, so nothing that only looks like a number loses its text:
/// `01234` (a zip code), `0x10`, `+1`, `.5`, `1.`, `Infinity`, `NaN`, `1_000`, ` 1` with a space, and
/// a number too large for a double (`1e400`) all stay as written.
///
/// ```swift
/// AttributeArgument.value("true")   // .bool(true)
/// AttributeArgument.value("3.5")    // .number(3.5)
/// AttributeArgument.value("01234")  // .string("01234")
/// ```
enum AttributeArgument {
    /// The typed value of `text`.
    static func value(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if isJSONNumber(text), let number = Double(text), number.isFinite { return .number(number) }
        return .string(text)
    }

    /// Whether `text` is, in full, a number in JSON's grammar (RFC 8259, section 6).
    static func isJSONNumber(_ text: String) -> Bool {
        var rest = Substring(text).utf8
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func skip(_ byte: UInt8) -> Bool {
            guard rest.first == byte else { return false }
            rest = rest.dropFirst()
            return true
        }
        /// Skips a run of digits; whether there was at least one.
        func skipDigits() -> Bool {
            let count = rest.prefix(while: isDigit).count
            rest = rest.dropFirst(count)
            return count > 0
        }
        _ = skip(UInt8(ascii: "-"))
        if !skip(UInt8(ascii: "0")) {
            guard let first = rest.first, isDigit(first) else { return false }
            _ = skipDigits()
        }
        if skip(UInt8(ascii: ".")), !skipDigits() { return false }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            if !skip(UInt8(ascii: "+")) { _ = skip(UInt8(ascii: "-")) }
            if !skipDigits() { return false }
        }
        return rest.isEmpty
    }
}
