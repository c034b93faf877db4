import Foundation
import Katana
import Testing

@testable import KatanaDevTools

/// An updater a UI session routed to the store (KatanaUI's wraps each browser page's updater
/// like this): DevTools shows and exports the updater inside.
private struct PageRouted<Wrapped: StateUpdater>: RoutedUpdater where Wrapped.StateType == ShopState {
  let wrapped: Wrapped
  var routedUpdater: any StateUpdater { wrapped }
  func updateState(_ state: inout ShopState) { wrapped.updateState(&state) }
}

@Suite struct DevToolsRoutedUpdaterTests {
  @Test("a page's routed updater is listed under its own name with its page, and exported as itself")
  func routedUpdatersShowTheirOwnName() async throws {
    let devTools = DevTools<ShopState>(registry: shopRegistry)
    let store = ShopStore(devTools: devTools)
    await store.waitUntilReady()
    var site = DispatchCallSite()
    site.session = 4
    _ = try await store.anyDispatch(PageRouted(wrapped: AddItem(name: "fig")), callSite: site).value
    try await store.dispatch(AddItem(name: "kiwi")).value

    let summaries = devTools.recorder.items(after: 0, limit: 10).items
    #expect(summaries.count == 2)
    #expect(summaries.first?.type == summaries.last?.type)
    #expect(summaries.first?.type.contains("PageRouted") == false)
    #expect(summaries.map { $0.callSite?.session } == [4, nil])

    let exported = try JSONSerialization.jsonObject(with: devTools.recorder.exportSession()) as? [String: Any]
    let journal = try #require(exported?["journal"] as? String)
    #expect(journal.split(separator: "\n").count == 2)
    #expect(journal.contains("fig") && journal.contains("kiwi"))
    #expect((exported?["skippedTypes"] as? [String])?.isEmpty != false)
  }
}
