import AnnouncementKit
import Foundation

/// Inputs made to cost as much as an attacker can make them cost — targeting-rule bombs, a slow
/// substring search, next-change searches over thousands of items, an oversized state file, a
/// gigabyte on standard input — each run through the release `announce` as a whole process, with
/// its wall time and peak resident memory. Targets: 1 s and 200 MB per input; 2 s for inputs that
/// are a feed near a mebibyte or more; 100 MB for standard input.
struct HostileInputs {
    /// The instant every simulation runs at: 2026-12-04T00:00:00Z.
    static let at = "2026-12-04T00:00:00Z"
    static let atSeconds = 1_796_342_400.0

    struct Case {
        var name: String
        /// Arguments of `announce` after the files are written; `{dir}` is the case's directory.
        var arguments: [String]
        /// Files to write into the case's directory: name and content.
        var files: [(String, Data)] = []
        /// A sparse file to make in the case's directory: name and size in bytes.
        var sparse: (String, Int)?
        /// Bytes of zeros to write to standard input (until the process stops reading).
        var standardInput = 0
        var seconds = 1.0
        var megabytes = 200.0
    }

    var log: (String) -> Void

    func run(quick: Bool) -> [BenchResult] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("announce")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            log("announce is not built next to announce-bench (\(executable.path)): hostile-input figures are missing")
            return [BenchResult("hostile inputs (announce binary missing)", .nan, "s")]
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "announce-bench-hostile-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var results: [BenchResult] = []
        for item in Self.cases(quick: quick) {
            let directory = root.appendingPathComponent(item.name, isDirectory: true)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, data) in item.files {
                let file = directory.appendingPathComponent(name)
                try? FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? data.write(to: file)
            }
            if let (name, size) = item.sparse {
                let path = directory.appendingPathComponent(name).path
                _ = FileManager.default.createFile(atPath: path, contents: Data("{".utf8))
                truncate(path, off_t(size))
            }
            let arguments = item.arguments.map { $0.replacingOccurrences(of: "{dir}", with: directory.path) }
            guard let run = ChildRun.run(executable.path, arguments, standardInput: item.standardInput) else {
                log("\(item.name): could not start announce")
                continue
            }
            log(
                "\(item.name): exit \(run.status), \(String(format: "%.3f", run.seconds)) s, "
                    + "\(String(format: "%.1f", run.peakMegabytes)) MB; \(run.firstLine)")
            results.append(BenchResult("hostile: \(item.name), time", run.seconds, "s", target: item.seconds))
            results.append(
                BenchResult("hostile: \(item.name), peak memory", run.peakMegabytes, "MB", target: item.megabytes))
            try? FileManager.default.removeItem(at: directory)
        }
        return results
    }

    // MARK: - The inputs

    static func cases(quick: Bool) -> [Case] {
        let simulate = ["simulate", "{dir}/feed.json", "--at", at, "--format", "json"]
        var cases = [
            Case(
                name: "nested filter/some over 4-element arrays", arguments: simulate,
                files: [feed(rule: nestedIteration(depth: 22))]),
            Case(
                name: "reduce doubling a string with cat", arguments: simulate,
                files: [feed(rule: doublingReduce("cat", "\"ab\""))]),
            Case(
                name: "reduce doubling an array with merge", arguments: simulate,
                files: [feed(rule: doublingReduce("merge", "[1]"))]),
            Case(
                name: "nested map over 8-element arrays", arguments: simulate, files: [feed(rule: nestedMap(depth: 10))]
            ),
            Case(name: "map of cat over a 100 KB string", arguments: simulate, files: [feed(rule: wideCat())]),
            Case(
                name: "in: 200 KB needle in a 700 KB haystack", arguments: simulate, files: [feed(rule: slowSearch())],
                seconds: 2),
            Case(
                name: "10,000 items each with a rule bomb", arguments: simulate,
                files: [feed(rule: nestedIteration(depth: 22), count: 10_000)], seconds: 2),
            Case(
                name: "5,900 windowed items dismissed for a year", arguments: simulate + dismissed(5_900),
                files: [windowedFeed(count: 5_900, extra: #""dismissFor": 31536000"#)]),
            Case(
                name: "10,000 windowed items with a rule on now", arguments: simulate,
                files: [
                    windowedFeed(
                        count: 10_000,
                        extra: #""audience": {"targeting": {"<": [{"%": [{"var": "now"}, 86400]}, 3600]}}"#)
                ],
                seconds: 2),
            Case(
                name: "3,500 items whose rule bomb compares now with 40 instants", arguments: simulate,
                files: [feed(rule: timedBomb(), count: 3_500)], seconds: 2),
            Case(
                name: "state file of 470,000 ids (100 publishes of new ids)",
                arguments: simulate + ["--state-dir", "{dir}"],
                files: [feed(rule: "true"), ("state.json", bigState(ids: 470_000))]),
            Case(
                name: "state file of 2 GiB", arguments: simulate + ["--state-dir", "{dir}"],
                files: [feed(rule: "true")], sparse: ("state.json", 2 << 30)),
            Case(
                name: "feed file of 2 GiB", arguments: ["validate", "{dir}/feed.json"],
                sparse: ("feed.json", 2 << 30)),
            Case(
                name: "audience.requires of 112,000 names (1 MiB)", arguments: ["validate", "{dir}/feed.json"],
                files: [requiresFeed(names: 112_000)]),
            Case(
                name: "1 GiB on standard input", arguments: ["validate", "-"], standardInput: 1 << 30,
                megabytes: 100),
            Case(
                name: "100,000 misspelled fields (1.3 MB), each near a known one",
                arguments: ["validate", "{dir}/feed.json"],
                files: [misspelledFeed(fields: 100_000)], seconds: 2),
        ]
        cases += initCases(quick: quick)
        if quick { cases.removeAll { $0.name.hasPrefix("state file of 470") || $0.name.hasPrefix("10,000") } }
        return cases
    }

    /// One item with `fields` unknown fields two edits from "message" (`mesag0`, `mesag1`, …).
    static func misspelledFeed(fields: Int) -> (String, Data) {
        let keys = (0..<fields).map { "\"mesag\($0)\":1" }.joined(separator: ",")
        let text = "{\"schemaVersion\":1,\"announcements\":[{\"id\":\"a\",\"title\":\"t\",\"message\":\"m\",\(keys)}]}"
        return ("feed.json", Data(text.utf8))
    }

    static func feed(rule: String, count: Int = 1) -> (String, Data) {
        var text = #"{"announcements": ["#
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #"{"id": "a\#(index)", "title": "T", "message": "M", "audience": {"targeting": \#(rule)}}"#
        }
        return ("feed.json", Data((text + "]}").utf8))
    }

    /// One item whose `audience.requires` lists `names` distinct names (about 9 bytes each), beside a plain one.
    static func requiresFeed(names: Int) -> (String, Data) {
        let list = (0..<names).map { "\"n\(String($0, radix: 16))\"" }.joined(separator: ",")
        let text =
            #"{"announcements": [{"id": "many", "title": "T", "message": "M", "audience": {"requires": ["#
            + list + #"]}}, {"id": "plain", "title": "T", "message": "M"}]}"#
        return ("feed.json", Data(text.utf8))
    }

    static func windowedFeed(count: Int, extra: String) -> (String, Data) {
        var text = #"{"announcements": ["#
        for index in 0..<count {
            if index > 0 { text += "," }
            text +=
                #"{"id": "w\#(index)", "title": "T", "message": "M", "#
                + #""schedule": {"timeZone": "UTC", "startTime": "09:00", "endTime": "10:00"}, \#(extra)}"#
        }
        return ("feed.json", Data((text + "]}").utf8))
    }

    static func dismissed(_ count: Int) -> [String] {
        (0..<count).flatMap { ["--dismissed", "w\($0)"] }
    }

    /// `filter` and `some` nested `depth` deep over `[1,2,3,4]`, innermost `false`: every level goes
    /// through its whole array, so the work is 4^depth and nothing is built.
    static func nestedIteration(depth: Int) -> String {
        var rule = "false"
        for level in 0..<depth { rule = #"{"\#(level % 2 == 0 ? "filter" : "some")": [[1,2,3,4], \#(rule)]}"# }
        return rule
    }

    /// `reduce` over 40 elements whose step joins the accumulator with itself: 2^40 times the start.
    static func doublingReduce(_ op: String, _ start: String) -> String {
        let items = (1...40).map(String.init).joined(separator: ",")
        return #"{"reduce": [[\#(items)], {"\#(op)": [{"var": "accumulator"}, {"var": "accumulator"}]}, \#(start)]}"#
    }

    /// A rule bomb that fails at every instant, placed before 40 comparisons of `now` with the
    /// coming minutes: the next-change search may look at each instant, and each look costs a
    /// whole evaluation budget.
    static func timedBomb() -> String {
        let comparisons = (1...40).map { #"{"<": [{"var": "now"}, \#(Int(atSeconds) + 60 * $0)]}"# }
        return #"{"or": [\#(nestedIteration(depth: 22)), \#(comparisons.joined(separator: ", "))]}"#
    }

    /// `map` nested `depth` deep over eight elements: 8^depth values built.
    static func nestedMap(depth: Int) -> String {
        var rule = "1"
        for _ in 0..<depth { rule = #"{"map": [[1,2,3,4,5,6,7,8], \#(rule)]}"# }
        return rule
    }

    /// A thousand copies of a 100 KB string, made by `map` and `cat`: 100 MB built.
    static func wideCat() -> String {
        let text = String(repeating: "x", count: 100_000)
        let items = (1...1_000).map(String.init).joined(separator: ",")
        return #"{"!!": [{"map": [[\#(items)], {"cat": ["\#(text)", {"var": ""}]}]}]}"#
    }

    /// `in` with a needle that matches everywhere but at its last character: a naive search
    /// compares 200,000 characters at each of 500,000 places.
    static func slowSearch() -> String {
        #"{"in": ["\#(String(repeating: "a", count: 200_000))b", "\#(String(repeating: "a", count: 700_000))"]}"#
    }

    /// A state file as 0.1 left it after 100 publishes of 4,700 new ids each: every id in `lastSeen`.
    static func bigState(ids: Int) -> Data {
        var text =
            #"{"formatVersion": 1, "installationId": "bench", "dismissals": {}, "impressions": {}, "lastSeen": {"#
        text.reserveCapacity(ids * 60)
        for index in 0..<ids {
            if index > 0 { text += "," }
            text += #""publish-\#(index / 4_700)-item-\#(index % 4_700)": "2026-12-0\#(1 + index % 3)T00:00:00Z""#
        }
        return Data((text + "}}").utf8)
    }
}
