// A fixture for the browser tests of the DevTools page: the real server over a scripted source
// (a counter whose items the test adds through stdin), so the page is driven in Chromium without
// a recorder. Prints one line, `DevTools on http://127.0.0.1:PORT/?token=…`, then reads commands:
// `record N` records N more items; end of input quits.
import Foundation
import KatanaDevTools
import KatanaSupport

/// A counter's recorded items: every item is an `Increment` updater, except item 3, a side effect
/// that failed after dispatching item 4 (so it is recorded after it, as the recorder does), and
/// item 6, a `Refresh` updater that changed nothing. The ring keeps 8 items. Pinning `counter`
/// finds the items that changed the counter; any other path, none.
final class ScriptedSource: DevToolsSource {
  private struct Storage {
    var items: [DevToolsItemSummary] = []
    /// The counter before and after each item, by id.
    var counters: [Int: (before: Int, after: Int)] = [:]
    var counter = 0
    var status = DevToolsStatus(capacity: 8, dropped: 0, latestSequence: 0, paused: false, travelingTo: nil)
    var streams: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextStreamID = 0
  }

  private let storage = LockedValue(Storage())

  func record(_ count: Int) {
    let streams = storage.withLock { storage -> [AsyncStream<Void>.Continuation] in
      guard !storage.status.paused else { return [] }
      for _ in 0..<count {
        let sequence = storage.status.latestSequence + 1
        // Item 4 (dispatched by side effect 3) is recorded before 3, which ends after it.
        let id = sequence == 3 ? 4 : sequence == 4 ? 3 : sequence
        let failed = id == 3
        let noChange = id == 6
        let before = storage.counter
        if !failed && !noChange { storage.counter += 1 }
        storage.counters[id] = (before, storage.counter)
        storage.items.append(
          DevToolsItemSummary(
            id: id, sequence: sequence, type: failed ? "CounterActions.Load" : noChange ? "CounterActions.Refresh" : "CounterActions.Increment",
            kind: failed ? "sideEffect" : "updater", parent: id == 4 ? 3 : nil, waitMicroseconds: 3.5,
            durationMicroseconds: Double(40 + id), error: failed ? "network down" : nil, changedState: !failed && !noChange,
            time: Date().timeIntervalSince1970,
            callSite: DevToolsCallSite(file: "Counter/CounterScreen.swift", line: 100 + id, function: "body")))
        storage.status.latestSequence = sequence
        if storage.items.count > storage.status.capacity {
          storage.items.removeFirst()
          storage.status.dropped += 1
        }
      }
      return Array(storage.streams.values)
    }
    for stream in streams { stream.yield() }
  }

  private func signal() {
    for stream in storage.withLock({ Array($0.streams.values) }) { stream.yield() }
  }

  private func item(_ id: Int) throws(DevToolsCommandError) -> DevToolsItemSummary {
    guard let item = storage.withLock({ $0.items.first { $0.id == id } }) else { throw .unknownItem(id) }
    return item
  }

  private func counters(of id: Int) -> (before: Int, after: Int) { storage.withLock { $0.counters[id] ?? (0, 0) } }

  func items(after sequence: Int, limit: Int) -> (items: [DevToolsItemSummary], status: DevToolsStatus) {
    storage.withLock { (Array($0.items.filter { $0.sequence > sequence }.suffix(max(0, limit))), $0.status) }
  }

  func diff(of id: Int) throws(DevToolsCommandError) -> [DevToolsChange] {
    guard try item(id).kind == "updater" else { throw .notAnUpdater(id) }
    let counters = counters(of: id)
    return [DevToolsChange(path: "counter", old: String(counters.before), new: String(counters.after))]
  }

  func stateJSON(at id: Int) throws(DevToolsCommandError) -> Data {
    _ = try item(id)
    return Data(#"{"counter":\#(counters(of: id).after),"settings":{"step":1,"names":["a","b"]}}"#.utf8)
  }

  func jump(to id: Int) throws(DevToolsCommandError) {
    _ = try item(id)
    storage.withLock { $0.status.travelingTo = id }
    signal()
  }

  func resumeLive() throws(DevToolsCommandError) {
    storage.withLock { $0.status.travelingTo = nil }
    signal()
  }

  func setPaused(_ paused: Bool) {
    storage.withLock { $0.status.paused = paused }
    signal()
  }

  func itemsChanging(path: String) throws(DevToolsCommandError) -> [Int] {
    guard !path.isEmpty, !path.contains("..") else { throw .invalidPath(path) }
    guard path == "counter" else { return [] }
    return storage.withLock { $0.items.filter { $0.changedState }.map(\.id) }
  }

  static let session = #"{"katanaSession":1,"initialState":{"counter":0},"journal":["Increment","Increment"]}"#

  func exportSession() throws(DevToolsCommandError) -> Data { Data(Self.session.utf8) }

  func exportTest() throws(DevToolsCommandError) -> String { "// Exported by Katana DevTools (fixture)\n" }

  func importSession(_ data: Data) throws(DevToolsCommandError) -> Int {
    guard data == Data(Self.session.utf8) else { throw .invalidSession("this file is not a session") }
    storage.withLock { storage in
      storage.items = []
      storage.status.travelingTo = nil
    }
    record(2)
    return 2
  }

  func changes() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = storage.withLock { storage in
      defer { storage.nextStreamID += 1 }
      storage.streams[storage.nextStreamID] = continuation
      return storage.nextStreamID
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.storage.withLock { $0.streams.removeValue(forKey: id) }
    }
    return stream
  }
}

let source = ScriptedSource()
source.record(4)
let server = DevToolsServer(source: source)
do {
  // Written unbuffered: the test reads the line while the process runs.
  FileHandle.standardOutput.write(Data("DevTools on \(try await server.start())\n".utf8))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
while let line = readLine() {
  let words = line.split(separator: " ")
  if words.count == 2, words[0] == "record", let count = Int(words[1]) {
    source.record(count)
    FileHandle.standardOutput.write(Data("recorded \(count)\n".utf8))
  }
}
await server.stop()
