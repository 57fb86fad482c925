// libFuzzer harness for the rule engine: bytes → JSON (the package's parser) → TargetingRule →
// evaluation against a few contexts.
//
// The bytes are placed as the `targeting` rule of a one-item feed, so they go through the same JSON
// parser and rule parser as a real feed. An input that starts with the byte 0xFF (never valid JSON) is
// instead a small program that builds a rule (see `RuleProgram`), so that a few bytes can stand for a
// rule nested thirty levels deep over short literal arrays: the class of rule whose cost grows
// exponentially with its size. Built by scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`; in a
// plain `swift build` the target replays the files named on its command line, and with `--print` writes
// the rule each one stands for (to turn a program artifact into a regression fixture).
import AnnouncementKit
import Foundation

private let prefix = Array(#"{"announcements":[{"id":"r","title":"t","message":"m","audience":{"targeting":"#.utf8)
private let suffix = Array("}}]}".utf8)
private let now = Date(timeIntervalSince1970: 1_750_000_000)
private let data: [JSONValue] = [
    AnnouncementContext().ruleData(announcementID: "r", at: now),
    AnnouncementContext(
        platform: "ios", appVersion: SemanticVersion("2.6.0"), osVersion: SemanticVersion("17.4"), locale: "pt-BR",
        userID: "user-42", segments: ["beta", "staff"], attributes: ["plan": "pro", "seats": 12, "tags": ["a", "b"]],
        installDate: Date(timeIntervalSince1970: 1_700_000_000), isUpgrade: true
    ).ruleData(announcementID: "r", at: now),
    .null,
    ["a": [1, "2", [3]], "b": ["c": true]],
]

/// The rule text `bytes` stand for: a program's rule written as JSON, or the bytes themselves.
func ruleText(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.first == RuleProgram.marker else { return bytes }
    return Array(RuleProgram.rule(from: bytes.dropFirst()).description.utf8)
}

/// Parses `bytes` as a targeting rule and evaluates it against a few data values, writing out each
/// value (a value must be cheap to write, whatever the rule).
func exerciseRule(_ bytes: [UInt8]) {
    guard let result = try? FeedDecoder().decode(bytes: prefix + ruleText(bytes) + suffix) else { return }
    for announcement in result.announcements {
        guard let rule = announcement.audience?.targeting else { continue }
        for value in data {
            if let answer = try? rule.evaluate(value) { _ = answer.description }
            _ = rule.isSatisfied(by: value)
        }
        _ = rule.description
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    exerciseRule(bytes)
    return 0
}

#if !FUZZING
    @main
    struct ReplayRuleInputs {
        static func main() throws {
            let printing = CommandLine.arguments.dropFirst().first == "--print"
            for path in CommandLine.arguments.dropFirst(printing ? 2 : 1) {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                if printing {
                    print(String(decoding: ruleText(bytes), as: UTF8.self))
                } else {
                    exerciseRule(bytes)
                    print("ok \(path)")
                }
            }
        }
    }
#endif
