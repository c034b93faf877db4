import Foundation
import Katana
import KatanaPersistence
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

/// An exported test replays History's undo, redo and jump as the `RestoreState` the history's
/// interceptor applied for them, as the journal records them.
@Suite struct DevToolsTestExportHistoryTests {
  private func makeStore(registerRestore: Bool, configuration: DevTools<ShopState>.Configuration = .init()) async
    -> (ShopStore, DevTools<ShopState>)
  {
    var registry = shopRegistry
    if registerRestore { registry.register(RestoreState<ShopState>.self, as: "katana.restore") }
    let devTools = DevTools<ShopState>(configuration: configuration, registry: registry)
    let persistence = Persistence<ShopState>(history: History(limit: 10))
    let store = ShopStore(interceptors: [persistence.interceptor], devTools: devTools)
    await store.waitUntilReady()
    return (store, devTools)
  }

  /// The JSON of every `recorded(Type.self, #"…"#)` in `source`, in order.
  private func embedded(_ type: String, in source: String) -> [String] {
    source.components(separatedBy: "recorded(\(type).self, ").dropFirst().map { rest in
      let hashes = rest.prefix { $0 == "#" }
      let body = rest.dropFirst(hashes.count + 1)
      return String(body[..<body.range(of: "\"" + hashes)!.lowerBound])
    }
  }

  private static let restoreType = "KatanaPersistence.RestoreState<KatanaDevToolsTests.ShopState>"

  @Test("undo, redo and jump are replayed as the RestoreState History applied, and asserted")
  func historyRequestsAreReplayedAsTheirRestore() async throws {
    let (store, devTools) = await makeStore(registerRestore: true)
    try await store.dispatch(AddItem(name: "apple")).value  // #1
    try await store.dispatch(AddItem(name: "pear")).value  // #2
    try await store.dispatch(History<ShopState>.Undo()).value  // #3: back to [apple]
    try await store.dispatch(History<ShopState>.Redo()).value  // #4: [apple, pear] again
    try await store.dispatch(History<ShopState>.Jump(to: 0)).value  // #5: empty
    #expect(store.state.items.isEmpty)

    let source = try devTools.exportTest(named: "undoing")
    #expect(source.contains("// Replayed: 5 updaters.\n// Not replayed: nothing.\n"))
    #expect(source.contains("import KatanaPersistence\n"))
    #expect(
      source.contains(
        "  // #3 KatanaPersistence.History<KatanaDevToolsTests.ShopState>.Undo, applied by History as katana.restore, dispatched at KatanaDevToolsTests/DevToolsTestExportHistoryTests.swift:"
      ))
    #expect(source.contains("  // #5 KatanaPersistence.History<KatanaDevToolsTests.ShopState>.Jump, applied by History as katana.restore"))
    #expect(!source.contains("SetRecordedState"), "every change is replayed: nothing to put the store in")
    // Each restore carries the state the history went back (or forward) to, and that state is asserted.
    let restored = try embedded(Self.restoreType, in: source).map {
      try JSONDecoder().decode(RestoreState<ShopState>.self, from: Data($0.utf8)).state.items.map(\.name)
    }
    #expect(restored == [["apple"], ["apple", "pear"], []])
    let asserted = try embedded("KatanaDevToolsTests.ShopState", in: source).map {
      try JSONDecoder().decode(ShopState.self, from: Data($0.utf8)).items.map(\.name)
    }
    #expect(asserted == [[], ["apple"], ["apple", "pear"], ["apple"], ["apple", "pear"], []])
  }

  @Test("without RestoreState in the registry, an undo is listed and the state it led to restored")
  func anUnregisteredRestoreIsListed() async throws {
    let (store, devTools) = await makeStore(registerRestore: false)
    try await store.dispatch(AddItem(name: "apple")).value  // #1
    try await store.dispatch(History<ShopState>.Undo()).value  // #2
    try await store.dispatch(AddItem(name: "pear")).value  // #3
    let source = try devTools.exportTest()
    #expect(
      source.contains(
        "// - KatanaPersistence.History<KatanaDevToolsTests.ShopState>.Undo (#2): applied by History as a RestoreState, which is not registered in the JournalRegistry\n"
      ))
    #expect(embedded(Self.restoreType, in: source).isEmpty)
    // The undo emptied the list, which #3 started from: the store is put there first.
    #expect(source.components(separatedBy: "SetRecordedState(restored").count == 2)
    #expect(source.contains("// Replayed: 2 updaters."))
  }

  @Test("the state a restore carries is redacted as the states are")
  func aRestoreCarriesARedactedState() async throws {
    let redaction = try DevToolsRedaction(keyPaths: ["note"])
    let (store, devTools) = await makeStore(registerRestore: true, configuration: .init(redaction: redaction))
    try await store.dispatch(SetNote(note: "pin 1234")).value  // not registered, not undoable
    try await store.dispatch(AddItem(name: "apple")).value
    try await store.dispatch(History<ShopState>.Undo()).value
    let source = try devTools.exportTest()
    #expect(!source.contains("1234"))
    #expect(embedded(Self.restoreType, in: source).count == 1)
  }
}

/// Sets the note (a field the redaction tests hide).
private struct SetNote: StateUpdater {
  var note: String
  func updateState(_ state: inout ShopState) { state.note = note }
}
