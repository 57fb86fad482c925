package import Foundation

/// The PKCS#8 PEM form of an Ed25519 private key, exactly as `openssl genpkey -algorithm ed25519`
/// writes it (RFC 8410, section 7): a 48-byte DER `PrivateKeyInfo` whose first 16 bytes are fixed
/// (version 0, algorithm id-Ed25519 1.3.101.112, an octet string holding the 32-byte octet string
/// of the seed), in Base64 between `-----BEGIN PRIVATE KEY-----` and `-----END PRIVATE KEY-----`.
///
/// This is encoding, not cryptography. ``FeedSigningKey`` writes keys with it on every platform; on
/// Apple platforms, where CryptoKit reads no PEM, it reads them with it too (on Linux libcrypto
/// reads them). It is compiled and tested on Linux as well.
package enum Ed25519PKCS8 {
    /// The 16 bytes before the seed.
    package static let prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
    static let beginLine = "-----BEGIN PRIVATE KEY-----"
    static let endLine = "-----END PRIVATE KEY-----"
    /// How to make a key `announce sign` reads, for messages.
    package static let howToMake =
        "make one with 'announce keygen --out DIR' or 'openssl genpkey -algorithm ed25519 -out KEY'"

    /// The PEM text of the key with this 32-byte `seed`: three lines, the Base64 on one line of 64
    /// characters, as OpenSSL writes it.
    package static func pem(seed: Data) -> String {
        "\(beginLine)\n\(Data(prefix + seed).base64EncodedString())\n\(endLine)\n"
    }

    /// Says what is wrong with `text` as a key file before anything parses it: an encrypted key, a key
    /// in another format (RSA, EC or OpenSSH armor), or no PKCS#8 armor at all; `nil` when it has a
    /// `BEGIN PRIVATE KEY` block.
    package static func refusal(of text: String) -> FeedSigningKeyError? {
        if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
            return FeedSigningKeyError(
                "the key is encrypted with a passphrase, which 'announce sign' does not ask for; keep it in a CI "
                    + "secret unencrypted, or decrypt a copy with 'openssl pkey -in KEY -out PLAIN'")
        }
        let others = [
            ("-----BEGIN RSA PRIVATE KEY-----", "an RSA key"), ("-----BEGIN EC PRIVATE KEY-----", "an EC key"),
            ("-----BEGIN OPENSSH PRIVATE KEY-----", "an OpenSSH key"), ("-----BEGIN PUBLIC KEY-----", "a public key"),
        ]
        if let (_, what) = others.first(where: { text.contains($0.0) }) {
            return FeedSigningKeyError("the file holds \(what), not an Ed25519 private key; \(howToMake)")
        }
        guard text.contains(beginLine) else {
            return FeedSigningKeyError(
                "the file is not a PKCS#8 PEM private key (no '\(beginLine)' line); \(howToMake)")
        }
        return nil
    }

    /// The seed of the Ed25519 key in PEM `text`: the first `BEGIN PRIVATE KEY` block, Base64 of the
    /// 48-byte DER above.
    package static func seed(fromPEM text: String) throws(FeedSigningKeyError) -> Data {
        if let refusal = refusal(of: text) { throw refusal }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.firstIndex(of: beginLine),
            let end = lines[(begin + 1)...].firstIndex(of: endLine)
        else {
            throw FeedSigningKeyError("the PEM block has no '\(endLine)' line; \(howToMake)")
        }
        guard let der = Data(base64Encoded: lines[(begin + 1)..<end].joined()) else {
            throw FeedSigningKeyError("the PEM block is not Base64; \(howToMake)")
        }
        return try seed(fromDER: der)
    }

    /// The seed in `der`, a PKCS#8 `PrivateKeyInfo` of an Ed25519 key without attributes or public key.
    package static func seed(fromDER der: Data) throws(FeedSigningKeyError) -> Data {
        guard der.count == prefix.count + 32, der.prefix(prefix.count).elementsEqual(prefix) else {
            throw FeedSigningKeyError(
                "the key is not an Ed25519 key in the PKCS#8 form OpenSSL writes (\(der.count) bytes of DER); "
                    + howToMake)
        }
        return Data(der.suffix(32))
    }
}
