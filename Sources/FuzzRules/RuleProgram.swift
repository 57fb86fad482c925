import AnnouncementKit

/// A targeting rule written as a few bytes, so that the fuzzer reaches deeply nested rules over short
/// literal arrays (whose cost doubles with each level) by repeating a byte, where JSON text would need
/// it to balance brackets.
///
/// Each byte is one instruction of a stack machine: the low four bits say what to do, the high four a
/// size `n` (0–15). What is left on the stack at the end, joined with `and`, is the rule. Popping an
/// empty stack gives `{"var": ""}`.
///
/// | low bits | instruction |
/// |---|---|
/// | 0 | push the literal array `[1, …, n + 1]` |
/// | 1 | push `{"var": ""}` |
/// | 2 | push `{"var": "accumulator"}` (n even) or `{"var": "current"}` (n odd) |
/// | 3 | push the string `"ab"` repeated n + 1 times |
/// | 4 | pop a body; push `some`, `all`, `none`, `filter` or `map` (n mod 5) of it over `[1, …, n + 1]` |
/// | 5 | pop a body and an initial value; push `reduce` of them over `[1, …, n + 1]` |
/// | 6 | pop b, then a; push a binary operator (n mod 12) applied to `[a, b]` |
/// | 7 | pop a; push `{"!": [a]}` |
/// | 8 | duplicate the top |
/// | 9 | pop b, then a; push the array expression `[a, b]` |
/// | 10 | pop a body, then an array; push an iterator (n mod 5) of the body over that array |
/// | 11 | push the number n |
/// | 12 | pop c, b, a; push `{"if": [a, b, c]}` |
/// | 13 | pop a; push `{"var": [a]}` or `{"missing": [a]}` (n odd) |
/// | 14, 15 | pop a; push `{"substr": [a, n - 8]}` |
enum RuleProgram {
    /// The first byte of an input that is a program rather than JSON text (0xFF never starts UTF-8).
    static let marker: UInt8 = 0xFF

    /// The most instructions read: programs stay small, as rules in a feed do.
    static let maximumInstructions = 1024
    /// The deepest stack kept; past it the bottom is dropped.
    static let maximumStack = 64

    /// The operators instructions 4 and 10 pick from.
    static let iterators = ["some", "all", "none", "filter", "map"]
    /// The operators instruction 6 picks from.
    static let binaries = ["cat", "merge", "in", "==", "===", "<", "+", "*", "min", "starts_with", "!=", "or"]

    /// The rule `bytes` (without the marker) build.
    static func rule(from bytes: ArraySlice<UInt8>) -> JSONValue {
        var stack: [JSONValue] = []
        func pop() -> JSONValue { stack.popLast() ?? ["var": ""] }
        for byte in bytes.prefix(maximumInstructions) {
            let size = Int(byte >> 4)
            let items = JSONValue.array((0...size).map { .number(Double($0 + 1)) })
            switch byte & 0x0F {
            case 0: stack.append(items)
            case 1: stack.append(["var": ""])
            case 2: stack.append(["var": size % 2 == 0 ? "accumulator" : "current"])
            case 3: stack.append(.string(String(repeating: "ab", count: size + 1)))
            case 4: stack.append([iterators[size % iterators.count]: [items, pop()]])
            case 5:
                let body = pop()
                stack.append(["reduce": [items, body, pop()]])
            case 6:
                let right = pop()
                stack.append([binaries[size % binaries.count]: [pop(), right]])
            case 7: stack.append(["!": [pop()]])
            case 8:
                let top = pop()
                stack.append(contentsOf: [top, top])
            case 9:
                let right = pop()
                stack.append([pop(), right])
            case 10:
                let body = pop()
                stack.append([iterators[size % iterators.count]: [pop(), body]])
            case 11: stack.append(.number(Double(size)))
            case 12:
                let otherwise = pop()
                let then = pop()
                stack.append(["if": [pop(), then, otherwise]])
            case 13: stack.append([size % 2 == 0 ? "var" : "missing": [pop()]])
            default: stack.append(["substr": [pop(), .number(Double(size - 8))]])
            }
            if stack.count > maximumStack { stack.removeFirst() }
        }
        switch stack.count {
        case 0: return true
        case 1: return stack[0]
        default: return ["and": .array(stack)]
        }
    }
}
