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
///
/// Duplicating and combining can double a rule at each step; an expression that would count more
/// than ``maximumNodes`` JSON values is replaced by `{"var": ""}`, so the rule text stays within what
/// a feed may hold (the decoder refuses rules over `FeedLimits.maximumRuleNodes`, which this exceeds,
/// so the refusal is still reached) and building it stays fast.
enum RuleProgram {
    /// The first byte of an input that is a program rather than JSON text (0xFF never starts UTF-8).
    static let marker: UInt8 = 0xFF

    /// The most instructions read: programs stay small, as rules in a feed do.
    static let maximumInstructions = 1024
    /// The deepest stack kept; past it the bottom is dropped.
    static let maximumStack = 64
    /// The most JSON values one expression may count.
    static let maximumNodes = 4096

    /// The operators instructions 4 and 10 pick from.
    static let iterators = ["some", "all", "none", "filter", "map"]
    /// The operators instruction 6 picks from.
    static let binaries = ["cat", "merge", "in", "==", "===", "<", "+", "*", "min", "starts_with", "!=", "or"]

    /// The rule `bytes` (without the marker) build.
    static func rule(from bytes: ArraySlice<UInt8>) -> JSONValue {
        var stack: [(value: JSONValue, nodes: Int)] = []
        let variable: (value: JSONValue, nodes: Int) = (["var": ""], 3)
        func pop() -> (value: JSONValue, nodes: Int) { stack.popLast() ?? variable }
        func push(_ value: JSONValue, _ nodes: Int) {
            stack.append(nodes > maximumNodes ? variable : (value, nodes))
        }
        for byte in bytes.prefix(maximumInstructions) {
            let size = Int(byte >> 4)
            let items = JSONValue.array((0...size).map { .number(Double($0 + 1)) })
            let itemNodes = size + 2
            switch byte & 0x0F {
            case 0: push(items, itemNodes)
            case 1: push(["var": ""], 3)
            case 2: push(["var": size % 2 == 0 ? "accumulator" : "current"], 3)
            case 3: push(.string(String(repeating: "ab", count: size + 1)), 1)
            case 4:
                let body = pop()
                push([iterators[size % iterators.count]: [items, body.value]], 3 + itemNodes + body.nodes)
            case 5:
                let body = pop()
                let initial = pop()
                push(["reduce": [items, body.value, initial.value]], 3 + itemNodes + body.nodes + initial.nodes)
            case 6:
                let right = pop()
                let left = pop()
                push([binaries[size % binaries.count]: [left.value, right.value]], 3 + left.nodes + right.nodes)
            case 7:
                let operand = pop()
                push(["!": [operand.value]], 3 + operand.nodes)
            case 8:
                let top = pop()
                stack.append(contentsOf: [top, top])
            case 9:
                let right = pop()
                let left = pop()
                push([left.value, right.value], 1 + left.nodes + right.nodes)
            case 10:
                let body = pop()
                let array = pop()
                push([iterators[size % iterators.count]: [array.value, body.value]], 3 + array.nodes + body.nodes)
            case 11: push(.number(Double(size)), 1)
            case 12:
                let otherwise = pop()
                let then = pop()
                let condition = pop()
                push(
                    ["if": [condition.value, then.value, otherwise.value]],
                    3 + condition.nodes + then.nodes + otherwise.nodes)
            case 13:
                let operand = pop()
                push([size % 2 == 0 ? "var" : "missing": [operand.value]], 3 + operand.nodes)
            default:
                let operand = pop()
                push(["substr": [operand.value, .number(Double(size - 8))]], 4 + operand.nodes)
            }
            if stack.count > maximumStack { stack.removeFirst() }
        }
        switch stack.count {
        case 0: return true
        case 1: return stack[0].value
        default: return ["and": .array(stack.map(\.value))]
        }
    }
}
