// The compiler plugin behind the SwiftUI stub's `#Preview` macro (Tests/SwiftUIStub), so that
// scripts/typecheck-swiftui can type-check previews on Linux, where Xcode's PreviewsMacros plugin
// does not exist. The compiler type-checks a macro's arguments (the preview's name and its body
// closure) before it asks the plugin to expand it; this plugin then expands `#Preview` to nothing,
// as nothing is ever run. Never shipped.
//
// It speaks the compiler's plugin protocol without swift-syntax: each message is a little-endian
// UInt64 byte count followed by that many bytes of JSON, one request from the compiler, one answer.
import Foundation

/// Reads one message from the compiler; `nil` at the end of the input.
func readMessage() -> [String: Any]? {
    let header = FileHandle.standardInput.readData(ofLength: 8)
    guard header.count == 8 else { return nil }
    let count = header.reversed().reduce(0) { ($0 << 8) | Int($1) }
    let body = FileHandle.standardInput.readData(ofLength: count)
    return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
}

/// Writes one message to the compiler.
func writeMessage(_ message: [String: Any]) throws {
    let body = try JSONSerialization.data(withJSONObject: message)
    var count = UInt64(body.count).littleEndian
    let header = withUnsafeBytes(of: &count) { Data($0) }
    FileHandle.standardOutput.write(header + body)
}

while let message = readMessage() {
    if message["getCapability"] != nil {
        try writeMessage(["getCapabilityResult": ["capability": ["protocolVersion": 7]]])
    } else if message["expandFreestandingMacro"] != nil {
        try writeMessage(["expandMacroResult": ["expandedSource": "", "diagnostics": [Any]()]])
    } else {
        let diagnostic = "the SwiftUI stub's macro plugin answers only #Preview expansions"
        FileHandle.standardError.write(Data((diagnostic + "\n").utf8))
        exit(1)
    }
}
