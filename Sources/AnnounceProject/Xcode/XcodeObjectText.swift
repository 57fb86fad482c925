/// The text of the objects an editor adds, in Xcode's own formatting (tabs, `/* comments */`
/// after references, sorted keys, one-line build files and file references), and the ids.
enum XcodeObjectText {
    /// A string as Xcode writes it: bare when it is only letters, digits and `_ $ / : .` (and
    /// holds no `//` or `___`), else quoted with `\\`, `\"`, `\n` and `\t` escaped.
    static func quoted(_ text: String) -> String {
        let bare =
            !text.isEmpty && !text.contains("//") && !text.contains("___")
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
                    UInt8(ascii: ":"), UInt8(ascii: "."):
                    true
                default: false
                }
            }
        if bare { return text }
        var escaped = "\""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default: escaped.append(character)
            }
        }
        return escaped + "\""
    }

    /// Comment text made safe: no `*/` inside.
    static func comment(_ text: String) -> String {
        text.replacing("*/", with: "* /")
    }

    /// `ID /* comment */`.
    static func reference(_ id: String, _ comment: String) -> String {
        "\(id) /* \(Self.comment(comment)) */"
    }

    static func remotePackage(id: String, url: String, minimumVersion: String, comment: String) -> String {
        """
        \t\t\(reference(id, comment)) = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = \(quoted(url));
        \t\t\trequirement = {
        \t\t\t\tkind = upToNextMinorVersion;
        \t\t\t\tminimumVersion = \(quoted(minimumVersion));
        \t\t\t};
        \t\t};

        """
    }

    static func localPackage(id: String, relativePath: String, comment: String) -> String {
        """
        \t\t\(reference(id, comment)) = {
        \t\t\tisa = XCLocalSwiftPackageReference;
        \t\t\trelativePath = \(quoted(relativePath));
        \t\t};

        """
    }

    static func productDependency(id: String, productName: String, package: String) -> String {
        """
        \t\t\(reference(id, productName)) = {
        \t\t\tisa = XCSwiftPackageProductDependency;
        \t\t\tpackage = \(package);
        \t\t\tproductName = \(quoted(productName));
        \t\t};

        """
    }

    static func productBuildFile(id: String, productName: String, dependency: String) -> String {
        "\t\t\(reference(id, "\(productName) in Frameworks")) = {isa = PBXBuildFile; productRef = \(dependency); };\n"
    }

    static func fileBuildFile(id: String, fileName: String, phase: String, file: String) -> String {
        "\t\t\(reference(id, "\(fileName) in \(phase)")) = {isa = PBXBuildFile; fileRef = \(file); };\n"
    }

    static func fileReference(id: String, fileName: String, fileType: String) -> String {
        "\t\t\(reference(id, fileName)) = {isa = PBXFileReference; lastKnownFileType = \(quoted(fileType)); "
            + "path = \(quoted(fileName)); sourceTree = \"<group>\"; };\n"
    }

    static func buildPhase(id: String, kind: XcodeBuildPhaseKind, file: String) -> String {
        """
        \t\t\(reference(id, kind.displayName)) = {
        \t\t\tisa = \(kind.isa);
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t\t\(file),
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};

        """
    }

    /// The `lastKnownFileType` Xcode gives a file with `name`'s extension.
    static func fileType(of name: String) -> String {
        switch XcodePath.lastComponent(of: name).split(separator: ".").last.map(String.init) ?? "" {
        case "swift": "sourcecode.swift"
        case "json": "text.json"
        case "plist": "text.plist.xml"
        case "strings": "text.plist.strings"
        case "xcstrings": "text.json.xcstrings"
        default: "text"
        }
    }
}

/// Object ids as Xcode writes them: 24 uppercase hex digits. An editor's ids are derived from a
/// hash of what the object stands for (so the same edit gives the same ids), with a counter
/// appended to that description until the id is new to the file.
enum XcodeObjectID {
    static func make(for description: String, avoiding taken: Set<String>) -> String {
        make(for: description, isTaken: taken.contains)
    }

    /// The id for `description` that `isTaken` does not refuse (an editor asks its object table
    /// directly rather than copying its keys into a set for each new id).
    static func make(for description: String, isTaken: (String) -> Bool) -> String {
        var attempt = 0
        while true {
            let seed = attempt == 0 ? description : "\(description)#\(attempt)"
            let id = hex(seed)
            if !isTaken(id) { return id }
            attempt += 1
        }
    }

    /// 96 bits from two FNV-1a 64-bit hashes of `seed` (different offset bases).
    static func hex(_ seed: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in seed.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let high = String(first, radix: 16, uppercase: true)
        let low = String(second >> 32, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 8 - low.count)
            + low
    }
}
