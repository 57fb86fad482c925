/// The most one feed's image cache holds, on disk and in memory together: bytes (the sizes of the cache
/// files, and of the images kept in memory) and images. A feed that lists more images than fit (or whose
/// list changes at every fetch) keeps the images stored most recently; those stored longest ago are
/// removed first.
struct ImageCacheBound: Sendable, Hashable {
    /// The most bytes.
    var maximumBytes = ImagePrefetchLimits.defaultMaximumCacheSize
    /// The most images.
    var maximumFiles = ImagePrefetchLimits.defaultMaximumCachedImages

    /// Whether `files` images of `bytes` in all are past the bound.
    func isExceeded(files: Int, bytes: Int) -> Bool {
        files > max(0, maximumFiles) || bytes > max(0, maximumBytes)
    }
}
