/// Why a project file could not be read or edited: the file, the place and what was expected.
///
/// The description reads like a compiler's: `project.pbxproj:123:7: expected ';' after the value
/// of 'buildSettings'`.
package struct XcodeProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers that decide by kind.
    package enum Kind: String, Sendable, Equatable {
        /// The text is not a well-formed property list (a missing `;`, an unterminated string).
        case syntax
        /// The file is larger than ``XcodeProjectFile/maximumSize``.
        case tooLarge
        /// Values nest deeper than ``OpenStepParser/maximumDepth``.
        case tooDeep
        /// The bytes are not UTF-8, or hold a NUL byte.
        case encoding
        /// The property list is well formed but not a project (no `objects`, no root object).
        case notAProject
        /// An edit names something the project does not have (a target, a group for a folder).
        case missing
        /// The file could not be read.
        case unreadable
    }

    /// What went wrong.
    package var kind: Kind
    /// The file's name as the message shows it (`project.pbxproj`, or a path).
    package var file: String
    /// The 1-based line, when the problem has a place.
    package var line: Int?
    /// The 1-based column (in characters), when the problem has a place.
    package var column: Int?
    /// What was expected and what was found.
    package var message: String

    /// An error of `kind` in `file` at `line`:`column`.
    package init(kind: Kind, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, or `file: message` without a place.
    package var description: String {
        guard let line, let column else { return "\(file): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }
}

/// Line and column of a byte offset, computed only when an error needs them (one pass over the
/// bytes before the offset).
enum TextPosition {
    /// The 1-based line and column (counting characters, not continuation bytes) of `offset`.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
