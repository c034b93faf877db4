import Foundation
import Katana
import KatanaPersistence
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

/// A store with interceptors journals what its chain applies while no page is connected
/// (``UpdaterJournal``), and reports after the fact what the journal cannot carry.
@Suite struct JournaledChainTests {
  /// What the store journaled since the last read, taken without DevTools draining it.
  private func journaled(_ devTools: DevTools<ShopState>) throws -> UpdaterJournal<ShopState>.Contents {
    let drain = try #require(devTools.recorder.recording.lockedStorage.withLock { $0.journalDrain })
    return try #require(drain as? JournalDrain<ShopState>).journal.take()
  }

  /// Passes every item on.
  private static let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }

  @Test("the chain's end journals what it applied, with the dispatched item as the request where History replaced it")
  func theChainJournalsWhatItApplied() async throws {
    let devTools = DevTools<ShopState>(registry: shopRegistry)
    let persistence = Persistence<ShopState>(history: History(limit: 10))
    let store = ShopStore(interceptors: [persistence.interceptor, Self.passThrough], devTools: devTools)
    await store.waitUntilReady()
    try await store.dispatch(AddItem(name: "apple")).value
    try await store.dispatch(AddItem(name: "pear")).value
    try await store.dispatch(History<ShopState>.Undo()).value

    let contents = try journaled(devTools)
    #expect(contents.entries.map(\.sequence) == [1, 2, 3])
    #expect(contents.entries.last?.item is RestoreState<ShopState>)
    #expect(contents.requests.count == 1)
    #expect(contents.requests[3] is History<ShopState>.Undo)
    #expect(contents.entries.first?.callSite?.fileID.description == "KatanaDevToolsTests/JournaledChainTests.swift")
  }

  @Test("the list shows the undo as dispatched, with the states the store had, recomputed from the journal")
  func theListShowsTheRequestWithExactStates() async throws {
    let devTools = DevTools<ShopState>(registry: shopRegistry)
    let persistence = Persistence<ShopState>(history: History(limit: 10))
    let store = ShopStore(interceptors: [persistence.interceptor], devTools: devTools)
    await store.waitUntilReady()
    var states = [store.state]
    try await store.dispatch(AddItem(name: "apple")).value
    states.append(store.state)
    try await store.dispatch(AddItem(name: "pear")).value
    states.append(store.state)
    try await store.dispatch(History<ShopState>.Undo()).value
    states.append(store.state)
    #expect(states[3] == states[1])

    let entries = devTools.recordedEntries
    #expect(entries.map { String(describing: type(of: $0.record.item)) } == ["AddItem", "AddItem", "Undo"])
    let recordedStates = try entries.map { try #require($0.states) }
    #expect(recordedStates.map(\.before) == Array(states[0..<3]))
    #expect(recordedStates.map(\.after) == Array(states[1...3]))
    // Journaled, not timed: no page was connected.
    #expect(entries.allSatisfy { $0.record.duration == nil })
  }

  @Test("an updater an interceptor swallowed or failed is still listed, reported after its chain")
  func swallowedAndFailedUpdatersAreListed() async throws {
    let refuse: StoreInterceptor = { _ in
      { next in
        { item in
          if let add = item as? AddItem {
            if add.name == "swallowed" { return }
            if add.name == "rotten" { throw ShopFailure() }
          }
          try next(item)
        }
      }
    }
    let devTools = DevTools<ShopState>(registry: shopRegistry)
    let store = ShopStore(interceptors: [refuse], devTools: devTools)
    await store.waitUntilReady()
    try await store.dispatch(AddItem(name: "apple")).value
    try await store.dispatch(AddItem(name: "swallowed")).value
    await #expect(throws: ShopFailure.self) { try await store.dispatch(AddItem(name: "rotten")).value }
    try await store.dispatch(AddItem(name: "pear")).value

    let entries = devTools.recordedEntries
    #expect(entries.map { ($0.record.item as? AddItem)?.name } == ["apple", "swallowed", "rotten", "pear"])
    #expect(entries[2].record.error is ShopFailure)
    // The swallowed one changed nothing; the states around the others chain up to the store's.
    let swallowed = try #require(entries[1].states)
    #expect(swallowed.before == swallowed.after)
    #expect(entries[3].states?.before.items.map(\.name) == ["apple"])
    #expect(entries[3].states?.after == store.state)
  }

  @Test("updaters dispatched through a chain from many threads are recomputed in the order the store applied them")
  func concurrentChainsReplayInApplyOrder() async throws {
    let devTools = DevTools<ShopState>(configuration: .init(capacity: 1000), registry: shopRegistry)
    let store = ShopStore(interceptors: [Self.passThrough], devTools: devTools)
    await store.waitUntilReady()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for index in 0..<50 { store.dispatch(AddItem(name: "\(task)-\(index)")) }
        }
      }
      group.addTask {
        for _ in 0..<50 { _ = devTools.recorder.items(after: 0, limit: 1) }
      }
    }
    // Dispatched without awaiting: wait until the last is applied.
    try await store.dispatch(AddItem(name: "last")).value
    let entries = devTools.recordedEntries
    #expect(entries.count == 201)
    let states = try entries.map { try #require($0.states) }
    for (previous, next) in zip(states, states.dropFirst()) { #expect(previous.after == next.before) }
    #expect(states.last?.after == store.state)
    #expect(devTools.recorder.items(after: 0, limit: .max).status.replayMismatches == nil)
  }
}
