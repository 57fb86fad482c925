import AnnounceCLI
import AnnouncementKit
import AnnouncementKitSignatures
import AnnouncementTestSupport
import Foundation

/// A folder of its own for one test of `keygen`, `sign` and `verify`, the commands run in-process
/// with it as the current directory (so paths in the output are the relative ones given).
struct SigningWorkspace {
    let folder: URL

    /// RFC 8032 TEST 1's key, as `openssl genpkey -algorithm ed25519` writes a key file.
    static let test1PEM = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g
        -----END PRIVATE KEY-----

        """
    /// Its public key.
    static let test1Public = "ed25519:11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="
    /// A small feed.
    static let feed = Data(
        #"{"schemaVersion": 1, "announcements": [{"id": "signed", "title": "Hello", "message": "Signed."}]}"#.utf8
            + [0x0A])

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("signing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("feed.json", Self.feed)
        try write("test1.key", Data(Self.test1PEM.utf8))
    }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    func write(_ name: String, _ data: Data) throws { try data.write(to: url(name)) }

    func read(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// Runs `announce` in-process in the folder.
    func run(_ arguments: [String]) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: folder, readStandardInput: { Data() })
        return await Announce.run(arguments, environment: environment)
    }

    /// Runs the `openssl` command (off the concurrency pool); file arguments are given as full paths.
    func openssl(_ arguments: [String]) async throws -> (status: Int32, standardOutput: String, standardError: String) {
        guard let program = TestDependencies.program(named: "openssl") else {
            throw MissingProgram(name: "openssl")
        }
        return try await Fixtures.run(program, arguments)
    }

    struct MissingProgram: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) is not installed (apt-get install openssl)" }
    }

    /// A file of `size` bytes that takes no space (a sparse file).
    func sparseFile(_ name: String, size: UInt64) throws {
        _ = FileManager.default.createFile(atPath: url(name).path, contents: nil)
        let handle = try FileHandle(forWritingTo: url(name))
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    /// The signature file `name` with its JSON changed by `edit`.
    func editSignature(_ name: String, _ edit: (inout [String: String]) -> Void) throws {
        var object = try JSONSerialization.jsonObject(with: read(name)) as? [String: String] ?? [:]
        edit(&object)
        try write(name, JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}
