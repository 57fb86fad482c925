// A declaration stub of the part of Apple's `os` module (unified logging) that
// AnnouncementLogHandler+OSLog.swift uses, with Apple's documented signatures, so that
// scripts/typecheck-swiftui can type-check that file on Linux, where `os` does not exist. Never shipped,
// never linked: bodies trap.

// https://developer.apple.com/documentation/os/logger
public struct Logger: @unchecked Sendable {
    // https://developer.apple.com/documentation/os/logger/init(subsystem:category:)
    public init(subsystem: String, category: String) { fatalError() }

    // https://developer.apple.com/documentation/os/logger/log(level:_:)
    public func log(level: OSLogType, _ message: OSLogMessage) { fatalError() }
}

// https://developer.apple.com/documentation/os/oslogtype
public struct OSLogType: Equatable, Sendable {
    // https://developer.apple.com/documentation/os/oslogtype/debug
    public static let debug = OSLogType()
    // https://developer.apple.com/documentation/os/oslogtype/info
    public static let info = OSLogType()
    // https://developer.apple.com/documentation/os/oslogtype/default
    public static let `default` = OSLogType()
    // https://developer.apple.com/documentation/os/oslogtype/error
    public static let error = OSLogType()
    // https://developer.apple.com/documentation/os/oslogtype/fault
    public static let fault = OSLogType()
}

// https://developer.apple.com/documentation/os/oslogmessage
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { fatalError() }
    public init(stringInterpolation: OSLogInterpolation) { fatalError() }
}

// https://developer.apple.com/documentation/os/osloginterpolation
public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }
    public mutating func appendLiteral(_ literal: String) { fatalError() }
    // https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-1xqbq
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) { fatalError() }
}

// https://developer.apple.com/documentation/os/oslogstringalignment
public struct OSLogStringAlignment: Sendable {
    // https://developer.apple.com/documentation/os/oslogstringalignment/none
    public static let none = OSLogStringAlignment()
}

// https://developer.apple.com/documentation/os/oslogprivacy
public struct OSLogPrivacy: Equatable, Sendable {
    // https://developer.apple.com/documentation/os/oslogprivacy/auto
    public static let auto = OSLogPrivacy()
    // https://developer.apple.com/documentation/os/oslogprivacy/public
    public static let `public` = OSLogPrivacy()
    // https://developer.apple.com/documentation/os/oslogprivacy/private
    public static let `private` = OSLogPrivacy()
}
