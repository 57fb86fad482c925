import Foundation
import Testing

@testable import AnnouncementKit

@Suite("A format's traits, the one place that says how it is presented")
struct AnnouncementFormatTraitsTests {
    @Test("each format's traits")
    func table() {
        let banner = Announcement.Format.banner.traits
        #expect(banner.placement == .atPosition && !banner.takesScreen && !banner.imageAboveText)
        #expect(!banner.stacksButtons && !banner.scrollsText && banner.maximumContentWidth == nil)
        #expect(banner.imageAspectRatio == 1)
        let modal = Announcement.Format.modal.traits
        #expect(modal.placement == .centred && modal.takesScreen && modal.imageAboveText && modal.stacksButtons)
        #expect(!modal.scrollsText && modal.maximumContentWidth == 400 && modal.imageAspectRatio == 16.0 / 9.0)
        let sheet = Announcement.Format.sheet.traits
        #expect(sheet.placement == .sheet && sheet.takesScreen && sheet.imageAboveText && sheet.stacksButtons)
        #expect(sheet.scrollsText && sheet.maximumContentWidth == 600 && sheet.imageAspectRatio == 16.0 / 9.0)
    }

    @Test(
        "the layout at ordinary sizes and the image's fallback shape are the traits, for every format",
        arguments: Announcement.Format.allCases)
    func layoutReadsTraits(format: Announcement.Format) throws {
        let traits = format.traits
        let image = Announcement.Image(
            url: URL(string: "https://c.example/a.png")!, alt: LocalizedText(["en": "A chart"], defaultLocale: "en"))
        for position in AnnouncementBannerPosition.allCases {
            let appearance = BannerAppearance(
                announcement: Announcement(id: "n", title: "t", message: "m", format: format, image: image),
                locale: "en", defaultLocale: "en", position: position)
            let layout = appearance.layout(isAccessibilitySize: false)
            #expect(layout.imagePlacement == (traits.imageAboveText ? BannerLayout.ImagePlacement.top : .leading))
            #expect(layout.stacksButtons == traits.stacksButtons && layout.scrollsText == traits.scrollsText)
            #expect(layout.maximumContentWidth == traits.maximumContentWidth)
            #expect(layout.dimsBackground == (traits.takesScreen || position == .floating))
            #expect(try #require(appearance.image).aspectRatio == traits.imageAspectRatio)
        }
    }

    @Test("a format that takes the screen and cannot be answered is warned of; a banner is not")
    func blockingWarning() throws {
        func warnings(_ format: String) throws -> [String] {
            let json = """
                {"announcements":[{"id":"x","title":"t","message":"m","format":"\(format)","isDismissible":false}]}
                """
            return try FeedDecoder().decode(Data(json.utf8)).warnings.map(\.message)
        }
        #expect(try warnings("modal").contains { $0.contains("block") })
        #expect(try warnings("sheet").contains { $0.contains("block") })
        #expect(try !warnings("banner").contains { $0.contains("block") })
    }
}
