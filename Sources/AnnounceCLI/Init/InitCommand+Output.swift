import AnnounceProject
import AnnouncementKit
import Foundation

extension InitCommand {
    /// The result: the JSON report, or the text a person reads (ending, as the template's does, in
    /// the files created and changed and the steps left).
    static func output(
        _ plan: InitPlan, project: InitProject, answers: InitAnswers, asked: Bool, json: Bool, dryRun: Bool
    ) -> CommandResult {
        let status: CommandResult.Status = plan.status == .refused ? .failure : .success
        let changes = plan.changes.map { ($0.path, $0.oldText == nil ? "create" : "modify") }
        if json {
            let report = InitReport(
                status: plan.status.rawValue, project: project.inspection, answers: answers,
                changes: changes.map { (path: $0.0, action: $0.1) }, steps: plan.steps, message: plan.message)
            return CommandResult(standardOutput: JSONOutput.encode(report), status: status)
        }
        var text = summary(project.inspection, answers: answers, asked: asked)
        if plan.status == .refused {
            return CommandResult(
                standardOutput: text,
                standardError:
                    "announce init: \(TerminalText.escaped(plan.message ?? "refused")); nothing was written.\n",
                status: .failure)
        }
        if plan.status == .alreadyIntegrated {
            text += "\nAlready integrated: nothing to change.\n"
        } else if dryRun {
            text += "\nPlanned changes (--dry-run: nothing was written):\n\n"
            for change in plan.changes {
                text += TerminalText.escaped(
                    UnifiedDiff.diff(old: change.oldText, new: change.newText, path: change.path),
                    keepingNewlinesAndTabs: true)
            }
        }
        let created = changes.filter { $0.1 == "create" }.map(\.0)
        let modified = changes.filter { $0.1 == "modify" }.map(\.0)
        let verb = dryRun ? "to create" : "created"
        if !created.isEmpty {
            text += "\nFiles \(verb):\n" + created.map { "  \(TerminalText.escaped($0))\n" }.joined()
        }
        if !modified.isEmpty {
            text +=
                "\nFiles \(dryRun ? "to change" : "changed"):\n"
                + modified.map { "  \(TerminalText.escaped($0))\n" }.joined()
        }
        if !plan.steps.isEmpty {
            text += "\nNext steps:\n"
            for (index, step) in plan.steps.enumerated() { text += "  \(index + 1). \(TerminalText.escaped(step))\n" }
        }
        return CommandResult(standardOutput: text, status: status)
    }

    private static func summary(_ inspection: ProjectInspection, answers: InitAnswers, asked: Bool) -> String {
        func e(_ text: String) -> String { TerminalText.escaped(text) }
        var text = "Project: \(inspection.kind.rawValue)"
        if let target = inspection.appTarget {
            text +=
                inspection.sharingTargets.isEmpty
                ? ", app target \(e(target))"
                : ", app targets \(([target] + inspection.sharingTargets).map(e).joined(separator: ", "))"
        }
        var details: [String] = []
        if let tools = inspection.swiftToolsVersion { details.append("tools \(e(tools))") }
        details += inspection.platforms.sorted { $0.key < $1.key }.map { "\($0.key) \(e($0.value))" }
        text += details.isEmpty ? "\n" : " (\(details.joined(separator: ", ")))\n"
        if let entry = inspection.entry {
            text += "Entry: \(e(entry.type)) (\(entry.kind)) at \(e(entry.file)):\(entry.line)\n"
        }
        let schemes = inspection.schemes.isEmpty ? "none" : inspection.schemes.map(e).joined(separator: ", ")
        text += "Deep links: schemes \(schemes); universal links \(inspection.universalLinks ? "yes" : "no")"
        let handlers = inspection.handlers.map { "\($0.kind) at \(e($0.file)):\($0.line)" }
        text += handlers.isEmpty ? "; no handler\n" : "; " + handlers.joined(separator: ", ") + "\n"
        if !inspection.conflicts.isEmpty {
            let list = inspection.conflicts.map { conflict in
                conflict.kind == "sdk"
                    ? "\(e(conflict.name)) (SDK, \(e(conflict.file)))"
                    : "\(e(conflict.name)) (\(e(conflict.file)):\(conflict.line ?? 1))"
            }
            text += "Conflicts: \(list.joined(separator: "; ")), \(answers.existing.rawValue)\n"
        }
        for check in inspection.checks where !check.ok {
            text += "Check failed: \(e(check.message))\n"
        }
        text +=
            "Answers: position \(answers.position.rawValue), source \(answers.source.rawValue), actions "
            + answers.sortedActions.map(\.rawValue).joined(separator: ",") + ", scheduling "
            + (answers.scheduling ? "yes" : "no")
        text += asked ? "\n" : " (not asked: flags, else the recommended answers)\n"
        return text
    }
}
