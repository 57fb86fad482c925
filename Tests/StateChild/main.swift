// A child process for the state-store tests: it records dismissals and impressions through
// FileAnnouncementStateStore, printing a line after each change is durable, so a parent can
// run it concurrently, kill it at any moment and check what survived.
//
//   state-child dismiss DIR ID...          dismiss each id, print "ack ID" after each
//   state-child dismiss-loop DIR PREFIX    dismiss PREFIX-0, PREFIX-1, ... until killed
//   state-child impression DIR ID          record one impression of ID
//   state-child show DIR                   print the stored state
import AnnouncementKit
import Foundation

func acknowledge(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("state-child: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: state-child dismiss|dismiss-loop|impression|show DIR ...") }
let store = FileAnnouncementStateStore(directory: URL(fileURLWithPath: arguments[1]))

func dismiss(_ id: String) {
    do {
        try store.update { $0.recordDismissal(of: Announcement(id: id, title: "t", message: "m"), at: Date()) }
    } catch {
        fail("\(error)")
    }
    acknowledge("ack \(id)")
}

switch arguments[0] {
case "dismiss":
    for id in arguments.dropFirst(2) { dismiss(id) }
case "dismiss-loop":
    guard arguments.count == 3 else { fail("usage: state-child dismiss-loop DIR PREFIX") }
    var index = 0
    while true {
        dismiss("\(arguments[2])-\(index)")
        index += 1
    }
case "impression":
    guard arguments.count == 3 else { fail("usage: state-child impression DIR ID") }
    do {
        try store.update { $0.recordImpression(of: arguments[2], at: Date()) }
    } catch {
        fail("\(error)")
    }
    acknowledge("ack \(arguments[2])")
case "show":
    let load = store.load()
    if let notice = load.notice { fail(notice) }
    FileHandle.standardOutput.write(AnnouncementStateFile.encode(load.state))
default:
    fail("unknown command \(arguments[0])")
}
