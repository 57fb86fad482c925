import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--memory-child", arguments.count == 2 {
    MemoryProbe.run(feed: arguments[1])
    exit(0)
}
// Hidden: `--write-feed SIZE PATH` writes the benchmark's feed of SIZE items, for massif and callgrind runs
// of `--memory-child PATH`.
if arguments.first == "--write-feed", arguments.count == 3, let size = Int(arguments[1]) {
    var generator = FeedGenerator(seed: 6)
    do {
        try generator.feed(count: size).write(to: URL(fileURLWithPath: arguments[2]))
    } catch {
        FileHandle.standardError.write(Data("announce-bench: cannot write \(arguments[2]): \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
if arguments.first == "--profile", arguments.count == 3, let size = Int(arguments[2]) {
    ProfileRun.run(arguments[1], size: size)
    exit(0)
}
let usage = """
    usage: announce-bench [--quick] [--json]
      --quick  small feeds and few repetitions (a smoke run for CI)
      --json   print {"results": [{"name", "value", "unit", "target", "pass"}]}; target is an upper bound
               in the same unit (null when the figure has none)
    """
let known: Set<String> = ["--quick", "--json"]
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
// Hidden: `--only memory|cold|cli` runs one group of figures on the largest feed (10,000 items; for `cold` 100
// too, and 100 items with variants); `--only hostile` runs the hostile inputs alone.
var only: String?
var rest = arguments
if let position = rest.firstIndex(of: "--only"), position + 1 < rest.count {
    only = rest[position + 1]
    rest.removeSubrange(position...(position + 1))
    guard ["memory", "cold", "cli", "hostile"].contains(only!) else {
        FileHandle.standardError.write(Data("announce-bench: --only takes memory, cold, cli or hostile\n".utf8))
        exit(2)
    }
}
if let unknown = rest.first(where: { !known.contains($0) }) {
    FileHandle.standardError.write(Data("announce-bench: unknown argument \(unknown)\n\(usage)\n".utf8))
    exit(2)
}
let json = arguments.contains("--json")
let benchmark = Benchmark(quick: arguments.contains("--quick")) { message in
    FileHandle.standardError.write(Data("announce-bench: \(message)\n".utf8))
}
let results = only.map { benchmark.runOnly($0) } ?? benchmark.run()
if json {
    struct Output: Encodable { var results: [BenchResult] }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    print(String(decoding: try! encoder.encode(Output(results: results)), as: UTF8.self))
} else {
    print(ResultTable.render(results))
}
