// The child process of the flight recorder's kill test
// (Tests/KatanaDevToolsTests/FlightRecorder/FlightRecorderKillTests.swift): appends 1, 2, 3, …
// to a list forever with DevTools' flight recorder on (a small window, so the file is cut
// often), dispatching a side effect every few items; every third item it waits for the
// recorder to write and then reports the count in ACK_FILE. The test kills it with SIGKILL;
// with `crash-after N` it crashes itself with `fatalError` after item N.
//
// usage: KatanaDevToolsFlightChild FOLDER ACK_FILE [crash-after N]
import Foundation
import Katana
import KatanaDevTools
import KatanaPersistence

let arguments = CommandLine.arguments
guard arguments.count == 3 || (arguments.count == 5 && arguments[3] == "crash-after") else {
  FileHandle.standardError.write(Data("usage: KatanaDevToolsFlightChild FOLDER ACK_FILE [crash-after N]\n".utf8))
  exit(2)
}
let folder = arguments[1]
let crashAfter = arguments.count == 5 ? Int(arguments[4]) : nil
var registry = JournalRegistry<CountingState>()
registry.register(AppendNext.self, as: "append")
let devTools = DevTools<CountingState>(
  configuration: .init(flightRecorder: DevToolsFlightRecorder(path: folder + "/flight.jsonl", capacity: 16)),
  registry: registry)
// The store's work runs in a detached task while the main thread blocks, so no continuation is
// resumed onto the main executor. ThreadSanitizer (Swift 6.3, Linux) reported, once in CI, a race
// between `CheckedContinuation.resume` on a pool thread (the store letting `waitUntilReady()`
// go) and the resumed main task reusing its own frame: it saw no ordering for that hop to the
// main executor, which the language guarantees. The child tests the flight recorder, not that
// hop.
func run() async throws -> Never {
  let store = Store<CountingState, EmptySideEffectDependencyContainer>(devTools: devTools)
  await store.waitUntilReady()
  let report = open(folder + "/" + arguments[2], O_WRONLY | O_CREAT | O_APPEND, 0o644)
  var next = 1
  while true {
    try await store.dispatch(AppendNext(value: next)).value
    if next % 5 == 0 { try await store.dispatch(Checkpoint()).value }
    if next % 3 == 0 {
      await devTools.flushFlightRecorder()
      if let error = devTools.flightRecorderError {
        FileHandle.standardError.write(Data("child: \(error)\n".utf8))
        exit(3)
      }
      let line = "\(next)\n"
      _ = line.withCString { write(report, $0, strlen($0)) }
    }
    if next == crashAfter { fatalError("the flight recorder's kill test crashes here, after item \(next)") }
    next += 1
  }
}

Task.detached {
  do {
    try await run()
  } catch {
    FileHandle.standardError.write(Data("child: \(error)\n".utf8))
    exit(4)
  }
}
// Blocks the main thread (not the main executor) until the test kills the child or it exits.
while true { sleep(60) }
