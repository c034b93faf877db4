import Foundation
import Katana
import KatanaPersistence
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

@Suite struct DevToolsRecorderTests {
  private func makeStore(capacity: Int = 100, registry: JournalRegistry<ShopState> = shopRegistry) async
    -> (ShopStore, DevTools<ShopState>)
  {
    let devTools = DevTools<ShopState>(configuration: .init(capacity: capacity), registry: registry)
    let store = ShopStore(devTools: devTools)
    await store.waitUntilReady()
    return (store, devTools)
  }

  private func all(_ devTools: DevTools<ShopState>) -> [DevToolsItemSummary] {
    devTools.recorder.items(after: 0, limit: .max).items
  }

  @Test func recordsEveryHandledItemWithItsKindAndOutcome() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "apple")).value
    try await store.dispatch(Nothing()).value
    await #expect(throws: ShopFailure.self) { try await store.dispatch(CloseShop()).value }
    let count = try await store.dispatch(CountItems()).value
    #expect(count == 1)

    let items = all(devTools)
    #expect(items.map(\.type) == ["AddItem", "Nothing", "CloseShop", "CountItems"].map { "KatanaDevToolsTests.\($0)" })
    #expect(items.map(\.kind) == ["updater", "updater", "sideEffect", "returning"])
    #expect(items.map(\.sequence) == [1, 2, 3, 4])
    #expect(items.map(\.changedState) == [true, false, false, false])
    #expect(items[2].error == "the shop is closed")
    #expect(items.allSatisfy { ($0.durationMicroseconds ?? 0) >= 0 && $0.waitMicroseconds >= 0 })
    // With no page connected, updaters are not timed (no precise clock read); side effects are.
    #expect(items.map { $0.durationMicroseconds != nil } == [false, false, true, true])
    #expect(Set(items.map(\.id)).count == 4)
  }

  @Test func anUpdaterAnotherInterceptorRefusesIsRecordedWithItsError() async throws {
    // DevTools sees every updater through the store's instrumentation; this interceptor refuses every Visit.
    let refuseVisits: StoreInterceptor = { _ in
      { next in
        { item in
          if item is Visit { throw ShopFailure() }
          try next(item)
        }
      }
    }
    let devTools = DevTools<ShopState>()
    let store = ShopStore(interceptors: [refuseVisits], devTools: devTools)
    await store.waitUntilReady()
    try await store.dispatch(AddItem(name: "apple")).value
    await #expect(throws: ShopFailure.self) { try await store.dispatch(Visit()).value }

    let items = all(devTools)
    #expect(items.map(\.type) == ["KatanaDevToolsTests.AddItem", "KatanaDevToolsTests.Visit"])
    #expect(items[1].error == "the shop is closed")
    #expect(items[1].changedState == false)
    #expect(store.state.visits == 0)
  }

  @Test func anUpdaterThatWaitedReportsItsQueueWait() async throws {
    let gate = Gate()
    let devTools = DevTools<ShopState>()
    // The store is not ready until the gate opens, so the first updater is held in its queue.
    let store = ShopStore(stateInitializer: { await gate.wait(); return ShopState() }, devTools: devTools)
    let held = store.dispatch(AddItem(name: "held"))
    await gate.waitForArrivals(1, "the state initializer waits at the gate")
    gate.open()
    try await held.value
    try await store.dispatch(AddItem(name: "inline")).value

    let items = all(devTools)
    try #require(items.count == 2)
    #expect(items[0].waitMicroseconds > 0)
    #expect(items[1].waitMicroseconds == 0)
    #expect(items.allSatisfy { $0.parent == nil })
  }

  @Test func itemsASideEffectDispatchesNameItAsTheirParent() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(Restock()).value
    try await store.dispatch(AddItem(name: "fig")).value

    let items = all(devTools)
    // The side effect finishes after its children, so it is recorded after them.
    #expect(items.map(\.type).map { $0.split(separator: ".").last! } == ["AddItem", "AddItem", "Restock", "AddItem"])
    let restock = items[2]
    #expect(items[0].parent == restock.id)
    #expect(items[1].parent == restock.id)
    #expect(items[3].parent == nil)
    #expect(restock.parent == nil)
  }

  @Test func theRingBufferKeepsTheNewestAndCountsTheDropped() async throws {
    let (store, devTools) = await makeStore(capacity: 3)
    for index in 0..<5 { try await store.dispatch(AddItem(name: "item \(index)")).value }

    let (items, status) = devTools.recorder.items(after: 0, limit: .max)
    #expect(items.map(\.sequence) == [3, 4, 5])
    #expect(status.dropped == 2)
    #expect(status.capacity == 3)
    #expect(status.latestSequence == 5)
    // Paging by sequence and by limit.
    #expect(devTools.recorder.items(after: 4, limit: 10).items.map(\.sequence) == [5])
    #expect(devTools.recorder.items(after: 0, limit: 2).items.map(\.sequence) == [4, 5])
    #expect(devTools.recorder.items(after: 5, limit: 10).items.isEmpty)
    // A dropped item can no longer be asked about.
    #expect(throws: DevToolsCommandError.unknownItem(1)) { try devTools.recorder.diff(of: 1) }
  }

  @Test func theDiffOfAnUpdaterNamesTheFieldPathsItChanged() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "apple")).value
    try await store.dispatch(AddItem(name: "pear")).value
    try await store.dispatch(SetQuantity(index: 1, quantity: 4)).value

    let items = all(devTools)
    #expect(try devTools.recorder.diff(of: items[2].id) == [DevToolsChange(path: "items[1].quantity", old: "1", new: "4")])
    #expect(
      try devTools.recorder.diff(of: items[1].id) == [
        DevToolsChange(path: "items[1]", old: nil, new: #"{"name":"pear","quantity":1}"#)
      ])
  }

  @Test func aSideEffectHasNoDiffButHasTheStateAfterIt() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "apple")).value
    _ = try await store.dispatch(CountItems()).value

    let countID = all(devTools)[1].id
    #expect(throws: DevToolsCommandError.notAnUpdater(countID)) { try devTools.recorder.diff(of: countID) }
    let json = try devTools.recorder.stateJSON(at: countID)
    let state = try JSONDecoder().decode(ShopState.self, from: json)
    #expect(state.items.map(\.name) == ["apple"])
    #expect(throws: DevToolsCommandError.unknownItem(999)) { try devTools.recorder.stateJSON(at: 999) }
  }

  @Test func jumpingPutsTheStoreInARecordedStateAndResumingLiveBringsItBack() async throws {
    let (store, devTools) = await makeStore()
    let heard = Locked([Int]())
    store.addListener { _, new in heard.withLock { $0.append(new.items.count) } }
    for name in ["a", "b", "c"] { try await store.dispatch(AddItem(name: name)).value }
    let first = all(devTools)[0]

    try devTools.recorder.jump(to: first.id)
    #expect(store.state.items.map(\.name) == ["a"])
    #expect(devTools.recorder.items(after: 0, limit: 10).status.travelingTo == first.id)
    // The jump is DevTools' own move: not in the list.
    #expect(all(devTools).count == 3)

    try devTools.recorder.resumeLive()
    #expect(store.state.items.map(\.name) == ["a", "b", "c"])
    #expect(devTools.recorder.items(after: 0, limit: 10).status.travelingTo == nil)
    // Listeners (and so the UI) heard both moves.
    #expect(heard.current == [1, 2, 3, 1, 3])
  }

  @Test func updatersAreTimedWhileAPageIsConnected() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "unwatched")).value
    // What the page's socket holds while it is connected.
    let page = devTools.recorder.changes()
    try await store.dispatch(AddItem(name: "watched")).value

    let items = all(devTools)
    #expect(items.map { $0.durationMicroseconds == nil } == [true, false])
    #expect(devTools.recorder.isObserved)
    _ = page
  }

  @Test func afterTheRingWrapsEachUpdaterKeepsItsOwnStatesAndResumeLiveOutlivesItsSlot() async throws {
    let (store, devTools) = await makeStore(capacity: 3)
    for name in ["a", "b", "c", "d", "e"] { try await store.dispatch(AddItem(name: name)).value }
    let kept = all(devTools)
    #expect(kept.count == 3)
    // Each kept updater's diff is its own, though its slot held others' states before.
    for (offset, item) in kept.enumerated() {
      let name = ["c", "d", "e"][offset]
      #expect(
        try devTools.recorder.diff(of: item.id)
          == [DevToolsChange(path: "items[\(offset + 2)]", old: nil, new: #"{"name":"\#(name)","quantity":1}"#)])
    }
    try devTools.recorder.jump(to: kept[0].id)
    #expect(store.state.items.map(\.name) == ["a", "b", "c"])
    // Side effects push every updater (and the app's latest state) out of the ring.
    for _ in 0..<3 { _ = try await store.dispatch(CountItems()).value }
    #expect(all(devTools).allSatisfy { $0.kind == "returning" })
    try devTools.recorder.resumeLive()
    #expect(store.state.items.map(\.name) == ["a", "b", "c", "d", "e"])
  }

  @Test func itemsHandledWhileTravellingAreRecordedAndResumeGoesToTheirState() async throws {
    let (store, devTools) = await makeStore()
    for name in ["a", "b"] { try await store.dispatch(AddItem(name: name)).value }
    try devTools.recorder.jump(to: all(devTools)[0].id)
    try await store.dispatch(AddItem(name: "x")).value

    let last = try #require(all(devTools).last)
    #expect(try devTools.recorder.diff(of: last.id) == [DevToolsChange(path: "items[1]", old: nil, new: #"{"name":"x","quantity":1}"#)])
    try devTools.recorder.resumeLive()
    #expect(store.state.items.map(\.name) == ["a", "x"])
  }

  @Test func pausingStopsRecordingButDiffsAfterItStayRight() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "a")).value
    devTools.recorder.setPaused(true)
    #expect(devTools.recorder.items(after: 0, limit: 10).status.paused)
    try await store.dispatch(AddItem(name: "b")).value
    devTools.recorder.setPaused(false)
    try await store.dispatch(SetQuantity(index: 1, quantity: 9)).value

    let items = all(devTools)
    #expect(items.count == 2)
    // The unrecorded "b" is in the state before the next recorded updater.
    #expect(try devTools.recorder.diff(of: items[1].id) == [DevToolsChange(path: "items[1].quantity", old: "1", new: "9")])
  }

  @Test func changesSignalsAPageAboutNewItems() async throws {
    let (store, devTools) = await makeStore()
    let changes = devTools.recorder.changes()
    #expect(devTools.recorder.isObserved)
    try await store.dispatch(AddItem(name: "a")).value
    var iterator = changes.makeAsyncIterator()
    let signal: Void? = await iterator.next()
    #expect(signal != nil)
    #expect(devTools.recorder.items(after: 0, limit: 10).status.latestSequence == 1)
  }

  @Test func exportThenImportReplaysTheSessionIntoAFreshStore() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "apple")).value
    try await store.dispatch(Visit()).value
    try await store.dispatch(AddItem(name: "pear")).value
    try await store.dispatch(SetQuantity(index: 0, quantity: 3)).value
    let file = try devTools.recorder.exportSession()

    let session = try DevToolsSession(data: file, registry: shopRegistry)
    #expect(session.initialState == ShopState())
    #expect(session.entries.map(\.typeName) == ["shop.add", "shop.add", "shop.quantity"])
    #expect(session.skippedTypes == ["KatanaDevToolsTests.Visit"])
    #expect(session.finalState.items == store.state.items)

    // Into a fresh store through the API…
    let fresh = ShopStore()
    try await session.replay(into: fresh)
    #expect(fresh.state.items == store.state.items)

    // …and through the page's import, which replays into the attached store and lists the items.
    let (other, otherDevTools) = await makeStore()
    try await other.dispatch(AddItem(name: "to be replaced")).value
    let count = try otherDevTools.recorder.importSession(file)
    #expect(count == 3)
    #expect(other.state.items == store.state.items)
    #expect(all(otherDevTools).map(\.type).map { $0.split(separator: ".").last! } == ["AddItem", "AddItem", "SetQuantity"])
  }

  @Test func aBadSessionIsRefusedWithItsReasonAndChangesNothing() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "keep")).value
    let good = String(decoding: try devTools.recorder.exportSession(), as: UTF8.self)

    let cases: [(String, String)] = [
      ("not json", "not a DevTools session file"),
      (#"{"format":"other","version":1,"stateType":"x"}"#, "format is \"other\""),
      (good.replacingOccurrences(of: #""version" : 1"#, with: #""version" : 99"#), "newer DevTools"),
      (good.replacingOccurrences(of: "KatanaDevToolsTests.ShopState", with: "Other.State"), "records Other.State"),
      (good.replacingOccurrences(of: "shop.add", with: "shop.unknown"), "\"shop.unknown\" is not registered"),
    ]
    for (file, reason) in cases {
      let error = #expect(throws: DevToolsCommandError.self) { try devTools.recorder.importSession(Data(file.utf8)) }
      #expect(error?.description.contains(reason) == true, "\(String(describing: error)) should say \(reason)")
    }
    #expect(store.state.items.map(\.name) == ["keep"])
    #expect(all(devTools).count == 1)
  }

  @Test func devToolsWrapsTheStoresOwnInstrumentation() async throws {
    let inner = CountingInstrumentation()
    let devTools = DevTools<ShopState>()
    let store = ShopStore(configuration: .init(instrumentation: inner), devTools: devTools)
    await store.waitUntilReady()
    try await store.dispatch(Restock()).value

    #expect(all(devTools).count == 3)
    #expect(inner.ended == 3)
    // The inner instrumentation saw its own token as the children's parent.
    #expect(inner.parentsSeen == ["own-token", "own-token"])
  }

  @Test func aReleasedStoreIsNotKeptAliveByDevTools() async throws {
    let devTools = DevTools<ShopState>()
    weak var weakStore: ShopStore?
    do {
      let store = ShopStore(devTools: devTools)
      await store.waitUntilReady()
      try await store.dispatch(AddItem(name: "a")).value
      weakStore = store
    }
    #expect(weakStore == nil)
    let recorded = all(devTools)
    #expect(recorded.count == 1)
    // The recording outlives the store; commands that would change it say it is gone.
    #expect(try devTools.recorder.diff(of: recorded[0].id).count == 1)
    #expect(throws: DevToolsCommandError.notAttached) { try devTools.recorder.jump(to: recorded[0].id) }
    #expect(throws: DevToolsCommandError.notAttached) { try devTools.recorder.resumeLive() }
  }
}

/// Counts ends and records the parents it is shown, to check DevTools forwards its own tokens.
final class CountingInstrumentation: DispatchInstrumentation, Sendable {
  private let counts = Locked((ended: 0, parents: [String]()))

  var ended: Int { counts.withLock { $0.ended } }
  var parentsSeen: [String] { counts.withLock { $0.parents } }

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    if let parent = event.parent { counts.withLock { $0.parents.append("\(parent)") } }
    return "own-token"
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    counts.withLock { $0.ended += 1 }
  }
}
