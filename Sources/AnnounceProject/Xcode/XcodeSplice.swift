/// One insertion into the text: `text` goes in at byte `offset`; nothing is removed.
package struct XcodeSplice: Sendable, Equatable {
    /// Where the text goes, as a byte offset of the text before the edit.
    package var offset: Int
    /// The text inserted.
    package var text: String
}

/// Where insertions go in Xcode's layout: at the end of an array, at a key's sorted place in a
/// dictionary, at an id's sorted place in an object section (with the section created in its
/// sorted place when missing).
struct XcodeSplicer {
    let bytes: [UInt8]
    let comments: [PlistComment]

    /// The offset where the line holding `offset` starts, when only spaces and tabs come before
    /// `offset` on it; nil when something else does.
    func lineStartIfBlank(before offset: Int) -> Int? {
        var index = offset
        while index > 0 {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: "\n") { return index }
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { return nil }
            index -= 1
        }
        return 0
    }

    /// The spaces and tabs from `lineStart` to `offset`.
    func indent(from lineStart: Int, to offset: Int) -> String {
        String(decoding: bytes[lineStart..<offset], as: UTF8.self)
    }

    /// Appends `item` (an `ID /* comment */`) to `array`: on a line of its own, indented one
    /// tab deeper than the `)`, when the array spans lines; before the `)` when it is one line.
    func append(_ item: String, to array: PlistNode) -> [XcodeSplice] {
        let close = array.range.upperBound - 1
        let elements = array.array ?? []
        var splices: [XcodeSplice] = []
        let hasTrailingComma = elements.last.map { hasComma(from: $0.range.upperBound, to: close) } ?? true
        let multiLine = bytes[array.range].contains(UInt8(ascii: "\n"))
        if multiLine, let lineStart = lineStartIfBlank(before: close) {
            if !hasTrailingComma, let last = elements.last {
                splices.append(XcodeSplice(offset: last.range.upperBound, text: ","))
            }
            splices.append(XcodeSplice(offset: lineStart, text: indent(from: lineStart, to: close) + "\t\(item),\n"))
        } else {
            splices.append(XcodeSplice(offset: close, text: hasTrailingComma ? "\(item), " : ", \(item)"))
        }
        return splices
    }

    private func hasComma(from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: ",") { return true }
            if bytes[index] == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 2
                continue
            }
            index += 1
        }
        return false
    }

    /// Adds `key = value;` to `dictionary` before the first key that sorts after it (`isa` stays
    /// first), as Xcode orders keys; `value` gets the indentation of the new line.
    func addKey(_ key: String, value: (String) -> String, to dictionary: PlistNode) -> XcodeSplice {
        let entries = dictionary.entries ?? []
        let close = dictionary.range.upperBound - 1
        let next = entries.first { $0.key != "isa" && $0.key > key }
        let multiLine = bytes[dictionary.range].contains(UInt8(ascii: "\n"))
        if let next {
            if multiLine, let lineStart = lineStartIfBlank(before: next.range.lowerBound) {
                let pad = indent(from: lineStart, to: next.range.lowerBound)
                return XcodeSplice(offset: lineStart, text: "\(pad)\(key) = \(value(pad));\n")
            }
            return XcodeSplice(offset: next.range.lowerBound, text: "\(key) = \(value("")); ")
        }
        if multiLine, let lineStart = lineStartIfBlank(before: close) {
            let pad = indent(from: lineStart, to: close) + "\t"
            return XcodeSplice(offset: lineStart, text: "\(pad)\(key) = \(value(pad));\n")
        }
        return XcodeSplice(offset: close, text: "\(key) = \(value("")); ")
    }

    /// A multi-line array value holding `item`, for a line indented with `pad`.
    static func arrayValue(_ item: String) -> (String) -> String {
        { pad in "(\n\(pad)\t\(item),\n\(pad))" }
    }

    /// Inserts an object's text (whole lines, ending in a newline) for `id` of `isa` into the
    /// `objects` dictionary: in the `/* Begin isa section */` before the first object with a
    /// greater id, or in a new section placed among the others by name.
    func insertObject(_ text: String, id: String, isa: String, objects: PlistNode) -> XcodeSplice {
        let sections = self.sections(in: objects.range)
        if let section = sections.first(where: { $0.name == isa }) {
            let entries = (objects.entries ?? []).filter {
                $0.range.lowerBound > section.begin.upperBound && $0.range.upperBound <= section.end.lowerBound
            }
            if let next = entries.first(where: { $0.key > id }),
                let lineStart = lineStartIfBlank(before: next.range.lowerBound)
            {
                return XcodeSplice(offset: lineStart, text: text)
            }
            return XcodeSplice(
                offset: lineStartIfBlank(before: section.end.lowerBound) ?? section.end.lowerBound, text: text)
        }
        let wrapped = "/* Begin \(isa) section */\n\(text)/* End \(isa) section */\n"
        if let next = sections.first(where: { $0.name > isa }) {
            return XcodeSplice(
                offset: lineStartIfBlank(before: next.begin.lowerBound) ?? next.begin.lowerBound, text: wrapped + "\n")
        }
        if let last = sections.last {
            var offset = last.end.upperBound
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
            return XcodeSplice(offset: min(offset + 1, bytes.count), text: "\n" + wrapped)
        }
        let close = objects.range.upperBound - 1
        if let lineStart = lineStartIfBlank(before: close) { return XcodeSplice(offset: lineStart, text: text) }
        return XcodeSplice(offset: close, text: "\n" + text)
    }

    struct Section {
        var name: String
        var begin: Range<Int>
        var end: Range<Int>
    }

    /// The `/* Begin X section */` … `/* End X section */` pairs inside `range`, in order.
    func sections(in range: Range<Int>) -> [Section] {
        var open: [String: Range<Int>] = [:]
        var result: [Section] = []
        for comment in comments where range.contains(comment.range.lowerBound) {
            let words = comment.text.split(separator: " ")
            guard words.count == 3, words[2] == "section" else { continue }
            let name = String(words[1])
            if words[0] == "Begin" {
                open[name] = comment.range
            } else if words[0] == "End", let begin = open.removeValue(forKey: name) {
                result.append(Section(name: name, begin: begin, end: comment.range))
            }
        }
        return result.sorted { $0.begin.lowerBound < $1.begin.lowerBound }
    }

    /// The comment Xcode wrote after the key of an object entry (`ID /* Sources */ = {`), if any.
    func commentAfterKey(of entry: PlistEntry) -> String? {
        var low = 0
        var high = comments.count
        while low < high {
            let middle = (low + high) / 2
            if comments[middle].range.lowerBound < entry.keyRange.upperBound { low = middle + 1 } else { high = middle }
        }
        guard low < comments.count, comments[low].range.upperBound <= entry.value.range.lowerBound else { return nil }
        return comments[low].text
    }
}
