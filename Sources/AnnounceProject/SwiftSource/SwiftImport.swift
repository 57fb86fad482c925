/// An `import` declaration: `import SwiftUI`, `@testable import App`, `import struct Foo.Bar`.
package struct SwiftImport: Hashable, Sendable {
    /// The module: the first component of the path (`Foo` for `import struct Foo.Bar`).
    package var module: String
    /// The whole path as written: `Foo.Bar`.
    package var path: String
    /// The 1-based line of `import`.
    package var line: Int
    /// The bytes from `import` to the end of the path.
    package var range: Range<Int>
    /// The `#if` branches it is in, outermost first (see ``SwiftScene/conditions``).
    package var conditions: [String]

    /// An import of `path`.
    package init(module: String, path: String, line: Int, range: Range<Int>, conditions: [String]) {
        self.module = module
        self.path = path
        self.line = line
        self.range = range
        self.conditions = conditions
    }
}
