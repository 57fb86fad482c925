import Foundation
import Testing

@testable import AnnounceProject

@Suite struct BoundedProcessTests {
    let environment = ProcessInfo.processInfo.environment
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())

    @Test func returnsStatusAndOutput() throws {
        let output = try BoundedProcess.run(
            "sh", ["-c", "printf out; printf err >&2; exit 3"], in: folder, environment: environment, timeLimit: 120,
            outputCap: 1024)
        #expect(output.status == 3)
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "out")
        #expect(String(decoding: output.standardError, as: UTF8.self) == "err")
        #expect(!output.truncated && !output.timedOut)
    }

    @Test func keepsAtMostTheCapAndDrainsTheRest() throws {
        // 8 MiB through a 64 KiB cap: the program must not block on a full pipe.
        let output = try BoundedProcess.run(
            "sh", ["-c", "head -c 8388608 /dev/zero; echo done >&2"], in: folder, environment: environment,
            timeLimit: 120, outputCap: 65536)
        #expect(output.standardOutput.count == 65536)
        #expect(output.truncated)
        #expect(output.status == 0)
        #expect(String(decoding: output.standardError, as: UTF8.self) == "done\n")
    }

    @Test func stopsAProgramAtItsTimeLimit() throws {
        let output = try BoundedProcess.run(
            "sh", ["-c", "exec sleep 600"], in: folder, environment: environment, timeLimit: 0.2, outputCap: 1024)
        #expect(output.timedOut)
        #expect(output.status != 0)
    }

    @Test func saysWhenTheProgramIsMissing() {
        #expect(throws: BoundedProcess.LaunchError.self) {
            try BoundedProcess.run(
                "announce-no-such-tool", [], in: folder, environment: ["PATH": "/nonexistent"], timeLimit: 1,
                outputCap: 1)
        }
    }
}
