import Foundation
import Katana
import KatanaPersistence
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

/// `DevTools.exportTest(named:)`: the Swift Testing file made from a recorded session. These
/// tests check what the file says; CI compiles and runs an exported Todos session
/// (`.ci/exported-test-roundtrip.sh`).
@Suite struct DevToolsTestExportTests {
  private func makeStore(configuration: DevTools<ShopState>.Configuration = .init(), initialState: ShopState = ShopState())
    async -> (ShopStore, DevTools<ShopState>)
  {
    let devTools = DevTools<ShopState>(configuration: configuration, registry: shopRegistry)
    let store = ShopStore(stateInitializer: { initialState }, devTools: devTools)
    await store.waitUntilReady()
    return (store, devTools)
  }

  /// The JSON of every `recorded(Type.self, #"…"#)` in `source`, in order, for values of `type`.
  private func embedded(_ type: String, in source: String) -> [String] {
    source.components(separatedBy: "recorded(\(type).self, ").dropFirst().map { rest in
      let hashes = rest.prefix { $0 == "#" }
      let body = rest.dropFirst(hashes.count + 1)
      return String(body[..<body.range(of: "\"" + hashes)!.lowerBound])
    }
  }

  private func decode<T: Decodable>(_ json: String, as type: T.Type = T.self) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
  }

  @Test("the test replays the registered updaters from the recorded initial state and asserts each recorded state")
  func replaysAndAssertsEveryRecordedState() async throws {
    let (store, devTools) = await makeStore(initialState: ShopState(note: "start"))
    try await store.dispatch(AddItem(name: "apple")).value  // #1
    try await store.dispatch(AddItem(name: "pear")).value  // #2
    try await store.dispatch(SetQuantity(index: 0, quantity: 3)).value  // #3
    let states = [ShopState(note: "start")] + [["apple"], ["apple", "pear"]].map { names in
      ShopState(items: names.map { .init(name: $0, quantity: 1) }, note: "start")
    } + [ShopState(items: [.init(name: "apple", quantity: 3), .init(name: "pear", quantity: 1)], note: "start")]
    #expect(states.last == store.state)

    let source = try devTools.exportTest(named: "shopping")
    #expect(source.hasPrefix("// Exported by Katana DevTools on "))
    #expect(source.contains("// Replayed: 3 updaters.\n// Not replayed: nothing.\n"))
    let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") }
    #expect(imports == ["import Foundation", "import Katana", "import KatanaDevToolsTests", "import KatanaTesting", "import Testing"])
    #expect(source.contains("\nprivate func shopping() async throws {\n"))
    #expect(source.contains("let store = TestStore<KatanaDevToolsTests.ShopState, EmptySideEffectDependencyContainer>("))
    #expect(
      embedded("KatanaDevToolsTests.AddItem", in: source) == [#"{"name":"apple"}"#, #"{"name":"pear"}"#]
        && embedded("KatanaDevToolsTests.SetQuantity", in: source) == [#"{"index":0,"quantity":3}"#])
    // The initial state, then the state after each updater, as the store had them.
    let embeddedStates = try embedded("KatanaDevToolsTests.ShopState", in: source).map { try decode($0, as: ShopState.self) }
    #expect(embeddedStates == states)
    // Each step names its item and shows its diff.
    #expect(source.contains("  // #3 shop.quantity, dispatched at KatanaDevToolsTests/DevToolsTestExportTests.swift:"))
    #expect(source.contains("  //   items[0].quantity: 1 → 3\n"))
    #expect(source.hasSuffix("  await store.finish()\n}\n\n/// Decodes a value DevTools recorded as JSON.\nprivate func recorded<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {\n  try JSONDecoder().decode(type, from: Data(json.utf8))\n}\n"))
    #expect(!source.contains("SetRecordedState"), "nothing to restore: every change was replayed")
  }

  @Test("what cannot be replayed is listed at the top, and the store is put in the state it led to")
  func listsWhatIsNotReplayedAndRestoresItsState() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "apple")).value  // #1
    try await store.dispatch(Visit()).value  // #2: not registered, changes `visits`
    try await store.dispatch(Visit()).value  // #3
    try await store.dispatch(Nothing()).value  // #4: not registered, changes nothing
    try await store.dispatch(Restock()).value  // #5, dispatching #6 and #7
    try await store.dispatch(SetQuantity(index: 0, quantity: 2)).value  // #8

    let source = try devTools.exportTest()
    #expect(source.contains("\nprivate func recordedSession() async throws {\n"))
    #expect(source.contains("// Replayed: 4 updaters.\n// Not replayed:\n"))
    #expect(source.contains("// - KatanaDevToolsTests.Visit ×2 (#2, #3): updater not registered in the JournalRegistry\n"))
    #expect(source.contains("// - KatanaDevToolsTests.Nothing (#4): updater not registered in the JournalRegistry\n"))
    #expect(source.contains("// - KatanaDevToolsTests.Restock (#5): side effect: the updaters it dispatched are replayed"))
    // The visits changed the state: before the Restock's first AddItem the store is put in the
    // state recorded after them, once (Nothing changed nothing, so it needs no restore).
    #expect(source.components(separatedBy: "SetRecordedState(restored").count == 2)
    #expect(source.contains("  // The state recorded after 2 × KatanaDevToolsTests.Visit, KatanaDevToolsTests.Nothing, not replayed.\n"))
    let restored = try decode(
      try #require(embedded("KatanaDevToolsTests.ShopState", in: source).dropFirst(2).first), as: ShopState.self)
    #expect(restored == ShopState(items: [.init(name: "apple", quantity: 1)], visits: 2))
    #expect(source.contains("private struct SetRecordedState: StateUpdater {"))
    #expect(embedded("KatanaDevToolsTests.AddItem", in: source) == [#"{"name":"apple"}"#, #"{"name":"pear"}"#, #"{"name":"plum"}"#])
    let final = try decode(try #require(embedded("KatanaDevToolsTests.ShopState", in: source).last), as: ShopState.self)
    #expect(final == store.state)
  }

  @Test("an updater that changed nothing is dispatched without a closure, as the TestStore wants")
  func anUnchangedStateIsAssertedWithoutAClosure() async throws {
    let (store, devTools) = await makeStore()
    try await store.dispatch(AddItem(name: "apple")).value
    try await store.dispatch(SetQuantity(index: 0, quantity: 1)).value  // already 1
    let source = try devTools.exportTest()
    #expect(
      source.contains(
        "  //   (changed nothing)\n  try await store.dispatch(recorded(KatanaDevToolsTests.SetQuantity.self, #\"{\"index\":0,\"quantity\":1}\"#))\n\n"
      ))
  }

  @Test("a redacted value never appears in an exported test; steps whose state was redacted are not asserted")
  func redactedStatesAreNotEmbeddedNorAsserted() async throws {
    let redaction = try DevToolsRedaction(keyPaths: ["note"])
    let (store, devTools) = await makeStore(configuration: .init(redaction: redaction), initialState: ShopState(note: "pin 1234"))
    try await store.dispatch(AddItem(name: "apple")).value
    let source = try devTools.exportTest()
    #expect(!source.contains("1234"))
    #expect(source.contains("// The initial state was redacted by DevTools' redaction rule"))
    #expect(source.contains("// Not asserted, their recorded state being redacted: #1."))
    #expect(source.contains("  store.exhaustivity = .off\n  try await store.dispatch(recorded(KatanaDevToolsTests.AddItem.self"))
  }

  @Test("when the ring buffer dropped items, the test starts after them and says so")
  func droppedItemsAreAnnounced() async throws {
    let (store, devTools) = await makeStore(configuration: .init(capacity: 2))
    for name in ["a", "b", "c", "d"] { try await store.dispatch(AddItem(name: name)).value }
    let source = try devTools.exportTest()
    #expect(source.contains("// 2 older items were dropped from DevTools' ring buffer before the export:\n"))
    let initial = try decode(try #require(embedded("KatanaDevToolsTests.ShopState", in: source).first), as: ShopState.self)
    #expect(initial.items.map(\.name) == ["a", "b"])
    #expect(embedded("KatanaDevToolsTests.AddItem", in: source) == [#"{"name":"c"}"#, #"{"name":"d"}"#])
  }

  @Test("an updater an interceptor refused is listed as failed and not replayed")
  func refusedUpdatersAreListed() async throws {
    let refuseAdds: StoreInterceptor = { _ in
      { next in
        { item in
          if let add = item as? AddItem, add.name == "rotten" { throw ShopFailure() }
          try next(item)
        }
      }
    }
    let devTools = DevTools<ShopState>(registry: shopRegistry)
    let store = ShopStore(interceptors: [refuseAdds], devTools: devTools)
    await store.waitUntilReady()
    try await store.dispatch(AddItem(name: "apple")).value  // #1
    await #expect(throws: ShopFailure.self) { try await store.dispatch(AddItem(name: "rotten")).value }  // #2
    try await store.dispatch(AddItem(name: "pear")).value  // #3
    let source = try devTools.exportTest()
    #expect(source.contains("// - KatanaDevToolsTests.AddItem (#2): failed (the shop is closed)"))
    #expect(embedded("KatanaDevToolsTests.AddItem", in: source) == [#"{"name":"apple"}"#, #"{"name":"pear"}"#])
    #expect(!source.contains("SetRecordedState"))
  }

  struct PlainState: State, Codable {
    var count = 0
  }

  @Test("bad input is refused with a typed error")
  func refusals() async throws {
    let (_, devTools) = await makeStore()
    for name in ["", "1st", "two words", "naïve", "a-b"] {
      #expect(throws: DevToolsTestExportError.invalidTestName(name)) { try devTools.exportTest(named: name) }
    }
    let plain = DevTools<PlainState>()
    #expect(throws: DevToolsTestExportError.stateNotEquatable(type: "KatanaDevToolsTests.DevToolsTestExportTests.PlainState")) {
      try plain.exportTest()
    }
    // Not attached, nothing recorded: no state to start from.
    #expect(throws: DevToolsTestExportError.notAttached) { try DevTools<ShopState>().exportTest() }
    // The page hears the reason.
    #expect(throws: DevToolsCommandError.exportTestFailed(DevToolsTestExportError.notAttached.description)) {
      try DevTools<ShopState>().recorder.exportTest()
    }
  }

  @Test("modules are read from the type names, generic arguments included")
  func modulesOfTypeNames() {
    #expect(
      DevToolsRecorder<ShopState>.modules(in: "KatanaPersistence.RestoreState<TodosCore.TodosState>")
        == ["KatanaPersistence", "TodosCore"])
    #expect(DevToolsRecorder<ShopState>.modules(in: "App.Box<Swift.Array<Swift.Int>>") == ["App"])
    #expect(!DevToolsRecorder<ShopState>.isNameable("App.(unknown context at $1234).Secret"))
    #expect(DevToolsRecorder<ShopState>.isNameable("App.Actions.Add"))
  }
}

@Suite struct DevToolsTestExportCommandTests {
  @Test("exportTest decodes; without the token it is refused")
  func decoding() throws {
    let token = "0123456789abcdef0123456789abcdef"
    #expect(try DevToolsCommand.decode(Data(#"{"token":"\#(token)","command":"exportTest"}"#.utf8), token: token) == .exportTest)
    #expect(throws: DevToolsProtocolError.missingToken(command: "exportTest")) {
      try DevToolsCommand.decode(Data(#"{"command":"exportTest"}"#.utf8), token: token)
    }
  }

  @Test("the page's exportTest command is answered with the source in an exportedTest message")
  func exportTestCommand() async throws {
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    try await page.send("exportTest")
    let answer = try await page.receive()
    #expect(answer["type"] as? String == "exportedTest")
    #expect(answer["file"] as? String == FakeDevToolsSource.testFile)
    #expect(fixture.source.calls.values.contains("exportTest"))
    page.close()
    await fixture.server.stop()
  }
}
