/// The Linux distribution's version, as `AnnouncementContext.current` reports it on Linux: the
/// `VERSION_ID` of `os-release(5)` (`/etc/os-release`, else `/usr/lib/os-release`), read with a bound.
package enum LinuxRelease {
    /// At most this many bytes of an os-release file are read; the file is a few hundred bytes.
    package static let maximumFileBytes = 16 * 1024

    /// The text of the system's os-release file, `nil` when there is none or it cannot be read.
    package static func read() -> String? {
        for path in ["/etc/os-release", "/usr/lib/os-release"] {
            switch try? BoundedFileRead.read(path: path, limit: maximumFileBytes) {
            case .complete(let bytes), .truncated(let bytes, _):
                return String(decoding: bytes, as: UTF8.self)
            case .missing, .notRegularFile, nil:
                continue
            }
        }
        return nil
    }

    /// The version in `VERSION_ID` of an os-release text: up to three numeric parts (`12` → 12.0.0,
    /// `24.04` → 24.4.0, `3.20.3` → 3.20.3); `nil` when it is missing, empty or not numeric (`rolling`).
    package static func version(osRelease text: String?) -> SemanticVersion? {
        guard let text else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            guard line.hasPrefix("VERSION_ID=") else { continue }
            var value = line.dropFirst("VERSION_ID=".count)
            if let quote = value.first, quote == "\"" || quote == "'" {
                value = value.dropFirst()
                if value.last == quote { value = value.dropLast() }
            }
            return version(of: value)
        }
        return nil
    }

    private static func version(of value: Substring) -> SemanticVersion? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            // At most 9 digits: a version part, never a number that could overflow.
            guard (1...9).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let number = UInt64(part)
            else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        return SemanticVersion(major: numbers[0], minor: numbers[1], patch: numbers[2])
    }
}
