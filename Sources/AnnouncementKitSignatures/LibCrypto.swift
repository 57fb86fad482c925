#if !canImport(CryptoKit) && canImport(CLibCrypto)
    import CLibCrypto
    import Foundation

    /// The libcrypto (OpenSSL 3) calls behind ``Ed25519SignatureVerifier`` and ``FeedSigningKey`` on
    /// Linux, through the EVP interface only. Every object made here is freed before its function
    /// returns (`defer`), and the thread's error queue is left empty, so a failure cannot be mistaken
    /// for a later call's.
    enum LibCrypto {
        /// Whether `signature` is a valid Ed25519 signature of `message` by the raw `publicKey`.
        static func verify(_ signature: Data, of message: Data, publicKey: Data) -> Bool {
            defer { ERR_clear_error() }
            guard signature.count == 64, publicKey.count == 32 else { return false }
            let key = withBytes(publicKey) { EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0, $1) }
            guard let key else { return false }
            defer { EVP_PKEY_free(key) }
            guard let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            // No digest: Ed25519 hashes the message itself (PureEdDSA), so it is passed whole.
            guard EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
            let result = withBytes(signature) { signatureBytes, signatureCount in
                withBytes(message) { EVP_DigestVerify(context, signatureBytes, signatureCount, $0, $1) }
            }
            return result == 1
        }

        /// The SHA-256 digest of `data` (32 bytes; empty only if libcrypto fails, which a caller
        /// sees as a key id that matches nothing).
        static func sha256(_ data: Data) -> Data {
            defer { ERR_clear_error() }
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            let status = withBytes(data) { bytes, count in
                EVP_Digest(bytes, count, &digest, &length, EVP_sha256(), nil)
            }
            guard status == 1, length == 32 else { return Data() }
            return Data(digest.prefix(32))
        }

        /// A new Ed25519 private key's 32-byte seed, from libcrypto's random generator.
        static func generateSeed() throws(FeedSigningKeyError) -> Data {
            defer { ERR_clear_error() }
            guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nil) else {
                throw failure("cannot make an Ed25519 key context")
            }
            defer { EVP_PKEY_CTX_free(context) }
            var key: OpaquePointer?
            guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_keygen(context, &key) == 1, let key else {
                throw failure("cannot generate an Ed25519 key")
            }
            defer { EVP_PKEY_free(key) }
            return try rawPrivateKey(of: key)
        }

        /// The raw public key (32 bytes) of the private key with this `seed`.
        static func publicKey(seed: Data) throws(FeedSigningKeyError) -> Data {
            defer { ERR_clear_error() }
            let key = try privateKey(seed: seed)
            defer { EVP_PKEY_free(key) }
            var raw = [UInt8](repeating: 0, count: 32)
            var length = 32
            guard EVP_PKEY_get_raw_public_key(key, &raw, &length) == 1, length == 32 else {
                throw failure("cannot read the public key of the private key")
            }
            return Data(raw)
        }

        /// The Ed25519 signature (64 bytes) of exactly `message` by the key with this `seed`.
        static func sign(_ message: Data, seed: Data) throws(FeedSigningKeyError) -> Data {
            defer { ERR_clear_error() }
            let key = try privateKey(seed: seed)
            defer { EVP_PKEY_free(key) }
            guard let context = EVP_MD_CTX_new() else { throw failure("cannot make a signing context") }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1 else {
                throw failure("cannot start an Ed25519 signature")
            }
            var signature = [UInt8](repeating: 0, count: 64)
            var length = 64
            let status = withBytes(message) { EVP_DigestSign(context, &signature, &length, $0, $1) }
            guard status == 1, length == 64 else { throw failure("cannot sign") }
            return Data(signature)
        }

        /// The seed of the Ed25519 private key in `pem` (PKCS#8, unencrypted), read by libcrypto.
        ///
        /// - Throws: ``FeedSigningKeyError`` when libcrypto cannot read a private key from the text, or
        ///   the key is not an Ed25519 key (RSA, EC, Ed448 …), naming its type.
        static func seed(fromPEM pem: Data) throws(FeedSigningKeyError) -> Data {
            defer { ERR_clear_error() }
            guard pem.count <= Int(Int32.max) else { throw FeedSigningKeyError("the key file is too large") }
            let bio = withBytes(pem) { BIO_new_mem_buf($0, Int32($1)) }
            guard let bio else { throw failure("cannot read the key") }
            defer { BIO_free(bio) }
            // A callback that gives no passphrase: an encrypted key fails instead of prompting.
            let key = PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
            guard let key else {
                throw FeedSigningKeyError(
                    "the file holds no private key libcrypto can read (\(lastError() ?? "unknown reason")); "
                        + Ed25519PKCS8.howToMake)
            }
            defer { EVP_PKEY_free(key) }
            guard EVP_PKEY_get_base_id(key) == EVP_PKEY_ED25519 else {
                let name = EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"
                throw FeedSigningKeyError(
                    "the key is of type \(name), not Ed25519; feeds are signed with Ed25519 keys: "
                        + Ed25519PKCS8.howToMake)
            }
            return try rawPrivateKey(of: key)
        }

        private static func privateKey(seed: Data) throws(FeedSigningKeyError) -> OpaquePointer {
            guard seed.count == 32 else { throw FeedSigningKeyError("an Ed25519 private key is 32 bytes") }
            let key = withBytes(seed) { EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0, $1) }
            guard let key else { throw failure("cannot make an Ed25519 key from its 32 bytes") }
            return key
        }

        private static func rawPrivateKey(of key: OpaquePointer) throws(FeedSigningKeyError) -> Data {
            var raw = [UInt8](repeating: 0, count: 32)
            var length = 32
            defer { raw.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
            guard EVP_PKEY_get_raw_private_key(key, &raw, &length) == 1, length == 32 else {
                throw failure("cannot read the private key's 32 bytes")
            }
            return Data(raw)
        }

        /// `body` with a pointer to `data`'s bytes and their count; an empty `data` passes a pointer
        /// to a zero byte rather than `nil`, which some libcrypto calls refuse.
        private static func withBytes<Result>(
            _ data: Data, _ body: (UnsafePointer<UInt8>, Int) -> Result
        ) -> Result {
            if data.isEmpty {
                var zero: UInt8 = 0
                return body(&zero, 0)
            }
            return data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self).baseAddress!, $0.count) }
        }

        /// The oldest error on libcrypto's queue for this thread, as its text.
        private static func lastError() -> String? {
            let code = ERR_get_error()
            guard code != 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 256)
            buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { ERR_error_string_n(code, $0.baseAddress, $0.count) }
            }
            return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        }

        private static func failure(_ what: String) -> FeedSigningKeyError {
            FeedSigningKeyError("libcrypto: \(what)" + (lastError().map { " (\($0))" } ?? ""))
        }
    }
#endif
