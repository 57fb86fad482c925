/// The budgets for reading one Swift file: its size, and how deep interpolations and brackets
/// may nest. Reading is linear in the file's size within these.
package struct SwiftSourceLimits: Hashable, Sendable {
    /// The largest file read, in bytes; a larger one is skipped with a reason (4 MiB).
    package var maxFileBytes: Int
    /// How deep string interpolations (`"\( "\( … )" )"`) and brackets (`( [ {`) may nest (256).
    package var maxNestingDepth: Int

    /// The budgets `announce init` uses.
    package static let standard = SwiftSourceLimits(maxFileBytes: 4 * 1024 * 1024, maxNestingDepth: 256)

    /// Budgets of the given size.
    package init(maxFileBytes: Int, maxNestingDepth: Int) {
        self.maxFileBytes = maxFileBytes
        self.maxNestingDepth = maxNestingDepth
    }
}
