import Katana
import Testing

@testable import KatanaDevTools

/// Waits until cancelled, under a cancellation id.
struct RefreshShop: SideEffect, CancellableSideEffect {
  var cancellationID: String { "refresh" }

  func sideEffect(_ context: SideEffectContext<ShopState, EmptySideEffectDependencyContainer>) async throws {
    // Ends only by cancellation: the test cancels it by id.
    try await Task.sleep(for: .seconds(3600))
  }
}

@Suite("DevTools shows cancelled side effects", .timeLimit(.minutes(1)))
struct DevToolsCancellationTests {
  @Test("a side effect cancelled by id is recorded as cancelled, not with an error's description")
  func cancelledByID() async throws {
    let devTools = DevTools<ShopState>()
    let store = ShopStore(devTools: devTools)
    await store.waitUntilReady()
    let refresh = store.dispatch(RefreshShop())
    #expect(store.cancel(id: "refresh") == 1)
    await #expect(throws: CancellationError.self) { try await refresh.value }

    let items = devTools.recorder.items(after: 0, limit: .max).items
    #expect(items.map(\.type) == ["KatanaDevToolsTests.RefreshShop"])
    #expect(items.map(\.error) == ["cancelled"])
  }
}
