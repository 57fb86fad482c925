/// One option a command accepts.
struct OptionSpec: Sendable {
    /// The option as typed, such as `--format`.
    let name: String
    /// The placeholder of its value in help text, such as `FORMAT`; `nil` for a flag.
    let valueName: String?
    /// Whether it may be given more than once.
    let repeatable: Bool
    /// The only values it accepts, when the set is closed.
    let allowedValues: [String]?
    /// One line of help.
    let help: String

    init(_ name: String, value: String? = nil, repeatable: Bool = false, allowed: [String]? = nil, help: String) {
        self.name = name
        self.valueName = value
        self.repeatable = repeatable
        self.allowedValues = allowed
        self.help = help
    }
}

/// What a shell completion script offers for a value: nothing to complete (free text), file names,
/// directory names, or a closed set of words.
enum CompletionKind: Sendable, Equatable {
    case none
    case files
    case directories
    case words([String])
}

extension OptionSpec {
    /// What a shell completes after this option: its allowed values, else directories for a `DIR`
    /// placeholder and files for a file placeholder (`OUT.html`, `FILE`), else nothing.
    var completion: CompletionKind {
        if let allowedValues { return .words(allowedValues) }
        guard let valueName else { return .none }
        if valueName.contains("DIR") { return .directories }
        if valueName.contains(".") || valueName.contains("FILE") { return .files }
        return .none
    }
}

/// A command's name, arguments and help, from which parsing and `--help` both come.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// The positional arguments as shown in usage, such as `FEED...`.
    let positionalName: String
    let minimumPositionals: Int
    let maximumPositionals: Int?
    let options: [OptionSpec]
    /// Paragraphs after the option list.
    let discussion: String
    /// What a shell completes for the positional arguments (by default, file names).
    var positionalCompletion: CompletionKind = .files

    /// The `--help` text.
    var help: String {
        var optionUsage = options.map { option in
            let base = option.valueName.map { "\(option.name) \($0)" } ?? option.name
            return "[\(base)]" + (option.repeatable ? "..." : "")
        }
        if !positionalName.isEmpty { optionUsage.insert(positionalName, at: 0) }
        var text = "\(summary)\n\nUsage: announce \(name) \(optionUsage.joined(separator: " "))\n"
        if !options.isEmpty {
            text += "\nOptions:\n"
            let rows = options.map { option -> (String, String) in
                var left = option.valueName.map { "\(option.name) \($0)" } ?? option.name
                if option.repeatable { left += " (repeatable)" }
                var help = option.help
                if let allowed = option.allowedValues { help += " (\(allowed.joined(separator: "|")))" }
                return (left, help)
            }
            let width = rows.map(\.0.count).max() ?? 0
            for (left, help) in rows {
                text += "  " + left + String(repeating: " ", count: width - left.count + 2) + help + "\n"
            }
            text += "  -h, --help" + String(repeating: " ", count: max(2, width - 8)) + "Show this help.\n"
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}

/// The arguments of one command after parsing.
struct ParsedArguments: Sendable, Equatable {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    /// The last value given for `option`.
    func value(_ option: String) -> String? { values[option]?.last }
    /// Every value given for `option`, in order.
    func allValues(_ option: String) -> [String] { values[option] ?? [] }
    /// Whether the flag `option` was given.
    func flag(_ option: String) -> Bool { flags.contains(option) }
}

/// A mistake in how a command was called; the tool exits with status 2 and prints the hint.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    let hint: String

    var description: String { "\(message)\n\(hint)" }
}

/// A small, table-driven parser: `--name value`, `--name=value`, flags, repeatable options,
/// and `--` to end options. Unknown options and missing values are usage errors with a hint.
enum ArgumentParser {
    /// `'a' or 'b'`, `'a', 'b' or 'c'`.
    static func alternatives(_ items: [String]) -> String {
        items.count <= 2
            ? items.joined(separator: " or ") : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    /// The arguments of `spec`'s command, checked against its options and positional counts.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        let helpHint = "Run 'announce \(spec.name) --help' for usage."
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
            } else {
                try parseOption(argument, arguments, &index, for: spec, into: &parsed, hint: helpHint)
            }
        }
        if parsed.wantsHelp { return parsed }
        if parsed.positionals.count < spec.minimumPositionals {
            throw UsageError(message: "'announce \(spec.name)' needs \(spec.positionalName)", hint: helpHint)
        }
        if let maximum = spec.maximumPositionals, parsed.positionals.count > maximum {
            let extra = parsed.positionals[maximum]
            throw UsageError(
                message: maximum == 0
                    ? "'announce \(spec.name)' takes no arguments; got '\(extra)'"
                    : "unexpected argument '\(extra)'; 'announce \(spec.name)' takes \(spec.positionalName)",
                hint: helpHint)
        }
        return parsed
    }

    /// Adds the option `argument` (`--name`, `--name=value`, or `--name` with its value next, at
    /// `index`, which moves past it) to `parsed`.
    private static func parseOption(
        _ argument: String, _ arguments: [String], _ index: inout Int, for spec: CommandSpec,
        into parsed: inout ParsedArguments, hint helpHint: String
    ) throws(UsageError) {
        var name = argument
        var inlineValue: String?
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        guard let option = spec.options.first(where: { $0.name == name }) else {
            let suggestion = closest(to: name, among: spec.options.map(\.name) + ["--help"])
            let didYouMean = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError(
                message: "unknown option '\(name)' for 'announce \(spec.name)'.\(didYouMean)", hint: helpHint)
        }
        if !option.repeatable, parsed.values[name] != nil || parsed.flags.contains(name) {
            throw UsageError(message: "option '\(name)' is given more than once", hint: helpHint)
        }
        guard let valueName = option.valueName else {
            if inlineValue != nil {
                throw UsageError(message: "option '\(name)' takes no value", hint: helpHint)
            }
            parsed.flags.insert(name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < arguments.count, !arguments[index].hasPrefix("--") {
            value = arguments[index]
            index += 1
        } else {
            let choices = option.allowedValues.map { " (\($0.joined(separator: " or ")))" } ?? ""
            throw UsageError(message: "option '\(name)' needs a value: \(name) \(valueName)\(choices)", hint: helpHint)
        }
        if let allowed = option.allowedValues, !allowed.contains(value) {
            throw UsageError(
                message: "option '\(name)' accepts \(Self.alternatives(allowed.map { "'\($0)'" })); "
                    + "got '\(value)'",
                hint: helpHint)
        }
        parsed.values[name, default: []].append(value)
    }

    /// The candidate nearest to `word` by edit distance, when it is close enough to be a likely typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        for i in 1...left.count {
            var current = [i] + Array(repeating: 0, count: right.count)
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[right.count]
    }
}
