import Foundation
import Katana
import KatanaPersistence
import Testing

@testable import KatanaDevTools

/// The flight recorder: what it writes, within which bounds, and how a recording opens again.
@Suite struct FlightRecorderTests {
  /// A fresh file path in its own temporary folder.
  private struct Scratch {
    let folder = NSTemporaryDirectory() + "katana-flight-tests-\(UUID().uuidString)"
    init() { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    var path: String { folder + "/flight.jsonl" }
    func remove() { try? FileManager.default.removeItem(atPath: folder) }
    func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }
  }

  /// Keeps the state's size fixed while the lines are long.
  struct SetNote: StateUpdater, Codable {
    var note: String
    func updateState(_ state: inout ShopState) { state.note = note }
  }

  static var registry: JournalRegistry<ShopState> {
    var registry = shopRegistry
    registry.register(SetNote.self, as: "shop.note")
    return registry
  }

  private func recordingStore(
    _ scratch: Scratch, capacity: Int = 200, maximumBytes: Int = 4 << 20, redaction: DevToolsRedaction = .none
  ) -> (DevTools<ShopState>, ShopStore) {
    let devTools = DevTools<ShopState>(
      configuration: .init(
        redaction: redaction,
        flightRecorder: DevToolsFlightRecorder(path: scratch.path, capacity: capacity, maximumBytes: maximumBytes)),
      registry: Self.registry)
    return (devTools, ShopStore(devTools: devTools))
  }

  @Test("updaters, side effects and their call sites are written, and the file replays to the state at the end")
  func recordsAndReplays() async throws {
    let scratch = Scratch()
    defer { scratch.remove() }
    let (devTools, store) = recordingStore(scratch)
    await store.waitUntilReady()
    try await store.dispatch(AddItem(name: "apple")).value
    try await store.dispatch(Restock()).value
    try await store.dispatch(Visit()).value
    try await store.dispatch(SetQuantity(index: 0, quantity: 3)).value
    await devTools.flushFlightRecorder()

    let recording = try DevToolsFlightRecording(contentsOfFile: scratch.path, registry: shopRegistry)
    #expect(recording.initialState == ShopState())
    #expect(recording.entries.map(\.typeName) == ["shop.add", "shop.add", "shop.add", "shop.quantity"])
    #expect(recording.skippedTypes.count == 1 && recording.skippedTypes[0].hasSuffix("Visit"))
    #expect(recording.items.map(\.kind) == ["updater", "updater", "updater", "sideEffect", "updater", "updater"])
    #expect(recording.items.map(\.sequence) == Array(1...6))
    let first = try #require(recording.items.first)
    #expect(first.callSite?.hasPrefix("KatanaDevToolsTests/FlightRecorderTests.swift:") == true)
    #expect(first.function == "recordsAndReplays()")
    // The Restock body's dispatches name the side effect's file.
    #expect(recording.items[1].callSite?.hasPrefix("KatanaDevToolsTests/ShopApp.swift:") == true)
    var expected = store.state
    expected.visits = 0  // Visit is not registered: the replay cannot apply it
    #expect(recording.finalState == expected)
    #expect(recording.tornLine == nil)
    #expect(devTools.flightRecorderError == nil)
  }

  @Test("the file never holds more than twice the capacity, and always replays to the store's state")
  func boundedByCapacity() async throws {
    let scratch = Scratch()
    defer { scratch.remove() }
    let (devTools, store) = recordingStore(scratch, capacity: 5)
    await store.waitUntilReady()
    for index in 1...60 {
      try await store.dispatch(AddItem(name: "item \(index)")).value
      await devTools.flushFlightRecorder()
      let lines = scratch.bytes(scratch.path).split(separator: UInt8(ascii: "\n"))
      #expect(lines.count - 1 <= 10, "\(lines.count - 1) item lines after \(index) items")
      let recording = try DevToolsFlightRecording(contentsOfFile: scratch.path, registry: shopRegistry)
      #expect(recording.finalState == store.state)
      #expect(recording.items.count >= min(index, 5))
      #expect(recording.items.last?.sequence == index)
      #expect(recording.droppedBefore + recording.items.count == index)
    }
  }

