import Foundation
import Testing

@testable import AnnouncementKit

@Suite("Image prefetch limits")
struct ImagePrefetchLimitsTests {
    @Test("the initializer's defaults are the documented constants the cache and the docs name")
    func defaults() {
        let limits = ImagePrefetchLimits()
        #expect(limits.maximumImageSize == ImagePrefetchLimits.defaultMaximumImageSize)
        #expect(limits.maximumImageSize == 512 * 1024)
        #expect(limits.maximumTotalSize == ImagePrefetchLimits.defaultMaximumTotalSize)
        #expect(limits.maximumCacheSize == ImagePrefetchLimits.defaultMaximumCacheSize)
        #expect(limits.maximumCachedImages == ImagePrefetchLimits.defaultMaximumCachedImages)
        #expect(limits.imageDeadline == 10 && limits.deadline == 15)
        #expect(limits.maximumConcurrentDownloads == 4 && limits.maximumImages == 64)
        #expect(limits.imageCap == limits.maximumImageSize)
    }

    @Test("an image cap past the largest image the package reads is held to it; a negative one to zero")
    func capsHeld() {
        #expect(ImagePrefetchLimits(maximumImageSize: .max).imageCap == ImagePrefetchLimits.largestImageSize)
        #expect(ImagePrefetchLimits(maximumImageSize: -1).imageCap == 0)
        #expect(ImagePrefetchLimits(maximumTotalSize: -5).totalCap == 0)
        #expect(ImagePrefetchLimits(maximumConcurrentDownloads: 0).concurrency == 1)
    }
}

@Suite("Remote provider configuration")
struct RemoteProviderConfigurationTests {
    @Test("the initializer's defaults are the documented ones: 1 MiB body, 15 minutes between requests")
    func defaults() {
        let configuration = RemoteProviderConfiguration()
        #expect(configuration.maximumBodySize == RemoteProviderConfiguration.defaultMaximumBodySize)
        #expect(configuration.maximumBodySize == 1 << 20)
        #expect(configuration.minimumInterval == RemoteProviderConfiguration.defaultMinimumInterval)
        #expect(configuration.minimumInterval == 900)
        #expect(configuration.requestTimeout == 10 && configuration.deadline == 30)
        #expect(configuration.signaturePolicy == nil, "no signature is asked for unless the app says so")
    }
}
