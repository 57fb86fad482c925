import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

/// docs/campaigns.md stays true: every `$ announce …` command in it is run, and every line it shows
/// as output must appear in the real output, in that order.
@Suite("The campaigns guide's commands")
struct CampaignsGuideTests {
    struct Example: Sendable, CustomStringConvertible {
        var arguments: [String]
        var expected: [String]
        var description: String { arguments.joined(separator: " ") }
    }

    /// The commands of the guide's plain code blocks (those without a language: terminal sessions)
    /// with the output lines shown after each in the same block.
    static func examples() throws -> [Example] {
        let text = try String(contentsOf: Fixtures.url("docs/campaigns.md"), encoding: .utf8)
        var examples: [Example] = []
        var inBlock = false
        var isSession = false
        var blockStart = 0
        var pendingCommand: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                isSession = inBlock && line == "```"
                blockStart = examples.count
                continue
            }
            guard inBlock, isSession else { continue }
            if let command = pendingCommand {
                let joined = command + " " + line.trimmingCharacters(in: .whitespaces)
                pendingCommand = joined.hasSuffix("\\") ? String(joined.dropLast()) : nil
                if pendingCommand == nil { examples.append(Example(arguments: words(joined), expected: [])) }
            } else if line.hasPrefix("$ announce ") {
                let command = String(line.dropFirst("$ announce ".count))
                if command.hasSuffix("\\") {
                    pendingCommand = String(command.dropLast())
                } else {
                    examples.append(Example(arguments: words(command), expected: []))
                }
            } else if !line.isEmpty, examples.count > blockStart {
                examples[examples.count - 1].expected.append(line)
            }
        }
        return examples
    }

    static func words(_ command: String) -> [String] {
        command.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test("the guide shows commands for each recipe")
    func hasExamples() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 11)
        #expect(examples.allSatisfy { !$0.expected.isEmpty })
    }

    @Test("every command prints what the guide shows, and every guide feed validates cleanly")
    func commandsMatch() async throws {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        for example in try Self.examples() {
            let result = await Announce.run(example.arguments, environment: environment)
            #expect(result.status == .success, "\(example)")
            var remaining = result.standardOutput.split(separator: "\n").map(String.init)[...]
            for line in example.expected {
                guard let index = remaining.firstIndex(of: line) else {
                    Issue.record("\(example): \"\(line)\" is not in the output:\n\(result.standardOutput)")
                    break
                }
                remaining = remaining[(index + 1)...]
            }
        }
        for feed in ["review-prompt", "promo-season", "draft-qa", "ab-test"] {
            let result = await Announce.run(["validate", "docs/campaigns/\(feed).json"], environment: environment)
            #expect(result.status == .success)
            #expect(result.standardError.contains("0 errors, 0 warnings"), "\(feed): \(result.standardError)")
        }
    }
}
