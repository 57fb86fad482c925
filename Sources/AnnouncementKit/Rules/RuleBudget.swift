/// What one evaluation of a targeting rule may spend, and what it has spent so far.
///
/// A rule of a few hundred bytes can ask for exponential work (`some`, `all`, `map` nested over small
/// literal arrays) or memory (`reduce` doubling a string with `cat`). Every evaluation therefore
/// carries a budget, passed `inout` through every operator, and stops with
/// ``RuleError/budgetExceeded`` (no match) as soon as it has spent more than either limit:
///
/// - **operations**, at most ``baseOperations`` plus one for each byte of the rule's compact JSON:
///   every expression node evaluated; every element an operator visits (`map`, `filter`, `reduce`,
///   `all`, `some`, `none`, `merge`, `missing`, `in` over an array, a `var` path step); every part of
///   an array or object converted to text, compared, or returned; one for every
///   ``bytesPerOperation`` bytes of text compared, searched or hashed, one for every
///   ``parsedBytesPerOperation`` bytes parsed as a number or sliced, and one a byte of a version;
/// - **bytes**, at most ``baseBytes`` plus the rule's size: every value built, strings by their UTF-8
///   (`cat`, `substr`, arrays converted to text) and arrays and objects at ``valueSize`` bytes an
///   element (`map`, `filter`, `merge`, `missing`, array expressions, the data `reduce` gives its
///   expression).
///
/// Costs are charged before the work they pay for wherever the size is known in advance, so a value
/// past the budget is never built.
///
/// Why these numbers (release build, 2-core Linux machine): the typical rule of `announce-bench`
/// (a `sem_ver`, a segment and an attribute) spends 30 operations of its 2,134 and builds nothing.
/// An evaluation that spends a whole budget takes 50–120 µs whichever operators it spends it on (the
/// per-byte rates were set so), so 10,000 items whose rules all run out of budget evaluate in
/// 0.2–0.6 s. Growing with the rule's size keeps the sum bounded by the feed's own size while a
/// rule at the feed limit (2,000 values) can always evaluate each of its values a few times. An
/// app's own data is read against the base alone: a rule can look through a few hundred array
/// elements or some 30 KB of text.
struct RuleBudget {
    /// Operations every evaluation may spend, whatever the rule's size: 2,000 (about 50 µs).
    static let baseOperations = 2_000

    /// Bytes of values every evaluation may build, whatever the rule's size: 64 KiB.
    static let baseBytes = 64 * 1024

    /// How many bytes of text compared, searched or hashed count as one operation: 16.
    static let bytesPerOperation = 16

    /// How many bytes of text parsed as a number or sliced by `substr` count as one operation: 4.
    /// (A version parsed by `sem_ver` costs one operation a byte.)
    static let parsedBytesPerOperation = 4

    /// The bytes one element of a built array or object counts for.
    static let valueSize = MemoryLayout<JSONValue>.stride

    /// Most operations this evaluation may spend: ``baseOperations`` plus one for each byte of the
    /// rule's compact JSON.
    let maximumOperations: Int
    /// Most bytes of values this evaluation may build: ``baseBytes`` plus the size of the rule's
    /// compact JSON.
    let maximumBytes: Int
    /// Operations spent so far.
    private(set) var operations = 0
    /// Bytes of values built so far.
    private(set) var bytes = 0

    /// The budget of one evaluation of a rule whose compact JSON is `size` bytes long.
    init(ruleSize size: Int) {
        maximumOperations = Self.baseOperations + size
        maximumBytes = Self.baseBytes + size
    }

    /// Spends `count` operations.
    @inline(__always)
    mutating func spend(_ count: Int = 1) throws(RuleError) {
        operations += count
        if operations > maximumOperations { throw .budgetExceeded }
    }

    /// Spends the operations for reading `count` bytes of text.
    @inline(__always)
    mutating func read(bytes count: Int) throws(RuleError) {
        try spend(count / Self.bytesPerOperation)
    }

    /// Spends the operations for parsing `count` bytes of text as a number, or slicing them.
    @inline(__always)
    mutating func parse(bytes count: Int) throws(RuleError) {
        try spend(count / Self.parsedBytesPerOperation)
    }

    /// Counts `count` bytes of a value about to be built.
    @inline(__always)
    mutating func build(bytes count: Int) throws(RuleError) {
        bytes += count
        if bytes > maximumBytes { throw .budgetExceeded }
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
