import Foundation
import KatanaTestSupport

@testable import KatanaDevTools

/// A recorder stand-in: items and status the test sets, change signals the test sends, and a log
/// of the commands that reached it.
final class FakeDevToolsSource: DevToolsSource {
  private struct Storage {
    var items: [DevToolsItemSummary] = []
    var status = DevToolsStatus(capacity: 100, dropped: 0, latestSequence: 0, paused: false, travelingTo: nil)
    var nextID = 1
    var nextStreamID = 0
    var streams: [Int: AsyncStream<Void>.Continuation] = [:]
  }

  private let storage = Locked(Storage())
  /// The commands that reached the source, as `"jump 2"`, `"diff 3"`, `"pause"`…
  let calls = Recorder<String>()
  /// How many change streams are alive (pages connected).
  let liveStreams = Watched(0)
  /// What `exportSession()` returns and what `importSession(_:)` accepts.
  static let sessionFile = #"{"initialState":{"counter":0},"journal":["Increment","Increment"]}"#

  init(items count: Int = 0, capacity: Int = 100) {
    storage.withLock { $0.status.capacity = capacity }
    record(count, signal: false)
  }

  /// Records `count` new items with the next ids (updaters, every third one a side effect, and
  /// items after the first side effect its children), and signals a change unless `signal` is
  /// false.
  func record(_ count: Int, signal: Bool = true) {
    let first = storage.withLock { $0.nextID }
    record(ids: Array(first..<first + count), signal: signal)
  }

  /// Records items with these ids, in this order (a side effect is recorded after the items it
  /// dispatched, which have larger ids).
  func record(ids: [Int], signal: Bool = true) {
    storage.withLock { storage in
      for id in ids {
        let sequence = storage.status.latestSequence + 1
        let isSideEffect = id % 3 == 0
        storage.items.append(
          DevToolsItemSummary(
            id: id, sequence: sequence, type: isSideEffect ? "Fetch" : "Increment",
            kind: isSideEffect ? "sideEffect" : "updater", parent: isSideEffect ? nil : (id > 3 ? 3 : nil),
            waitMicroseconds: 1.5, durationMicroseconds: 12, error: nil, changedState: true, time: 1_700_000_000))
        storage.status.latestSequence = sequence
        storage.nextID = max(storage.nextID, id + 1)
        if storage.items.count > storage.status.capacity {
          storage.items.removeFirst()
          storage.status.dropped += 1
        }
      }
    }
    if signal { self.signal() }
  }

  /// Wakes every change stream.
  func signal() {
    for stream in storage.withLock({ Array($0.streams.values) }) { stream.yield() }
  }

  var status: DevToolsStatus { storage.withLock { $0.status } }

  // MARK: DevToolsSource

  func items(after sequence: Int, limit: Int) -> (items: [DevToolsItemSummary], status: DevToolsStatus) {
    storage.withLock { storage in
      (Array(storage.items.filter { $0.sequence > sequence }.suffix(max(0, limit))), storage.status)
    }
  }

  func diff(of id: Int) throws(DevToolsCommandError) -> [DevToolsChange] {
    calls.append("diff \(id)")
    let item = try known(id)
    guard item.kind == "updater" else { throw .notAnUpdater(id) }
    return [DevToolsChange(path: "counter", old: String(id - 1), new: String(id))]
  }

  func stateJSON(at id: Int) throws(DevToolsCommandError) -> Data {
    calls.append("state \(id)")
    _ = try known(id)
    return Data(#"{"counter":\#(id),"names":["a","b"]}"#.utf8)
  }

  func jump(to id: Int) throws(DevToolsCommandError) {
    calls.append("jump \(id)")
    _ = try known(id)
    storage.withLock { $0.status.travelingTo = id }
    signal()
  }

  func resumeLive() throws(DevToolsCommandError) {
    calls.append("live")
    storage.withLock { $0.status.travelingTo = nil }
    signal()
  }

  func setPaused(_ paused: Bool) {
    calls.append(paused ? "pause" : "resume")
    storage.withLock { $0.status.paused = paused }
    signal()
  }

  func exportSession() throws(DevToolsCommandError) -> Data {
    calls.append("export")
    return Data(Self.sessionFile.utf8)
  }

  /// What `exportTest()` returns.
  static let testFile = "// Exported by Katana DevTools\nimport Testing\n"

  func exportTest() throws(DevToolsCommandError) -> String {
    calls.append("exportTest")
    return Self.testFile
  }

  func itemsChanging(path: String) throws(DevToolsCommandError) -> [Int] {
    calls.append("pin \(path)")
    guard JSONPath(path) != nil else { throw .invalidPath(path) }
    return storage.withLock { $0.items.filter { $0.changedState }.map(\.id) }
  }

  func importSession(_ data: Data) throws(DevToolsCommandError) -> Int {
    calls.append("import")
    guard data == Data(Self.sessionFile.utf8) else { throw .invalidSession("not a Katana session") }
    storage.withLock { $0.items = [] }
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
    liveStreams.update { $0 += 1 }
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      storage.withLock { _ = $0.streams.removeValue(forKey: id) }
      liveStreams.update { $0 -= 1 }
    }
    return stream
  }

  private func known(_ id: Int) throws(DevToolsCommandError) -> DevToolsItemSummary {
    guard let item = storage.withLock({ $0.items.first { $0.id == id } }) else { throw .unknownItem(id) }
    return item
  }
}
