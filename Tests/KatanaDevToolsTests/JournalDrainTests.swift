import Foundation
import Katana
import KatanaPersistence
import KatanaTestSupport
import Synchronization
import Testing

@testable import KatanaDevTools

/// A store without interceptors journals its updaters while no page is connected, and DevTools
/// recomputes their states from the journal when the list is read (``JournalDrain``).
@Suite struct JournalDrainTests {
  @Test("states recomputed from the journal after the ring and the journal wrapped equal the states the store had")
  func recomputedStatesEqualTheStoresAfterWrapping() async throws {
    let devTools = DevTools<ShopState>(configuration: .init(capacity: 3), registry: shopRegistry)
    let store = ShopStore(devTools: devTools)
    await store.waitUntilReady()
    var expected: [ShopState] = [store.state]
    for index in 0..<10 {
      if index % 3 == 2 {
        try await store.dispatch(SetQuantity(index: 0, quantity: index)).value
      } else {
        try await store.dispatch(AddItem(name: "item \(index)")).value
      }
      expected.append(store.state)
    }

    let entries = devTools.recordedEntries
    #expect(entries.count == 3)
    let states = try entries.map { try #require($0.states) }
    #expect(states.map(\.before) == Array(expected[7..<10]))
    #expect(states.map(\.after) == Array(expected[8...10]))
    #expect(states.map(\.sequence) == [8, 9, 10])
    #expect(devTools.recorder.items(after: 0, limit: .max).status.replayMismatches == nil)
    // Items that left the journal before anyone read it are counted as dropped.
    #expect(devTools.recorder.items(after: 0, limit: .max).status.dropped == 7)
    // The page's questions are answered from the recomputed states.
    let last = try #require(devTools.recorder.items(after: 0, limit: .max).items.last)
    #expect(try !devTools.recorder.diff(of: last.id).isEmpty)
    let json = try devTools.recorder.stateJSON(at: last.id)
    #expect(try JSONDecoder().decode(ShopState.self, from: json) == expected[10])
  }

  @Test("an updater that is not a pure function of the state is reported as a mismatch, and the states resync")
  func anImpureUpdaterIsReportedAsAMismatch() async throws {
    let devTools = DevTools<ShopState>(configuration: .init(capacity: 2), registry: shopRegistry)
    let store = ShopStore(devTools: devTools)
    await store.waitUntilReady()
    for _ in 0..<5 { try await store.dispatch(AddNumberedItem()).value }

    let entries = devTools.recordedEntries
    #expect(devTools.recorder.recording.storage.withLock { $0.replayMismatches } > 0)
    // The page is told, with the list.
    #expect((devTools.recorder.items(after: 0, limit: .max).status.replayMismatches ?? 0) > 0)
    // From the store's own state kept in the journal onwards, the states continue from the store's.
    let last = try #require(entries.last?.states)
    #expect(last.before.items.count == 4)
    #expect(last.after.items.count == 5)
  }

  @Test("a store with History's undo (an interceptor) keeps the exact states of each item")
  func historyUndoKeepsExactStates() async throws {
    let devTools = DevTools<ShopState>(registry: shopRegistry)
    let persistence = Persistence<ShopState>(history: History(limit: 10))
    let store = ShopStore(interceptors: [persistence.interceptor], devTools: devTools)
    await store.waitUntilReady()
    try await store.dispatch(AddItem(name: "apple")).value
    let afterApple = store.state
    try await store.dispatch(AddItem(name: "pear")).value
    let afterPear = store.state
    try await store.dispatch(History<ShopState>.Undo()).value
    #expect(store.state == afterApple)

    let entries = devTools.recordedEntries
    let undo = try #require(entries.last?.states)
    #expect(undo.before == afterPear)
    #expect(undo.after == afterApple)
  }

  @Test("a store with listeners journals its updaters too: listeners see every change, DevTools the same states")
  func listenersSeeEveryChangeAndDevToolsTheSameStates() async throws {
    let devTools = DevTools<ShopState>(registry: shopRegistry)
    let store = ShopStore(devTools: devTools)
    await store.waitUntilReady()
    let seen = Recorder<Int>()
    store.addListener { _, new in seen.append(new.items.count) }
    for index in 0..<5 { try await store.dispatch(AddItem(name: "item \(index)")).value }

    #expect(seen.values == [1, 2, 3, 4, 5])
    let states = try devTools.recordedEntries.map { try #require($0.states) }
    #expect(states.map(\.after.items.count) == [1, 2, 3, 4, 5])
    #expect(states.last?.after == store.state)
  }

  @Test("updaters dispatched from many threads at once are recomputed in the order the store applied them")
  func concurrentDispatchersReplayInApplyOrder() async throws {
    let devTools = DevTools<ShopState>(configuration: .init(capacity: 1000), registry: shopRegistry)
    let store = ShopStore(devTools: devTools)
    await store.waitUntilReady()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<50 { store.dispatch(AddItem(name: "\(task)-\(index)")) }
        }
      }
      // A reader drains the journal while they dispatch.
      group.addTask {
        for _ in 0..<50 { _ = devTools.recorder.items(after: 0, limit: 1) }
      }
    }
    let final = store.state

    let entries = devTools.recordedEntries
    #expect(entries.count == 400)
    let states = try entries.map { try #require($0.states) }
    #expect(states.map(\.sequence) == Array(1...400).map(UInt64.init))
    // Each updater's states chain up, and the last one's is the store's.
    for (previous, next) in zip(states, states.dropFirst()) { #expect(previous.after == next.before) }
    #expect(states.last?.after == final)
    for (entry, states) in zip(entries, states) {
      #expect((entry.record.item as? AddItem)?.name == states.after.items.last?.name)
    }
  }
}

/// Not a pure function of the state: each application numbers its item anew.
private struct AddNumberedItem: StateUpdater {
  static let applications = Atomic<Int>(0)
  func updateState(_ state: inout ShopState) {
    let number = Self.applications.add(1, ordering: .relaxed).newValue
    state.items.append(.init(name: "item", quantity: number))
  }
}
