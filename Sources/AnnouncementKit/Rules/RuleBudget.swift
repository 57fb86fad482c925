/// What one evaluation of a targeting rule may spend, and what it has spent so far.
///
/// A rule of a few hundred bytes can ask for exponential work (`some`, `all`, `map` nested over small
/// literal arrays) or memory (`reduce` doubling a string with `cat`). Every evaluation therefore
/// carries a budget, passed `inout` through every operator, and stops with
/// ``RuleError/budgetExceeded`` (no match) as soon as it has spent more than either limit:
///
/// - **operations**: every expression node evaluated; every element an operator visits (`map`,
///   `filter`, `reduce`, `all`, `some`, `none`, `merge`, `missing`, `in` over an array, a `var` path
///   step); every part of an array or object converted to text, compared, or returned; and one for
///   every ``bytesPerOperation`` bytes of text read (compared, searched, parsed, hashed or sliced);
/// - **bytes**: the size of every value built: the UTF-8 of strings (`cat`, `substr`, arrays
///   converted to text) and ``valueSize`` bytes for each element of an array or object built (`map`,
///   `filter`, `merge`, `missing`, array expressions, the data `reduce` gives its expression).
///
/// Costs are charged before the work they pay for wherever the size is known in advance, so a value
/// past the budget is never built.
struct RuleBudget {
    /// Most operations one evaluation may spend: 20,000.
    ///
    /// A typical rule (a version check, a segment and an attribute, as `announce-bench` evaluates)
    /// spends about 20, a thousandth of it; a rule at the feed limit of 2,000 values spends at most
    /// 2,000 on its own nodes plus what its operators visit. In a release build an evaluation that
    /// spends the whole budget takes 20–100 µs, so 10,000 items whose rules all run out of budget
    /// still decide in about a second.
    static let maximumOperations = 20_000

    /// Most bytes of values one evaluation may build: 256 KiB.
    ///
    /// A typical rule builds nothing; `cat` of a few strings or a `merge` of segment lists builds
    /// hundreds of bytes. Copying 256 KiB takes well under the time the operations allow, and memory
    /// stays bounded because only one evaluation runs at a time.
    static let maximumBytes = 256 * 1024

    /// How many bytes of text read count as one operation: 64, about as long as a node takes.
    static let bytesPerOperation = 64

    /// The bytes one element of a built array or object counts for.
    static let valueSize = MemoryLayout<JSONValue>.stride

    /// Operations spent so far.
    private(set) var operations = 0
    /// Bytes of values built so far.
    private(set) var bytes = 0

    /// Spends `count` operations.
    @inline(__always)
    mutating func spend(_ count: Int = 1) throws(RuleError) {
        operations += count
        if operations > Self.maximumOperations { throw .budgetExceeded }
    }

    /// Spends the operations for reading `count` bytes of text.
    @inline(__always)
    mutating func read(bytes count: Int) throws(RuleError) {
        try spend(count / Self.bytesPerOperation)
    }

    /// Counts `count` bytes of a value about to be built.
    @inline(__always)
    mutating func build(bytes count: Int) throws(RuleError) {
        bytes += count
        if bytes > Self.maximumBytes { throw .budgetExceeded }
    }

    /// Counts an array or object of `count` elements about to be built.
    @inline(__always)
    mutating func build(values count: Int) throws(RuleError) {
        try build(bytes: count * Self.valueSize)
    }

    /// Spends one operation for every part of `value` (each container and element, as many times as
    /// it is reached: values share parts, so a small value can stand for a huge one) and tells whether
    /// it is at most `depthLimit` deep. Walks without recursion; scalars cost nothing.
    mutating func walk(_ value: JSONValue, depthLimit: Int = .max) throws(RuleError) -> Bool {
        switch value {
        case .array, .object: break
        default: return true
        }
        var pending: [(value: JSONValue, depth: Int)] = [(value, 1)]
        while let (current, depth) = pending.popLast() {
            guard depth <= depthLimit else { return false }
            switch current {
            case .array(let items):
                try spend(1 + items.count)
                for item in items { if Self.isContainer(item) { pending.append((item, depth + 1)) } }
            case .object(let members):
                try spend(1 + members.count)
                for item in members.values { if Self.isContainer(item) { pending.append((item, depth + 1)) } }
            default:
                break
            }
        }
        return true
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: true
        default: false
        }
    }
}
