import Foundation
import Testing

@testable import AnnounceProject

@Suite struct PropertyListFactsTests {
    let info = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleURLTypes</key>
            <array>
                <dict><key>CFBundleURLSchemes</key><array><string>shop</string><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string></array></dict>
                <dict><key>CFBundleURLSchemes</key><array><string>shop</string></array></dict>
            </array>
        </dict>
        </plist>
        """

    @Test func urlSchemesInOrderWithoutRepeats() throws {
        let plist = try PropertyListFacts.dictionary(Data(info.utf8), name: "Info.plist")
        #expect(PropertyListFacts.urlSchemes(infoPlist: plist) == ["shop", "$(PRODUCT_BUNDLE_IDENTIFIER)"])
    }

    @Test func universalLinkDomains() throws {
        let entitlements = """
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
            <array><string>applinks:shop.example.com</string><string>webcredentials:shop.example.com</string></array>
            </dict></plist>
            """
        let plist = try PropertyListFacts.dictionary(Data(entitlements.utf8), name: "Shop.entitlements")
        #expect(PropertyListFacts.universalLinkDomains(entitlements: plist) == ["shop.example.com"])
    }

    @Test func refusesWhatIsNotAPropertyListDictionary() {
        #expect(throws: PropertyListFacts.ReadError(description: "Info.plist is not a property list")) {
            try PropertyListFacts.dictionary(Data("<plist><dict><key>".utf8), name: "Info.plist")
        }
        #expect(throws: PropertyListFacts.ReadError(description: "Info.plist does not hold a dictionary at its top")) {
            try PropertyListFacts.dictionary(Data("<plist><array/></plist>".utf8), name: "Info.plist")
        }
        #expect(throws: PropertyListFacts.ReadError.self) {
            try PropertyListFacts.dictionary(Data(count: PropertyListFacts.maximumBytes + 1), name: "Info.plist")
        }
    }

    @Test func expandsBuildSettings() {
        let settings = ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.shop", "SCHEME": "shop"]
        #expect(PropertyListFacts.expand("$(PRODUCT_BUNDLE_IDENTIFIER)", settings: settings) == "com.example.shop")
        #expect(PropertyListFacts.expand("${SCHEME}-dev", settings: settings) == "shop-dev")
        #expect(
            PropertyListFacts.expand("$(PRODUCT_BUNDLE_IDENTIFIER:rfc1034identifier)", settings: settings)
                == "com.example.shop")
        #expect(PropertyListFacts.expand("$(MISSING)", settings: settings) == nil)
        #expect(PropertyListFacts.expand("$(SCHEME", settings: settings) == nil)
        #expect(PropertyListFacts.expand("plain", settings: settings) == "plain")
    }
}
