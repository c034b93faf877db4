import Foundation
import Katana
import KatanaPersistence
import KatanaTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state of `KatanaPersistenceCrashChild`: the values 1, 2, 3, … appended one per updater.
private struct CountingState: State, Codable, Equatable {
  var values: [Int] = []
}

private struct AppendNext: StateUpdater, Codable {
  var value: Int
  func updateState(_ state: inout CountingState) { state.values.append(value) }
}

private func countingRegistry() -> JournalRegistry<CountingState> {
  var registry = JournalRegistry<CountingState>()
  registry.register(AppendNext.self, as: "append")
  return registry
}

@Suite("Kill test")
struct KillTests {
  /// Kills a child that saves in a loop with SIGKILL at random instants, 200 times (the
  /// `KATANA_KILL_ROUNDS` environment variable sets another number: CI's ThreadSanitizer run does
  /// 40, where each instrumented child's start-up made 200 rounds take four and a half minutes
  /// while the rest of the suite took one), and checks
  /// after every kill that nothing it reported as flushed is lost and that nothing is corrupt.
  ///
  /// The random delays are the fault injection (where the kill lands), not a wait for something
  /// to happen: every check holds whatever the child managed to do before it died. Odd rounds
  /// first wait (bounded) for the child's first flush of the round, so that the test always
  /// covers kills after real progress even on a slow machine.
  @Test("SIGKILLs at random instants (200 by default): the file always loads, holds everything flushed, and the journal replays to it")
  func killLoop() async throws {
    let executable = try childExecutable(named: "KatanaPersistenceCrashChild")
    let folder = TemporaryFolder()
    defer { folder.remove() }
    var generator = SystemRandomNumberGenerator()
    var kills = 0
    var highestFlushed = 0
    var tornLines = 0
    var losses = 0
    func reportedLines() -> Int {
      ((try? String(contentsOfFile: folder.file("flushed.log"), encoding: .utf8)) ?? "").split(separator: "\n").count
    }
    let rounds = ProcessInfo.processInfo.environment["KATANA_KILL_ROUNDS"].flatMap { Int($0) } ?? 200
    try #require(rounds >= 2, "KATANA_KILL_ROUNDS must be 2 or more: odd rounds are the ones after progress")
    for round in 0..<rounds {
      let linesBefore = reportedLines()
      let child = try ChildProcess(executable, arguments: [folder.path])
      if round.isMultiple(of: 2) {
        // Any instant from the launch on: during start-up and loading too.
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...40, using: &generator)))
      } else {
        // Once the child has flushed in this round (so every round of two makes progress, however
        // slow the machine), then a little later: mid-write, mid-flush or mid-report.
        let deadline = ContinuousClock.now + patience
        while reportedLines() == linesBefore, ContinuousClock.now < deadline {
          try await Task.sleep(for: .milliseconds(2))  // polling the report file, bounded by the deadline
        }
        #expect(reportedLines() > linesBefore, "the child did not flush within \(patience)")
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...10, using: &generator)))
      }
      child.kill()
      let exit = await child.waitForExit()
      #expect(exit == .signalled(SIGKILL), "the child exited before the kill: \(exit)")
      kills += 1

      let reported = (try? String(contentsOfFile: folder.file("flushed.log"), encoding: .utf8)) ?? ""
      let flushed = reported.split(separator: "\n").compactMap { Int($0) }.max() ?? 0
      highestFlushed = max(highestFlushed, flushed)

      // The state file is never corrupt and holds a gapless prefix.
      let fileState = try StateFile<CountingState>(path: folder.file("state.json")).load()
      #expect(fileState.values == Array(0..<fileState.values.count).map { $0 + 1 })

      // The journal holds every item (synced per item), at most a torn last line, no bad line.
      let contents = try Journal(path: folder.file("journal.jsonl"), registry: countingRegistry()).read()
      #expect(contents.problem == nil)
      if contents.tornLine != nil { tornLines += 1 }
      var replayed = CountingState()
      for entry in contents.entries { entry.apply(to: &replayed) }
      #expect(replayed.values == Array(0..<replayed.values.count).map { $0 + 1 })
      #expect(replayed.values.count >= fileState.values.count)

      // What the child loads next: everything it reported flushed, and the same as the replay.
      let loaded = try Persistence(
        stateFile: StateFile<CountingState>(path: folder.file("state.json")),
        journal: Journal(path: folder.file("journal.jsonl"), registry: countingRegistry())
      ).loadState()
      #expect(loaded.values.count >= highestFlushed, "lost flushed items: loaded \(loaded.values.count), flushed \(highestFlushed)")
      #expect(loaded == replayed)
      if loaded.values.count < highestFlushed { losses += 1 }
      if loaded.values.count < highestFlushed || loaded != replayed || contents.problem != nil { break }
    }
    #expect(kills == rounds)
    #expect(losses == 0)
    #expect(highestFlushed > 0, "the child never flushed: kills came too early to test anything")
    print("Kill test: \(kills) kills, \(kills) state files and journals checked, \(tornLines) torn journal lines dropped, highest flushed \(highestFlushed), losses \(losses)")
  }

  /// The kill tests' own guard: a child that outlives its wait is killed and reaped, and the
  /// test hears so, instead of waiting for ever.
  @Test("a child still running at the wait's deadline is reported, killed and reaped")
  func childPastDeadline() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    // The crash child saves, then sleeps until it is killed.
    let child = try ChildProcess(try childExecutable(named: "KatanaPersistenceCrashChild"), arguments: [folder.path])
    let exit = await child.waitForExit(within: .milliseconds(300))
    #expect(exit == .stillRunningAtDeadline)
    #expect(kill(child.pid, 0) == -1 && errno == ESRCH, "the child is gone: killed and reaped")
  }
}
