import Foundation
import Testing

@testable import AnnounceProject

@Suite struct DependencyFilesTests {
    @Test func podfilePodsOutsideComments() {
        let podfile = """
            platform :ios, '16.0'
            # pod 'Intercom'
            target 'Shop' do
              use_frameworks!
              pod 'BrazeKit', '~> 9.0'
              pod "Firebase/InAppMessaging"   # messages
              pod 'Alamofire' # pod 'SwiftMessages'
            end
            """
        #expect(DependencyFiles.podfilePods(podfile) == ["BrazeKit", "Firebase/InAppMessaging", "Alamofire"])
    }

    @Test func podfileLockTopLevelEntriesOnly() {
        let lock = """
            PODS:
              - BrazeKit (9.0.0)
              - "Firebase/InAppMessaging (10.1.0)":
                - Firebase/CoreOnly
              - FirebaseCore (10.1.0):
                - GoogleUtilities (~> 7.8)

            DEPENDENCIES:
              - Intercom

            SPEC CHECKSUMS:
              BrazeKit: 0123
            """
        #expect(DependencyFiles.podfileLockPods(lock) == ["BrazeKit", "Firebase/InAppMessaging", "FirebaseCore"])
    }

    @Test func cartfileRepositories() {
        let cartfile = """
            github "SwiftKickMobile/SwiftMessages" ~> 9.0
            # github "Intercom/intercom-ios"
            git "https://example.com/o/tool.git" "main"
            binary "https://example.com/sdk.json" ~> 1.0
            """
        #expect(
            DependencyFiles.cartfileRepositories(cartfile) == [
                "SwiftKickMobile/SwiftMessages", "https://example.com/o/tool.git", "https://example.com/sdk.json",
            ])
    }

    @Test func resolvedPinsOfEachFormat() {
        let v1 =
            #"{"object": {"pins": [{"package": "Braze", "repositoryURL": "https://github.com/braze-inc/braze-swift-sdk"}]}, "version": 1}"#
        let v2 =
            #"{"pins": [{"identity": "swiftmessages", "kind": "remoteSourceControl", "location": "https://github.com/SwiftKickMobile/SwiftMessages.git"}], "version": 2}"#
        #expect(DependencyFiles.resolvedPins(Data(v1.utf8)) == ["https://github.com/braze-inc/braze-swift-sdk"])
        #expect(DependencyFiles.resolvedPins(Data(v2.utf8)) == ["https://github.com/SwiftKickMobile/SwiftMessages.git"])
        #expect(DependencyFiles.resolvedPins(Data("not json".utf8)).isEmpty)
    }

    @Test func sdkEvidenceByProductPodAndRepository() {
        #expect(MessagingSDK.forProduct("FirebaseInAppMessaging-Beta")?.name == "Firebase In-App Messaging")
        #expect(MessagingSDK.forProduct("brazekit")?.name == "Braze")
        #expect(MessagingSDK.forPod("Firebase/InAppMessaging")?.name == "Firebase In-App Messaging")
        #expect(MessagingSDK.forPod("FirebaseCore") == nil)
        #expect(MessagingSDK.forRepository("https://github.com/braze-inc/braze-swift-sdk.git")?.name == "Braze")
        #expect(MessagingSDK.forRepository("git@github.com:SwiftKickMobile/SwiftMessages.git")?.name == "SwiftMessages")
        #expect(MessagingSDK.forRepository("SwiftKickMobile/SwiftMessages")?.name == "SwiftMessages")
        // A repository of many SDKs is no evidence of one of them.
        #expect(MessagingSDK.forRepository("https://github.com/firebase/firebase-ios-sdk") == nil)
        #expect(MessagingSDK.forRepository("swiftmessages") == nil)
    }
}
