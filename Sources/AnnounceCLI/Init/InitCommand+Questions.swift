import AnnouncementKit
import Foundation

extension InitCommand {
    /// The answers the flags give, the recommended ones for the rest.
    static func parseAnswers(_ arguments: ParsedArguments) throws(UsageError) -> InitAnswers {
        let hint = "Run 'announce init --help' for usage."
        var answers = InitAnswers()
        if let position = arguments.value("--position") { answers.position = InitAnswers.Position(rawValue: position)! }
        if let source = arguments.value("--source") { answers.source = InitAnswers.Source(rawValue: source)! }
        if let text = arguments.value("--actions") {
            guard let actions = InitAnswers.parseActions(text) else {
                throw UsageError(
                    message:
                        "--actions takes all, or a comma-separated list of deepLink, url and dismiss; got '\(text)'",
                    hint: hint)
            }
            answers.actions = actions
        }
        if let scheduling = arguments.value("--scheduling") { answers.scheduling = scheduling == "yes" }
        if arguments.flag("--keep-existing") && arguments.flag("--replace-existing") {
            throw UsageError(message: "--keep-existing and --replace-existing exclude each other", hint: hint)
        }
        if arguments.flag("--replace-existing") { answers.existing = .replace }
        if let url = arguments.value("--feed-url") {
            guard let parsed = URL(string: url), parsed.scheme == "https" || parsed.scheme == "http", parsed.host != nil
            else {
                throw UsageError(
                    message:
                        "--feed-url takes an https URL, such as https://example.com/announcements.json; got '\(url)'",
                    hint: hint)
            }
        }
        return answers
    }

    /// Asks each question no flag answered, when there is a terminal to ask on and no `--yes`;
    /// returns whether it asked.
    static func askQuestions(
        _ answers: inout InitAnswers, arguments: ParsedArguments, project: InitProject,
        environment: Announce.Environment
    ) -> Bool {
        guard project.refusal == nil, !arguments.flag("--yes"), let ask = environment.askQuestion else { return false }
        if arguments.value("--position") == nil {
            let reply = choose(
                ask,
                "Banner position? top (slides in from the top, recommended for alerts), bottom, floating (centred over a dimmed background)",
                options: InitAnswers.Position.allCases.map(\.rawValue), default: "top")
            answers.position = InitAnswers.Position(rawValue: reply) ?? .top
        }
        if arguments.value("--source") == nil {
            let reply = choose(
                ask,
                "Content source? local (in the app), remote (a JSON feed on your server), both (remote with bundled fallbacks, recommended)",
                options: InitAnswers.Source.allCases.map(\.rawValue), default: "both")
            answers.source = InitAnswers.Source(rawValue: reply) ?? .both
        }
        if arguments.value("--actions") == nil {
            while true {
                let reply = ask("Action types? all (recommended), or a list of deepLink, url, dismiss [all]: ") ?? ""
                let text = reply.trimmingCharacters(in: .whitespaces)
                if let actions = InitAnswers.parseActions(text.isEmpty ? "all" : text) {
                    answers.actions = actions
                    break
                }
            }
        }
        if arguments.value("--scheduling") == nil {
            let reply = choose(
                ask, "Scheduling (start and end dates)? yes (recommended), no", options: ["yes", "no"], default: "yes")
            answers.scheduling = reply == "yes"
        }
        if !project.inspection.conflicts.isEmpty, !arguments.flag("--keep-existing"),
            !arguments.flag("--replace-existing")
        {
            let names = project.inspection.conflicts.map(\.name).joined(separator: ", ")
            let reply = choose(
                ask,
                "Found \(TerminalText.escaped(names)). Keep it beside AnnouncementKit, or replace it (the steps say what to remove; nothing is deleted)?",
                options: ["keep", "replace"], default: "keep")
            answers.existing = InitAnswers.Existing(rawValue: reply) ?? .keep
        }
        return true
    }

    /// Asks until the reply is one of `options` or empty (the default); end of input takes the default.
    private static func choose(
        _ ask: @Sendable (String) -> String?, _ question: String, options: [String], default value: String
    ) -> String {
        while true {
            guard let reply = ask("\(question) [\(value)]: ") else { return value }
            let text = reply.trimmingCharacters(in: .whitespaces).lowercased()
            if text.isEmpty { return value }
            if let match = options.first(where: { $0.lowercased() == text }) { return match }
        }
    }
}
