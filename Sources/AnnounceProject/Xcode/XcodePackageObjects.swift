/// A Swift package the project refers to: `XCRemoteSwiftPackageReference` or
/// `XCLocalSwiftPackageReference`.
package struct XcodePackageReference: Sendable, Equatable {
    /// Where the package comes from.
    package enum Source: Sendable, Equatable {
        /// A repository URL and the version requirement.
        case remote(repositoryURL: String, requirement: XcodePackageRequirement)
        /// A `relativePath` from the project's folder.
        case local(relativePath: String)
    }

    /// The object id.
    package var id: String
    /// Where the package comes from.
    package var source: Source

    /// The repository URL of a remote package.
    package var repositoryURL: String? {
        if case .remote(let url, _) = source { return url }
        return nil
    }

    /// The relative path of a local package.
    package var relativePath: String? {
        if case .local(let path) = source { return path }
        return nil
    }

    /// The name Xcode writes in its comments: the URL's last component without `.git`, or the
    /// relative path.
    package var displayName: String {
        switch source {
        case .remote(let url, _): Self.repositoryName(of: url)
        case .local(let path): path
        }
    }

    /// `https://github.com/braze-inc/braze-swift-sdk.git` → `braze-swift-sdk`.
    package static func repositoryName(of url: String) -> String {
        var name = url
        while name.hasSuffix("/") { name.removeLast() }
        if let slash = name.lastIndex(where: { $0 == "/" || $0 == ":" }) {
            name = String(name[name.index(after: slash)...])
        }
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name
    }
}

/// The `requirement` of a remote package.
package struct XcodePackageRequirement: Sendable, Equatable {
    /// `upToNextMajorVersion`, `upToNextMinorVersion`, `exactVersion`, `versionRange`, `branch`,
    /// `revision`.
    package var kind: String?
    /// `minimumVersion` (the next-major, next-minor and range kinds).
    package var minimumVersion: String?
    /// `maximumVersion` (`versionRange`).
    package var maximumVersion: String?
    /// `version` (`exactVersion`).
    package var version: String?
    /// `branch`.
    package var branch: String?
    /// `revision`.
    package var revision: String?

    /// A requirement of `kind` from `minimumVersion`.
    package init(
        kind: String?, minimumVersion: String? = nil, maximumVersion: String? = nil, version: String? = nil,
        branch: String? = nil, revision: String? = nil
    ) {
        self.kind = kind
        self.minimumVersion = minimumVersion
        self.maximumVersion = maximumVersion
        self.version = version
        self.branch = branch
        self.revision = revision
    }
}

/// An `XCSwiftPackageProductDependency`: a product of a package that a target uses.
package struct XcodeProductDependency: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// The product's name (`AnnouncementKit`, `FirebaseInAppMessaging-Beta`, `BrazeKit`).
    package var productName: String
    /// The package reference id; nil for a local package added to the navigator as a folder
    /// (a file reference of type `wrapper`), which Xcode writes without one.
    package var packageID: String?
}

/// A package product a target uses, with its package when the project names it.
package struct XcodeLinkedProduct: Sendable, Equatable {
    /// The product's name.
    package var name: String
    /// The package, when the dependency names a package reference.
    package var package: XcodePackageReference?
    /// Whether the target's Frameworks phase links it (a product can be a dependency without
    /// being linked, as with a plugin).
    package var linked: Bool
}
