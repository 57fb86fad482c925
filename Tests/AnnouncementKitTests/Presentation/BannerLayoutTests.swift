import AnnouncementKit
import Foundation
import Testing

@Suite("Banner layout and image appearance")
struct BannerLayoutTests {
    private func appearance(
        _ format: Announcement.Format, image: Bool = true, aspectRatio: Double? = nil,
        position: AnnouncementBannerPosition = .top, locale: String? = "en"
    ) -> BannerAppearance {
        let picture = Announcement.Image(
            url: URL(string: "https://c.example/a.png")!,
            alt: LocalizedText(["en": " A chart \n", "de": "Ein Diagramm"], defaultLocale: "en"),
            aspectRatio: aspectRatio)
        let announcement = Announcement(
            id: "n", title: "t", message: "m", format: format, image: image ? picture : nil)
        return BannerAppearance(announcement: announcement, locale: locale, defaultLocale: "en", position: position)
    }

    @Test("the appearance carries the format and the image with its alt text in the reader's language, trimmed")
    func image() throws {
        let german = try #require(appearance(.sheet, locale: "de-CH").image)
        #expect(german.altText == "Ein Diagramm")
        #expect(german.url.absoluteString == "https://c.example/a.png")
        #expect(try #require(appearance(.sheet, locale: "ja").image).altText == "A chart")
        #expect(appearance(.modal).format == .modal)
        #expect(appearance(.banner, image: false).image == nil)
    }

    @Test("the feed's aspect ratio wins; else 16:9 at the top of a sheet or modal and square beside a banner")
    func aspectRatios() {
        #expect(appearance(.sheet, aspectRatio: 2).image?.aspectRatio == 2)
        #expect(appearance(.sheet).image?.aspectRatio == 16.0 / 9.0)
        #expect(appearance(.modal).image?.aspectRatio == 16.0 / 9.0)
        #expect(appearance(.banner).image?.aspectRatio == 1)
    }

    @Test("at ordinary sizes a banner's image sits beside its text and its buttons side by side")
    func bannerLayout() {
        let layout = appearance(.banner).layout(isAccessibilitySize: false)
        #expect(layout.imagePlacement == .leading)
        #expect(!layout.stacksButtons && !layout.scrollsText && !layout.dimsBackground)
        #expect(layout.maximumContentWidth == nil)
        #expect(appearance(.banner, image: false).layout(isAccessibilitySize: false).imagePlacement == nil)
    }

    @Test(
        "at accessibility sizes nothing sits side by side and every format's text scrolls",
        arguments: Announcement.Format.allCases)
    func accessibilitySizes(format: Announcement.Format) {
        let layout = appearance(format).layout(isAccessibilitySize: true)
        #expect(layout.imagePlacement == .top)
        #expect(layout.stacksButtons && layout.scrollsText)
    }

    @Test("modals and sheets dim what is behind them, keep the image on top and a readable width")
    func modalAndSheet() {
        let modal = appearance(.modal).layout(isAccessibilitySize: false)
        #expect(modal.imagePlacement == .top && modal.dimsBackground && modal.stacksButtons && !modal.scrollsText)
        #expect(modal.maximumContentWidth == 400)
        let sheet = appearance(.sheet).layout(isAccessibilitySize: false)
        #expect(sheet.imagePlacement == .top && sheet.dimsBackground && sheet.scrollsText)
        #expect(sheet.maximumContentWidth == 600)
    }

    @Test("a floating banner that can be closed dims the background, as the template's floating card did")
    func floating() {
        #expect(appearance(.banner, position: .floating).layout(isAccessibilitySize: false).dimsBackground)
        #expect(!appearance(.banner, position: .bottom).layout(isAccessibilitySize: false).dimsBackground)
    }

    @Test("a floating banner that cannot be closed neither dims nor blocks the app: nothing would answer it")
    func floatingWithoutClose() {
        let announcement = Announcement(id: "n", title: "t", message: "m", isDismissible: false)
        let fixed = BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en", position: .floating)
        #expect(!fixed.showsDismissButton)
        #expect(!fixed.layout(isAccessibilitySize: false).dimsBackground)
        let modal = Announcement(id: "m", title: "t", message: "m", isDismissible: false, format: .modal)
        #expect(
            BannerAppearance(announcement: modal, locale: "en", defaultLocale: "en", position: .floating)
                .layout(isAccessibilitySize: false).dimsBackground, "a modal takes the screen either way")
    }
}
