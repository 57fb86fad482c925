#if canImport(os)
    import os

    extension AnnouncementLogHandler {
        /// A handler that writes each record to `os.Logger(subsystem: subsystem, category:)`, with the
        /// record's ``AnnouncementLogRecord/Category`` as the category and its metadata after the
        /// message as `key=value` pairs.
        ///
        /// The levels map as `os.Logger`'s own methods do: debug, info, notice (the default level),
        /// warning and error (both the error level). Records of the ``AnnouncementLogRecord/Category/state``
        /// category are logged as private: they name files in the user's home folder. The others hold
        /// only the package's words, counts, statuses and text the feed's authors wrote (ids, the
        /// decoder's findings, the server's answer), never the user's data, and are logged as public, so
        /// that they can be read in Console without a debugger attached.
        public static func osLog(subsystem: String = "AnnouncementKit") -> AnnouncementLogHandler {
            let loggers = Dictionary(
                uniqueKeysWithValues: AnnouncementLogRecord.Category.allCases.map {
                    ($0, Logger(subsystem: subsystem, category: $0.rawValue))
                })
            return AnnouncementLogHandler { record in
                guard let logger = loggers[record.category] else { return }
                let text = record.line
                let type = record.level.osLogType
                if record.category == .state {
                    logger.log(level: type, "\(text, privacy: .private)")
                } else {
                    logger.log(level: type, "\(text, privacy: .public)")
                }
            }
        }
    }

    extension AnnouncementLogRecord.Level {
        /// The `OSLogType` that `os.Logger`'s method of the same name logs at.
        var osLogType: OSLogType {
            switch self {
            case .debug: .debug
            case .info: .info
            case .notice: .default
            case .warning, .error: .error
            }
        }
    }
#endif
