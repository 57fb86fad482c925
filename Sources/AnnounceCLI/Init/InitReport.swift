import Foundation

/// The object `announce init --format json` prints; its fields are the contract scripts and tests
/// read (docs/init.md). Absent values are written as `null`, never left out.
struct InitReport: Encodable {
    var status: String
    var project: ProjectInspection
    var answers: InitAnswers
    var changes: [(path: String, action: String)]
    var steps: [String]
    var message: String?

    private enum Keys: String, CodingKey {
        case status, project, entry, deepLinks, conflicts, checks, answers, changes, steps, message
        case kind, appTarget, swiftToolsVersion, platforms
        case file, line, type, schemes, universalLinks, handlers, name, ok, position, source, actions, scheduling
        case path, action
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(status, forKey: .status)
        var projectObject = container.nestedContainer(keyedBy: Keys.self, forKey: .project)
        try projectObject.encode(project.kind.rawValue, forKey: .kind)
        try projectObject.encode(project.appTarget, forKey: .appTarget)
        try projectObject.encode(project.swiftToolsVersion, forKey: .swiftToolsVersion)
        try projectObject.encode(project.platforms, forKey: .platforms)
        if let entry = project.entry {
            var object = container.nestedContainer(keyedBy: Keys.self, forKey: .entry)
            try object.encode(entry.file, forKey: .file)
            try object.encode(entry.line, forKey: .line)
            try object.encode(entry.type, forKey: .type)
            try object.encode(entry.kind, forKey: .kind)
        } else {
            try container.encodeNil(forKey: .entry)
        }
        var links = container.nestedContainer(keyedBy: Keys.self, forKey: .deepLinks)
        try links.encode(project.schemes, forKey: .schemes)
        try links.encode(project.universalLinks, forKey: .universalLinks)
        var handlers = links.nestedUnkeyedContainer(forKey: .handlers)
        for handler in project.handlers {
            var object = handlers.nestedContainer(keyedBy: Keys.self)
            try object.encode(handler.file, forKey: .file)
            try object.encode(handler.line, forKey: .line)
            try object.encode(handler.kind, forKey: .kind)
        }
        var conflicts = container.nestedUnkeyedContainer(forKey: .conflicts)
        for conflict in project.conflicts {
            var object = conflicts.nestedContainer(keyedBy: Keys.self)
            try object.encode(conflict.kind, forKey: .kind)
            try object.encode(conflict.name, forKey: .name)
            try object.encode(conflict.file, forKey: .file)
            if let line = conflict.line { try object.encode(line, forKey: .line) }
        }
        var checks = container.nestedUnkeyedContainer(forKey: .checks)
        for check in project.checks {
            var object = checks.nestedContainer(keyedBy: Keys.self)
            try object.encode(check.name, forKey: .name)
            try object.encode(check.ok, forKey: .ok)
            try object.encode(check.message, forKey: .message)
        }
        var answersObject = container.nestedContainer(keyedBy: Keys.self, forKey: .answers)
        try answersObject.encode(answers.position.rawValue, forKey: .position)
        try answersObject.encode(answers.source.rawValue, forKey: .source)
        try answersObject.encode(answers.sortedActions.map(\.rawValue), forKey: .actions)
        try answersObject.encode(answers.scheduling, forKey: .scheduling)
        var changesArray = container.nestedUnkeyedContainer(forKey: .changes)
        for change in changes {
            var object = changesArray.nestedContainer(keyedBy: Keys.self)
            try object.encode(change.path, forKey: .path)
            try object.encode(change.action, forKey: .action)
        }
        try container.encode(steps, forKey: .steps)
        try container.encode(message, forKey: .message)
    }
}