  @Test("the file never passes its byte cap")
  func boundedByBytes() async throws {
    let scratch = Scratch()
    defer { scratch.remove() }
    let (devTools, store) = recordingStore(scratch, capacity: 1_000, maximumBytes: 4096)
    await store.waitUntilReady()
    let long = String(repeating: "x", count: 200)
    for index in 1...80 {
      try await store.dispatch(SetNote(note: "\(index) \(long)")).value
      await devTools.flushFlightRecorder()
      #expect(scratch.bytes(scratch.path).count <= 4096)
    }
    let recording = try DevToolsFlightRecording(contentsOfFile: scratch.path, registry: Self.registry)
    #expect(recording.items.last?.sequence == 80)
    #expect(recording.items.count >= 4)
    #expect(recording.finalState == store.state)
  }

  @Test("a writer that falls behind keeps the newest items, and the gap shows in the sequence numbers")
  func dropsTheOldestWhenBehind() throws {
    let scratch = Scratch()
    defer { scratch.remove() }
    let writer = FlightRecorderWriter<ShopState>(
      options: DevToolsFlightRecorder(path: scratch.path, capacity: 4), registry: shopRegistry, redaction: .none)
    var state = ShopState()
    func records(_ names: ClosedRange<Int>) -> [FlightRecord] {
      names.map { index in
        let before = state
        state.items.append(.init(name: "\(index)", quantity: 1))
        return FlightRecord(
          item: AddItem(name: "\(index)"), kind: .stateUpdater, callSite: DispatchCallSite(),
          change: StateChange(before: before, after: state), error: nil, time: 0)
      }
    }
    writer.write(records(1...3), dropped: 0, droppedChange: nil)
    // The queue dropped 5 items, then handed over 10 at once: only the newest 4 can be kept.
    let lost = records(4...8)
    writer.write(records(9...18), dropped: 5, droppedChange: lost.last?.change)
    #expect(writer.error == nil)
    let recording = try DevToolsFlightRecording(contentsOfFile: scratch.path, registry: shopRegistry)
    #expect(recording.items.map(\.sequence) == [15, 16, 17, 18])
    #expect(recording.droppedBefore == 14)
    #expect(recording.finalState == state)
    writer.write(records(19...19), dropped: 2, droppedChange: nil)
    let later = try DevToolsFlightRecording(contentsOfFile: scratch.path, registry: shopRegistry)
    #expect(later.items.map(\.sequence) == [21])
    #expect(later.finalState == state)
    // Only a side effect after the gap: the first line holds the dropped updaters' newest state.
    let gapState = records(20...21).last?.change
    writer.write(
      [FlightRecord(item: Restock(), kind: .sideEffect, callSite: nil, change: nil, error: nil, time: 0)], dropped: 2,
      droppedChange: gapState)
    let afterGap = try DevToolsFlightRecording(contentsOfFile: scratch.path, registry: shopRegistry)
    #expect(afterGap.items.map(\.kind) == ["sideEffect"])
    #expect(afterGap.initialState == state)
  }

  @Test("time travel starts the recording over from the state it set, so the replay stays true")
  func timeTravelStartsOver() async throws {
    let scratch = Scratch()
    defer { scratch.remove() }
    let (devTools, store) = recordingStore(scratch)
    await store.waitUntilReady()
    for name in ["apple", "pear", "plum"] { try await store.dispatch(AddItem(name: name)).value }
    let (listed, _) = devTools.recorder.items(after: 0, limit: 10)
    try devTools.recorder.jump(to: listed[0].id)  // back to [apple]
    try await store.dispatch(AddItem(name: "fig")).value
    await devTools.flushFlightRecorder()
    #expect(store.state.items.map(\.name) == ["apple", "fig"])
    let recording = try DevToolsFlightRecording(contentsOfFile: scratch.path, registry: Self.registry)
    #expect(recording.initialState?.items.map(\.name) == ["apple"])
    #expect(recording.finalState == store.state)
  }
}
