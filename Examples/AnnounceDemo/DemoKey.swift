import Foundation

/// A key the demo acts on.
package enum DemoKey: Equatable, Sendable {
    /// `d`: dismiss the banner.
    case dismiss
    /// `a`: perform the banner's action.
    case act
    /// `n` or the right arrow: move the clock to the manager's next change.
    case next
    /// `+`: move the clock one hour on.
    case hour
    /// `q`: quit.
    case quit

    /// The key a line of input names (`d`, `a`, `n`, `→`, `+`, `q`, with surrounding spaces ignored),
    /// for input that is not a terminal; `nil` for any other line.
    package init?(line: String) {
        switch line.trimmingCharacters(in: .whitespaces) {
        case "d": self = .dismiss
        case "a": self = .act
        case "n", "→": self = .next
        case "+": self = .hour
        case "q": self = .quit
        default: return nil
        }
    }
}

/// Turns the bytes a terminal in raw mode sends into keys. The right arrow arrives as the three
/// bytes `ESC [ C` (or `ESC O C`), possibly split across reads, so an escape sequence is kept until
/// it is complete; any other byte or sequence is ignored.
package struct DemoKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    package init() {}

    /// The keys in `bytes`, in order, after what earlier reads left pending.
    package mutating func keys(from bytes: some Sequence<UInt8>) -> [DemoKey] {
        var keys: [DemoKey] = []
        for byte in bytes {
            if !pending.isEmpty {
                pending.append(byte)
                if let finished = finishEscape() { keys += finished }
                continue
            }
            switch byte {
            case 0x1B: pending = [byte]
            case UInt8(ascii: "d"): keys.append(.dismiss)
            case UInt8(ascii: "a"): keys.append(.act)
            case UInt8(ascii: "n"): keys.append(.next)
            case UInt8(ascii: "+"): keys.append(.hour)
            case UInt8(ascii: "q"): keys.append(.quit)
            default: break
            }
        }
        return keys
    }

    /// The key of the escape sequence in `pending` once it is complete (empty for one the demo
    /// ignores), clearing it; `nil` while more bytes are needed.
    private mutating func finishEscape() -> [DemoKey]? {
        if pending.count == 2 {
            // ESC followed by anything but `[` or `O` is no sequence the demo knows.
            if pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O") { return nil }
            pending = []
            return []
        }
        // A CSI sequence ends with a byte in 0x40...0x7E; parameters come before it.
        guard let last = pending.last, (0x40...0x7E).contains(last) else {
            if pending.count > 16 { pending = [] }
            return pending.isEmpty ? [] : nil
        }
        let isRightArrow = last == UInt8(ascii: "C") && pending.count == 3
        pending = []
        return isRightArrow ? [.next] : []
    }
}
