import Katana
import KatanaTesting
import KatanaUI
import Testing

@MainActor
@Suite("Navigation updaters, asserted with the TestStore")
struct NavigationTests {
  func makeStore() -> TestStore<ShopState, EmptySideEffectDependencyContainer> {
    TestStore(initialState: ShopState())
  }

  @Test("push, present, pop and dismiss change the route stack in the state")
  func moves() async {
    let store = makeStore()
    await store.dispatch(Navigation.Push<ShopState>(.item(1))) { $0.routes.push(.item(1)) }
    await store.dispatch(Navigation.Present<ShopState>(.basket)) { $0.routes.present(.basket) }
    await store.dispatch(Navigation.Push<ShopState>(.item(2))) { $0.routes.push(.item(2)) }
    await store.dispatch(Navigation.Dismiss<ShopState>()) {
      $0.routes.pop()
      $0.routes.pop()
    }
    #expect(store.state.routes.routes == [.list, .item(1)])
    await store.dispatch(Navigation.Pop<ShopState>()) { $0.routes.pop() }
    await store.finish()
  }

  @Test("popping at the root and dismissing without a modal leave the state as it was")
  func movesThatDoNotApply() async {
    let store = makeStore()
    await store.dispatch(Navigation.Pop<ShopState>())
    await store.dispatch(Navigation.Dismiss<ShopState>())
    #expect(store.state.routes == RouteStack(root: .list))
    await store.finish()
  }

  @Test("replaceTop, popToRoot and open set the stack as asked")
  func replaceAndOpen() async throws {
    let store = makeStore()
    await store.dispatch(Navigation.Push<ShopState>(.item(0))) { $0.routes.push(.item(0)) }
    await store.dispatch(Navigation.ReplaceTop<ShopState>(.item(2))) { $0.routes.replaceTop(with: .item(2)) }
    await store.dispatch(Navigation.PopToRoot<ShopState>()) { $0.routes.pop() }
    let linked = try #require(ShopScreens.stack(forPath: "/basket"))
    await store.dispatch(Navigation.Open<ShopState>(linked)) { $0.routes.present(.basket) }
    await store.finish()
  }
}
