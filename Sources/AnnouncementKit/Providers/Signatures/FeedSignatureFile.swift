package import Foundation

/// A detached signature of a feed, the file served beside it as `FEED.sig`:
///
/// ```json
/// {"algorithm": "ed25519", "keyId": "9b1d4f0c2e7a3b58", "signature": "BASE64 of 64 bytes"}
/// ```
///
/// `keyId` is the first 8 bytes of the SHA-256 of the signing key's raw public key, in hex
/// (`FeedPublicKey.keyID(using:)`); `signature` is Ed25519 over the exact bytes of the feed file.
/// Reading is bounded: a file over ``maximumSize`` bytes is refused before it is parsed.
package struct FeedSignatureFile: Sendable, Hashable {
    /// The largest signature file read, in bytes (a real one is about 130).
    package static let maximumSize = 4_096
    /// The one algorithm there is.
    package static let algorithm = "ed25519"

    /// The id of the key that made the signature: 16 lowercase hex digits.
    package var keyID: String
    /// The 64 bytes of the Ed25519 signature.
    package var signature: Data

    /// A signature file's contents.
    package init(keyID: String, signature: Data) {
        self.keyID = keyID
        self.signature = signature
    }

    /// Reads a signature file.
    ///
    /// - Throws: ``FeedSignatureError`` of kind ``FeedSignatureError/Kind/malformedSignature`` saying what
    ///   is wrong: too large, not UTF-8 JSON, not an object, an algorithm other than `ed25519`, a key id
    ///   that is not 16 hex digits, a signature that is not the Base64 of 64 bytes.
    package init(parsing bytes: Data) throws(FeedSignatureError) {
        guard bytes.count <= Self.maximumSize else {
            throw Self.malformed("the signature file is \(bytes.count) bytes; at most \(Self.maximumSize) are read")
        }
        let members = try Self.members(of: Array(bytes))
        guard case .string(let algorithm)? = members["algorithm"] else {
            throw Self.malformed("the signature file has no \"algorithm\" string (expected \"ed25519\")")
        }
        guard algorithm == Self.algorithm else {
            throw Self.malformed("the algorithm is '\(FeedPublicKey.shown(algorithm))'; only \"ed25519\" is known")
        }
        guard case .string(let keyID)? = members["keyId"] else {
            throw Self.malformed("the signature file has no \"keyId\" string")
        }
        let lowered = keyID.lowercased()
        guard lowered.utf8.count == 16, lowered.utf8.allSatisfy({ Self.hexDigits.contains($0) }) else {
            throw Self.malformed("the keyId '\(FeedPublicKey.shown(keyID))' is not 16 hex digits")
        }
        guard case .string(let encoded)? = members["signature"] else {
            throw Self.malformed("the signature file has no \"signature\" string")
        }
        guard let signature = Data(base64Encoded: encoded) else {
            throw Self.malformed("the signature is not Base64")
        }
        guard signature.count == 64 else {
            throw Self.malformed("an Ed25519 signature is 64 bytes; this one is \(signature.count)")
        }
        self.init(keyID: lowered, signature: signature)
    }

    /// The file's bytes: one line of JSON with the three members, and a newline.
    package var encoded: Data {
        var text = "{\"algorithm\": \(JSONWriter.quote(Self.algorithm)), \"keyId\": \(JSONWriter.quote(keyID)), "
        text += "\"signature\": \(JSONWriter.quote(signature.base64EncodedString()))}\n"
        return Data(text.utf8)
    }

    /// The members of the top-level object.
    private static func members(of bytes: [UInt8]) throws(FeedSignatureError) -> [String: JSONValue] {
        do throws(JSONObject.Failure) {
            return try JSONObject(parsing: bytes).members
        } catch {
            throw malformed("the signature file is \(error)")
        }
    }

    private static let hexDigits = Set("0123456789abcdef".utf8)

    private static func malformed(_ message: String) -> FeedSignatureError {
        FeedSignatureError(.malformedSignature, message)
    }

    /// Lowercase hex of `bytes`.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
