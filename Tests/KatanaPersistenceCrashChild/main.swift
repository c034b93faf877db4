// The child process of the kill test (Tests/KatanaPersistenceTests/KillTests.swift): appends
// 1, 2, 3, … to a persisted list forever, flushing every few items and then recording the
// flushed count in `flushed.log`, until the test kills it with SIGKILL.
//
// usage: KatanaPersistenceCrashChild FOLDER
import Foundation
import Katana
import KatanaPersistence

struct CountingState: State, Codable, Equatable {
  var values: [Int] = []
}

struct AppendNext: StateUpdater, Codable {
  var value: Int
  func updateState(_ state: inout CountingState) { state.values.append(value) }
}

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: KatanaPersistenceCrashChild FOLDER\n".utf8))
  exit(2)
}
let folder = CommandLine.arguments[1]
var registry = JournalRegistry<CountingState>()
registry.register(AppendNext.self, as: "append")
let persistence = Persistence(
  stateFile: StateFile<CountingState>(path: folder + "/state.json"),
  journal: Journal(path: folder + "/journal.jsonl", registry: registry, syncPolicy: .everyItem))
// The store's work runs in a detached task while the main thread blocks, as in the flight
// recorder's child (see there): no continuation is resumed onto the main executor, a hop
// ThreadSanitizer on Linux once reported without the ordering the language guarantees.
func run() async throws -> Never {
  let store = Store<CountingState, EmptySideEffectDependencyContainer>(
    interceptors: [persistence.interceptor], stateInitializer: { try persistence.loadState() })
  await store.waitUntilReady()
  if let error = store.initializationError {
    FileHandle.standardError.write(Data("child: \(error)\n".utf8))
    exit(3)
  }
  let report = open(folder + "/flushed.log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
  var next = store.state.values.count + 1
  while true {
    try await store.dispatch(AppendNext(value: next)).value
    if next % 5 == 0 {
      try await persistence.flush()
      let line = "\(next)\n"
      _ = line.withCString { write(report, $0, strlen($0)) }
    }
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
// Blocks the main thread (not the main executor) until the test kills the child.
while true { sleep(60) }
