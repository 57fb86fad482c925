import Foundation

/// Reads a feed file named on the command line; `-` reads standard input.
enum FeedFile {
    /// The bytes of `path`, or a message that says why it could not be read.
    static func read(_ path: String, environment: Announce.Environment) -> Result<Data, ReadError> {
        if path == "-" { return .success(environment.readStandardInput()) }
        let url = URL(fileURLWithPath: path, relativeTo: environment.currentDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return .failure(ReadError(message: "cannot read '\(path)': no such file"))
        }
        if isDirectory.boolValue {
            return .failure(ReadError(message: "cannot read '\(path)': it is a directory; name a feed file"))
        }
        do {
            return .success(try Data(contentsOf: url))
        } catch {
            return .failure(ReadError(message: "cannot read '\(path)': \(error.localizedDescription)"))
        }
    }

    struct ReadError: Error {
        let message: String
    }

    /// The name a file is reported under: as given, or `<stdin>`.
    static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }
}
