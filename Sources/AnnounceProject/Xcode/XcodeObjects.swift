/// What a target builds, from its `productType`.
package enum XcodeProductKind: Sendable, Equatable {
    /// `com.apple.product-type.application`: an app.
    case application
    /// `com.apple.product-type.application.on-demand-install-capable`: an App Clip.
    case appClip
    /// `com.apple.product-type.app-extension` (widgets, share extensions) and ExtensionKit extensions.
    case appExtension
    /// `com.apple.product-type.application.watchapp2` and `…watchapp2-container`: a watch app.
    case watchApp
    /// `com.apple.product-type.bundle.unit-test`.
    case unitTests
    /// `com.apple.product-type.bundle.ui-testing`.
    case uiTests
    /// `com.apple.product-type.framework`.
    case framework
    /// Any other product type, or none (an aggregate target).
    case other(String)

    /// The kind of `productType` (nil: an aggregate or legacy target).
    package init(productType: String?) {
        switch productType {
        case "com.apple.product-type.application": self = .application
        case "com.apple.product-type.application.on-demand-install-capable": self = .appClip
        case "com.apple.product-type.app-extension", "com.apple.product-type.extensionkit-extension",
            "com.apple.product-type.app-extension.messages", "com.apple.product-type.watchkit2-extension":
            self = .appExtension
        case "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.watchapp2-container":
            self = .watchApp
        case "com.apple.product-type.bundle.unit-test": self = .unitTests
        case "com.apple.product-type.bundle.ui-testing": self = .uiTests
        case "com.apple.product-type.framework": self = .framework
        default: self = .other(productType ?? "")
        }
    }
}

/// A value of a build setting: a string or a list of strings.
package enum XcodeBuildSetting: Sendable, Equatable {
    /// `SWIFT_VERSION = 5.0;`
    case string(String)
    /// `OTHER_LDFLAGS = ("-ObjC", "$(inherited)");`
    case list([String])

    /// The string, or a list's strings joined by spaces (as Xcode expands a list setting).
    package var text: String {
        switch self {
        case .string(let value): value
        case .list(let values): values.joined(separator: " ")
        }
    }
}

/// An `XCBuildConfiguration`: a name (`Debug`, `Release`) and its build settings.
package struct XcodeBuildConfiguration: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// `Debug`, `Release`, or a project's own.
    package var name: String
    /// The settings written in the project file (an `.xcconfig` file's are not read).
    package var settings: [String: XcodeBuildSetting]
    /// The `baseConfigurationReference`: the id of the `.xcconfig` file reference, if any.
    package var baseConfigurationFileID: String?
}

/// A `PBXNativeTarget` (or an aggregate or legacy target).
package struct XcodeTarget: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// The target's name, as `--target` names it.
    package var name: String
    /// The `productName`.
    package var productName: String?
    /// The `productType` as written (`com.apple.product-type.application`).
    package var productType: String?
    /// What it builds.
    package var kind: XcodeProductKind
    /// The ids of its build phases, in order.
    package var buildPhaseIDs: [String]
    /// The ids of its `XCSwiftPackageProductDependency` objects.
    package var packageProductDependencyIDs: [String]
    /// The ids of its `PBXFileSystemSynchronizedRootGroup`s (objectVersion 70 and later).
    package var synchronizedGroupIDs: [String]
    /// The ids of the targets it depends on (through its `PBXTargetDependency` objects).
    package var dependencyTargetIDs: [String]
    /// Its build configurations (from its `buildConfigurationList`).
    package var configurations: [XcodeBuildConfiguration]
    /// Whether the target has a `packageProductDependencies` key (an editor adds it when absent).
    package var hasPackageProductDependenciesKey: Bool
}

