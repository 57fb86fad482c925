import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnounceProject

/// Every edited fixture, loaded by an independent parser (PyPI `pbxproj`).
@Suite struct XcodeProjectRealParserTests {
    @Test(
        .enabled(
            if: PythonPBXProj.available || PythonPBXProj.required,
            "python3 cannot import pbxproj; install it with: python3 -m pip install pbxproj"))
    func pbxprojLoadsEveryEditedFileAndSeesThePackageAndBothProducts() async throws {
        guard PythonPBXProj.available else {
            Issue.record("CI=true and python3 cannot import pbxproj (python3 -m pip install pbxproj)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbxproj-edits-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var expectations: [PythonPBXProj.Expectation] = []
        func save(_ editor: XcodeProjectEditor, _ name: String) throws -> String {
            let path = folder.appendingPathComponent("\(name).pbxproj").path
            try Data(editor.bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        let remote = ProjectEdits.packageURL
        let products = ProjectEdits.products

        var synchronized = try XcodeProjectEditor(text: try ProjectFixtures.pbxproj("synchronized-77"))
        try ProjectEdits.integrateRemote(&synchronized, target: "Lumen")
        expectations.append(
            .init(path: try save(synchronized, "synchronized-77"), target: "Lumen", products: products, package: remote)
        )

        var classic = try XcodeProjectEditor(text: try ProjectFixtures.pbxproj("classic-56"))
        try ProjectEdits.integrateRemote(&classic, target: "Tally")
        try ProjectEdits.integrateRemote(&classic, target: "TallyTests")
        try classic.addFile("Tally/AnnouncementSetup.swift", to: "Tally", role: .source)
        try classic.addFile("Tally/announcements.json", to: "Tally", role: .resource)
        let classicPath = try save(classic, "classic-56")
        expectations.append(
            .init(
                path: classicPath, target: "Tally", products: products, package: remote,
                files: ["AnnouncementSetup.swift", "announcements.json"]))
        expectations.append(.init(path: classicPath, target: "TallyTests", products: products, package: remote))

        var local = try XcodeProjectEditor(text: try ProjectFixtures.pbxproj("local-package"))
        try ProjectEdits.integrateLocal(&local, path: "../AnnouncementKit", target: "Harbor")
        expectations.append(
            .init(
                path: try save(local, "local-package"), target: "Harbor", products: products,
                package: "../AnnouncementKit"))

        var multi = try XcodeProjectEditor(text: try ProjectFixtures.pbxproj("multi-target"))
        try ProjectEdits.integrateRemote(&multi, target: "Pebble")
        try ProjectEdits.integrateRemote(&multi, target: "PebbleMac")
        let multiPath = try save(multi, "multi-target")
        for target in ["Pebble", "PebbleMac"] {
            expectations.append(.init(path: multiPath, target: target, products: products, package: remote))
        }

        var sdk = try XcodeProjectEditor(text: try ProjectFixtures.pbxproj("sdk-products"))
        try ProjectEdits.integrateLocal(&sdk, path: "Vendor/AnnouncementKit", target: "Courier")
        let sdkPath = try save(sdk, "sdk-products")
        expectations.append(
            .init(path: sdkPath, target: "Courier", products: products, package: "Vendor/AnnouncementKit"))
        expectations.append(
            .init(
                path: sdkPath, target: "Courier", products: ["BrazeKit", "BrazeUI"],
                package: "https://github.com/braze-inc/braze-swift-sdk"))
        expectations.append(
            .init(
                path: sdkPath, target: "Courier", products: ["FirebaseInAppMessaging-Beta"],
                package: "https://github.com/firebase/firebase-ios-sdk.git"))

        let result = try await PythonPBXProj.check(expectations)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.components(separatedBy: ": ok,").count - 1 == expectations.count, "\(result.output)")
    }
}
