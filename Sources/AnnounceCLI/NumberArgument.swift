/// Whole numbers on the command line: each option that takes one has a range, checked when it is read,
/// so no number a user types can overflow what is done with it later.
///
/// ```swift
/// let width = try NumberArgument.whole("9223372036854775807", option: "--width", unit: "columns", in: 20...1000)
/// // throws: --width must be a whole number of columns from 20 to 1000; got '9223372036854775807'
/// ```
enum NumberArgument {
    /// The largest count `--impressions ID=N` and `--event NAME=N` take: 2^53 − 1, the largest count a state
    /// file records (the largest integer a JSON number holds exactly).
    static let maximumCount = 9_007_199_254_740_991

    /// `text` as a whole number in `range` (decimal digits, an optional sign); else a usage failure that
    /// names the option, the range and what was given.
    static func whole(
        _ text: some StringProtocol, option: String, unit: String, in range: ClosedRange<Int>
    ) throws(SimulationSetup.Failure) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw SimulationSetup.Failure(
                kind: .usage,
                message: "\(option) must be a whole number of \(unit) from \(grouped(range.lowerBound)) to "
                    + "\(grouped(range.upperBound)); got '\(text)'")
        }
        return value
    }

    /// `value` with a comma between each group of three digits, as help text writes numbers.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }
}
