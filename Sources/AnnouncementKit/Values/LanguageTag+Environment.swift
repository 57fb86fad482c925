import Foundation

extension LanguageTag {
    /// The locale a POSIX system's environment names: `LC_ALL`, then `LC_MESSAGES`, then `LANG` (the
    /// first one set and not empty decides, as `setlocale` reads them for messages), as a language tag
    /// (`de_AT.UTF-8` → `de-AT`, `sr_RS@latin` → `sr-RS`); `nil` for `C`, `POSIX`, unset variables and a
    /// value that is not a language tag. `announce` and ``AnnouncementContext/current`` on Linux both
    /// read the locale this way.
    package static func fromEnvironment(_ variables: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = variables[name], !value.isEmpty else { continue }
            let base = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? value
            if base == "C" || base == "POSIX" { return nil }
            let tag = base.replacingOccurrences(of: "_", with: "-")
            return isWellFormed(tag) ? tag : nil
        }
        return nil
    }
}
