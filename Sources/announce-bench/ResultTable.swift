import Foundation

/// Renders figures as an aligned text table with PASS/MISS against each target.
enum ResultTable {
    static func render(_ results: [BenchResult]) -> String {
        let rows = results.map { result in
            [
                result.name, format(result.value, unit: result.unit),
                result.target.map { "≤ " + format($0, unit: result.unit) } ?? "",
                result.pass.map { $0 ? "PASS" : "MISS" } ?? "",
            ]
        }
        let header = ["figure", "value", "target", ""]
        let widths = (0..<4).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                let padding = String(repeating: " ", count: pair.1 - pair.0.count)
                return index == 1 || index == 2 ? padding + pair.0 : pair.0 + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }

    static func format(_ value: Double, unit: String) -> String {
        guard value.isFinite else { return "n/a" }
        let digits: Int
        switch abs(value) {
        case 1_000...: digits = 0
        case 10...: digits = 1
        case 1...: digits = 2
        default: digits = 3
        }
        let number = String(format: "%.\(digits)f", value)
        return unit == "ratio" ? number + "×" : number + " " + unit
    }
}
