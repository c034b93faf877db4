import Foundation
import Katana
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

/// Every recorded item says where it was dispatched, and the page receives it.
@Suite struct DevToolsCallSiteTests {
  struct Tally: State, Codable, Equatable {
    var count = 0
  }

  struct AddOne: StateUpdater {
    func updateState(_ state: inout Tally) { state.count += 1 }
  }

  /// Dispatches one updater from its body, on a line the test knows.
  struct AddFromEffect: SideEffect {
    static let dispatchLine: UInt = #line + 3
    func sideEffect(_ context: SideEffectContext<Tally, EmptySideEffectDependencyContainer>) async throws {
      // The next line is `dispatchLine`.
      try await context.dispatch(AddOne()).value
    }
  }

  typealias TallyStore = Store<Tally, EmptySideEffectDependencyContainer>

  @Test func itemsCarryTheCallSitesOfAppCodeAndOfSideEffects() async throws {
    let devTools = DevTools<Tally>()
    let store = TallyStore(devTools: devTools)
    await store.waitUntilReady()
    let updaterLine: UInt = #line + 1
    try await store.dispatch(AddOne()).value
    let effectLine: UInt = #line + 1
    try await store.dispatch(AddFromEffect()).value

    let items = devTools.recording.storage.withLock { Array($0.items) }
    #expect(items.count == 3)
    let sites = items.map { $0.callSite.map { "\($0.fileID):\($0.line) \($0.function)" } }
    let file = "KatanaDevToolsTests/DevToolsCallSiteTests.swift"
    let test = "itemsCarryTheCallSitesOfAppCodeAndOfSideEffects()"
    // Recording order: the app's updater, the side effect's updater, then the side effect.
    #expect(
      sites == [
        "\(file):\(updaterLine) \(test)", "\(file):\(AddFromEffect.dispatchLine) sideEffect(_:)",
        "\(file):\(effectLine) \(test)",
      ])

    // The page gets them in each item's summary.
    let summaries = devTools.recorder.items(after: 0, limit: 10).items
    #expect(
      summaries.map(\.callSite) == [
        DevToolsCallSite(file: file, line: Int(updaterLine), function: test),
        DevToolsCallSite(file: file, line: Int(AddFromEffect.dispatchLine), function: "sideEffect(_:)"),
        DevToolsCallSite(file: file, line: Int(effectLine), function: test),
      ])
    let json = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(summaries[0])) as? [String: Any])
    let site = try #require(json["callSite"] as? [String: Any])
    #expect(site["file"] as? String == file && site["line"] as? Int == Int(updaterLine))
  }

  @Test("an item from a browser page carries the page's session number to the DevTools page")
  func itemsCarryTheirSession() async throws {
    let devTools = DevTools<Tally>()
    let store = TallyStore(devTools: devTools)
    await store.waitUntilReady()
    var site = DispatchCallSite()
    site.session = 7
    _ = try await store.anyDispatch(AddOne(), callSite: site).value
    try await store.dispatch(AddOne()).value

    let summaries = devTools.recorder.items(after: 0, limit: 10).items
    #expect(summaries.map { $0.callSite?.session } == [7, nil])
    let json = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(summaries[0])) as? [String: Any])
    let callSite = try #require(json["callSite"] as? [String: Any])
    #expect(callSite["session"] as? Int == 7)
  }
}