/// What a build phase does.
package enum XcodeBuildPhaseKind: Sendable, Equatable {
    /// `PBXSourcesBuildPhase`: the files it compiles.
    case sources
    /// `PBXFrameworksBuildPhase`: what it links.
    case frameworks
    /// `PBXResourcesBuildPhase`: what it copies into the bundle.
    case resources
    /// Any other phase (`PBXShellScriptBuildPhase`, `PBXCopyFilesBuildPhase`, …), by its `isa`.
    case other(String)

    /// The kind of a phase whose `isa` is `isa`.
    package init(isa: String) {
        switch isa {
        case "PBXSourcesBuildPhase": self = .sources
        case "PBXFrameworksBuildPhase": self = .frameworks
        case "PBXResourcesBuildPhase": self = .resources
        default: self = .other(isa)
        }
    }

    /// The `isa` of a phase of this kind.
    package var isa: String {
        switch self {
        case .sources: "PBXSourcesBuildPhase"
        case .frameworks: "PBXFrameworksBuildPhase"
        case .resources: "PBXResourcesBuildPhase"
        case .other(let isa): isa
        }
    }

    /// The name Xcode shows (and writes in comments): `Sources`, `Frameworks`, `Resources`.
    package var displayName: String {
        switch self {
        case .sources: "Sources"
        case .frameworks: "Frameworks"
        case .resources: "Resources"
        case .other(let isa): isa
        }
    }
}

/// A build phase of a target.
package struct XcodeBuildPhase: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// What it does.
    package var kind: XcodeBuildPhaseKind
    /// The ids of its `PBXBuildFile`s, in order.
    package var buildFileIDs: [String]
}

/// A `PBXBuildFile`: a file or a package product in a build phase.
package struct XcodeBuildFile: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// The `fileRef`: a file reference (or variant group) id.
    package var fileReferenceID: String?
    /// The `productRef`: an `XCSwiftPackageProductDependency` id.
    package var productDependencyID: String?
}

/// A `PBXFileReference` (or an `XCVersionGroup`, a Core Data model).
package struct XcodeFileReference: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// The `name`, if written.
    package var name: String?
    /// The `path`, if written.
    package var path: String?
    /// The `sourceTree` (`<group>`, `SOURCE_ROOT`, `BUILT_PRODUCTS_DIR`, `SDKROOT`, …).
    package var sourceTree: String?
    /// The `lastKnownFileType` or `explicitFileType` (`sourcecode.swift`, `wrapper`, …).
    package var fileType: String?
    /// The path relative to the project's folder, when its groups resolve to one (nil for
    /// products, SDK files, and files outside the group tree).
    package var resolvedPath: String?
}

/// A `PBXGroup` or `PBXVariantGroup`: a folder of the navigator.
package struct XcodeGroup: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// `PBXGroup` or `PBXVariantGroup`.
    package var isa: String
    /// The `name`, if written.
    package var name: String?
    /// The `path`, if written (a group without one is only a name in the navigator).
    package var path: String?
    /// The `sourceTree`.
    package var sourceTree: String?
    /// The ids of its children: files, groups, synchronized groups.
    package var childIDs: [String]
    /// Its folder relative to the project's folder (`""` for the project's folder itself), when
    /// it resolves to one.
    package var resolvedFolder: String?
}

/// A `PBXFileSystemSynchronizedRootGroup` (objectVersion 70 and 77): a folder whose files
/// belong to its targets without being listed in the project file.
package struct XcodeSynchronizedGroup: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// The `path`.
    package var path: String?
    /// The `sourceTree`.
    package var sourceTree: String?
    /// The ids of its exception sets.
    package var exceptionSetIDs: [String]
    /// Its folder relative to the project's folder, when it resolves to one.
    package var resolvedFolder: String?
}

/// A `PBXFileSystemSynchronizedBuildFileExceptionSet`: for one target, the paths (relative to
/// the synchronized folder) that are exceptions. For a target that has the folder among its
/// `fileSystemSynchronizedGroups` they are left out; for any other target they are the only
/// files of the folder it builds.
package struct XcodeSynchronizedExceptionSet: Sendable, Equatable {
    /// The object id.
    package var id: String
    /// The target the exceptions are for.
    package var targetID: String?
    /// The `membershipExceptions`, relative to the folder.
    package var membershipExceptions: [String]
}
