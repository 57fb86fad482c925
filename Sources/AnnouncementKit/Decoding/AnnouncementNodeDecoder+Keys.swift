/// The checks of an object's keys: repeated keys are errors, unknown ones warnings.
extension AnnouncementNodeDecoder {
    /// Reports repeated keys, then unknown ones; `what` names the object in the warning.
    func checkKeys<Key: FieldKey>(
        _ fields: Fields<Key>, what: String, path: () -> String, sink: inout DiagnosticSink
    ) {
        checkDuplicates(fields.members, path: path, sink: &sink)
        for member in fields.members where Key.table.slot(ofKey: member.keyNode) == nil {
            let hint = sink.didYouMean(member.key, among: Key.allCases.map(\.name))
            sink.report(
                .warning, "unknown \(what) field \"\(member.key)\" is ignored\(hint)",
                path: JSONPath.member(path(), member.key), offset: member.keyOffset)
        }
    }

    /// Reports every member whose key an earlier member of the same object already has.
    func checkDuplicates(_ members: JSONTape.Members, path: () -> String, sink: inout DiagnosticSink) {
        guard members.count > 1 else { return }
        // A few keys are told apart faster by comparing each pair than by hashing them.
        if members.count <= 8, !Self.hasRepeatedKey(members) { return }
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            sink.report(
                .error, "the key \"\(member.key)\" appears twice; keep one",
                path: JSONPath.member(path(), member.key), offset: member.keyOffset)
        }
    }

    /// Whether two members have the same key, by comparing every pair.
    private static func hasRepeatedKey(_ members: JSONTape.Members) -> Bool {
        for later in members.indices.dropFirst() {
            for earlier in members.indices.prefix(while: { $0 < later })
            where Self.sameKey(members[earlier].keyNode, members[later].keyNode) {
                return true
            }
        }
        return false
    }

    /// Whether two keys are equal as strings, compared by their bytes when both are written without escapes
    /// (then equal bytes are equal strings, and different ASCII bytes different strings).
    private static func sameKey(_ first: Node, _ second: Node) -> Bool {
        if let firstText = first.unescapedText, let secondText = second.unescapedText {
            if firstText.count == secondText.count && zip(firstText, secondText).allSatisfy({ $0 == $1 }) {
                return true
            }
            if !firstText.contains(where: { $0 >= 0x80 }) && !secondText.contains(where: { $0 >= 0x80 }) {
                return false
            }
        }
        return first.stringValue == second.stringValue
    }
}
