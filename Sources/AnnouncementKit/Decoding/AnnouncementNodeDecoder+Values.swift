import Foundation

/// The typed readers of one field of an object: each gives the field's value, `nil` when it is absent,
/// and reports a value of the wrong type or out of range at the field's path.
extension AnnouncementNodeDecoder {
    /// Reports that `node`, at `path`, is not what `name` must be.
    func mismatch(_ name: String, _ expected: String, _ node: Node, _ path: String, _ sink: inout DiagnosticSink) {
        sink.report(
            .error,
            "\(name) must be \(expected); found \(node.typeDescription == node.shortDescription ? node.typeDescription : "\(node.typeDescription) \(node.shortDescription)")",
            path: path, offset: node.offset)
    }

    /// A string field that every announcement must have; its absence is reported.
    func requiredString<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> String? {
        guard fields[key] != nil else {
            sink.report(
                .error, "\"\(key.name)\" is missing; every announcement needs one", path: path(),
                offset: fields.offset)
            return nil
        }
        return string(fields, key, path: path, sink: &sink)
    }

    func string<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> String? {
        guard let node = fields[key] else { return nil }
        guard let value = node.stringValue else {
            mismatch(key.name, "a string", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        return value
    }

    func number<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> Double? {
        guard let node = fields[key] else { return nil }
        guard case .number(let value) = node.kind else {
            mismatch(key.name, "a number", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        return value
    }

    /// An integer a double holds exactly (at most 2^53 - 1 in size), at least `minimum` when one is given.
    func integer<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, minimum: Int? = nil, path: () -> String, sink: inout DiagnosticSink
    ) -> Int? {
        guard let node = fields[key] else { return nil }
        guard case .number(let value) = node.kind, let integer = Int(exactly: value),
            abs(value) <= 9_007_199_254_740_991
        else {
            mismatch(key.name, "an integer", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        if let minimum, integer < minimum {
            sink.report(
                .error, "\(key.name) must be at least \(minimum); found \(integer)",
                path: JSONPath.member(path(), key.name), offset: node.offset)
            return nil
        }
        return integer
    }

    /// A duration in seconds: more than zero (or zero too, when `allowZero`), at most
    /// `FeedLimits.maximumSeconds`.
    func seconds<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, allowZero: Bool, path: () -> String, sink: inout DiagnosticSink
    ) -> TimeInterval? {
        guard let value = number(fields, key, path: path, sink: &sink) else { return nil }
        guard value <= FeedLimits.maximumSeconds else {
            sink.report(
                .error,
                "\(key.name) is \(JSONWriter.format(number: value)) seconds; at most "
                    + "\(JSONWriter.format(number: FeedLimits.maximumSeconds)) (ten years) are allowed",
                path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
            return nil
        }
        guard allowZero ? value >= 0 : value > 0 else {
            sink.report(
                .error,
                "\(key.name) is a number of seconds and must be \(allowZero ? "zero or more" : "more than zero"); "
                    + "found \(JSONWriter.format(number: value))",
                path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
            return nil
        }
        return value
    }

    func bool<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> Bool? {
        guard let node = fields[key] else { return nil }
        guard case .bool(let value) = node.kind else {
            mismatch(key.name, "true or false", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        return value
    }

    /// A non-empty array of non-empty strings; the good entries are kept when some are reported.
    func stringList<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> [String]? {
        guard let node = fields[key] else { return nil }
        guard case .array = node.kind else {
            mismatch(key.name, "an array of strings", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        let items = node.elements
        var values: [String] = []
        values.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let value = item.stringValue, !value.isEmpty {
                values.append(value)
            } else {
                mismatch(
                    "each entry of \(key.name)", "a non-empty string", item,
                    JSONPath.element(JSONPath.member(path(), key.name), index), &sink)
            }
        }
        if items.isEmpty {
            sink.report(
                .error, "\(key.name) is empty, so nothing would match; omit it to leave it unrestricted",
                path: JSONPath.member(path(), key.name), offset: node.offset)
        }
        return values
    }

    /// An RFC 3339 timestamp (see `Timestamp`).
    func date<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> Date? {
        // Most timestamps are read straight from the feed's bytes; a string is made only for escapes or a finding.
        if let node = fields[key], let utf8 = node.unescapedText, let date = try? Timestamp.parse(utf8: utf8) {
            return date
        }
        guard let text = string(fields, key, path: path, sink: &sink) else { return nil }
        do {
            return try Timestamp.parse(text)
        } catch {
            sink.report(
                .error, "\(key.name) \(JSONWriter.quote(text)) \(error)",
                path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
            return nil
        }
    }

    /// The case whose raw value the string `node` spells, when that is told by its bytes alone: plain ASCII
    /// (which `init(rawValue:)` would match exactly when the bytes match). `nil` for anything else, which
    /// is left to `init(rawValue:)`.
    static func caseSpelled<Value>(by node: Node?, in names: [(Value, [UInt8])]) -> Value? {
        guard let text = node?.asciiText else { return nil }
        return names.first { $0.1.count == text.count && $0.1.elementsEqual(text) }?.0
    }

    /// The offset of element `index` of an array node (the array's own offset if it has none).
    func elementOffset(_ node: Node, _ index: Int) -> Int {
        guard case .array = node.kind, let item = Self.element(index, of: node) else { return node.offset }
        return item.offset
    }

    /// Element `index` of the array `node`, if it has one.
    static func element(_ index: Int, of node: Node) -> Node? {
        guard index >= 0 else { return nil }
        return node.elements.dropFirst(index).first
    }
}
