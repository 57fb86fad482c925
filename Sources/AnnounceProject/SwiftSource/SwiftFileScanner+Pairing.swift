/// Pairing brackets and `#if` directives, once, before the scan.
extension SwiftFileScanner {
    /// The partner of each bracket. An opener past `limit` deep is not paired (and its closer is
    /// skipped), with one `nestingTooDeep` diagnostic; a closer that matches no opener is left alone.
    static func pairBrackets(
        _ code: [SwiftToken], bytes: [UInt8], limit: Int, diagnostics: inout [SwiftSourceDiagnostic]
    ) -> [Int] {
        var partner = [Int](repeating: -1, count: code.count)
        var open: [Int] = []
        var overflow = 0
        for (index, token) in code.enumerated() where token.kind == .punctuation {
            let byte = bytes[token.range.lowerBound]
            switch byte {
            case Byte.lparen, Byte.lbracket, Byte.lbrace:
                guard open.count < limit else {
                    if overflow == 0 {
                        diagnostics.append(
                            SwiftSourceDiagnostic(
                                kind: .nestingTooDeep, offset: token.range.lowerBound, line: token.line,
                                message:
                                    "brackets nest deeper than \(limit); what is inside is read without its structure"))
                    }
                    overflow += 1
                    continue
                }
                open.append(index)
            case Byte.rparen, Byte.rbracket, Byte.rbrace:
                if overflow > 0 {
                    overflow -= 1
                    continue
                }
                let opener = byte == Byte.rparen ? Byte.lparen : byte == Byte.rbracket ? Byte.lbracket : Byte.lbrace
                if let position = open.lastIndex(where: { bytes[code[$0].range.lowerBound] == opener }) {
                    partner[open[position]] = index
                    partner[index] = open[position]
                    open.removeSubrange(position...)
                }
            default:
                break
            }
        }
        return partner
    }

    /// The `#endif` of each `#if`.
    static func pairDirectives(_ code: [SwiftToken], stream: SwiftTokenStream) -> [Int] {
        var end = [Int](repeating: -1, count: code.count)
        var open: [Int] = []
        for (index, token) in code.enumerated() where token.kind == .directive {
            switch stream.text(of: token) {
            case "#if": open.append(index)
            case "#endif": if let start = open.popLast() { end[start] = index }
            default: break
            }
        }
        return end
    }
}
