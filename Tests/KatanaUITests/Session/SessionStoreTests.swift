import Foundation
import Katana
import Testing

@testable import KatanaUI

/// A side effect that ends by opening the basket, as a game's "play" opens its board.
struct OpenBasketAfterWork: SideEffect {
  func sideEffect(_ context: SideEffectContext<ShopState, EmptySideEffectDependencyContainer>) async throws {
    try await context.dispatch(AddToBasket()).value
    try await context.dispatch(Navigation.Push<ShopState>(.basket)).value
  }
}

/// An updater that changes the shared data and the page's screen at once.
struct BuyAndShowBasket: StateUpdater {
  func updateState(_ state: inout ShopState) {
    state.basketCount += 1
    state.routes.push(.basket)
  }
}

/// A shared store that counts the listeners it holds and keeps the call sites it was given.
final class WatchedStore: PartialStore, @unchecked Sendable {
  // @unchecked: `lock` guards `listenerCount` and `callSites`; `store` is Sendable.
  typealias StateType = ShopState
  let store = ShopStore()
  private let lock = NSLock()
  private var listenerCount = 0
  private var callSites: [DispatchCallSite] = []

  var listeners: Int { lock.withLock { listenerCount } }
  var sites: [DispatchCallSite] { lock.withLock { callSites } }

  var state: ShopState { store.state }
  var anyState: any Katana.State { store.state }

  func addListener(_ listener: @escaping StoreListener<ShopState>) -> StoreUnsubscribe {
    lock.withLock { listenerCount += 1 }
    let unsubscribe = store.addListener(listener)
    let once = OnceFlag()
    return { [self] in
      guard once.take() else { return }
      unsubscribe()
      lock.withLock { listenerCount -= 1 }
    }
  }

  func addAnyListener(_ listener: @escaping AnyStoreListener) -> StoreUnsubscribe {
    addListener { old, new in listener(old, new) }
  }

  func anyDispatch(_ item: any Dispatchable) -> DispatchTask<any Sendable> { store.anyDispatch(item) }

  func anyDispatch(_ item: any Dispatchable, callSite: DispatchCallSite) -> DispatchTask<any Sendable> {
    lock.withLock { callSites.append(callSite) }
    return store.anyDispatch(item, callSite: callSite)
  }
}

/// True the first time only.
final class OnceFlag: @unchecked Sendable {
  // @unchecked: `lock` guards `taken`.
  private let lock = NSLock()
  private var taken = false
  func take() -> Bool { lock.withLock { defer { taken = true }; return !taken } }
}

/// A page: a renderer of the navigation root on its own session, on the recording backend.
@MainActor
struct SessionPage {
  let session: any AnySessionStore
  let backend = RecordingBackend(containerSize: Size(width: 320, height: 160))
  let renderer: Renderer

  init(on store: any AnyStore) async {
    session = store.makeSession()
    renderer = Renderer(rootDescription: NavigationRoot<ShopScreens>(), store: session)
    renderer.render(in: backend)
    await renderer.settle()
  }

  var routes: RouteStack<ShopRoute>? { (session.anyState as? ShopState)?.routes }

  var location: NavigationLocation? {
    backend.rootChildren.first.flatMap { backend.props(of: $0, as: NavigationRootProps<ShopScreens>.self)?.location }
  }

  func tap(_ key: String) async {
    #expect(backend.send(.touch(.touchUpInside), toKey: key), "no view with key \(key)")
    await renderer.settle()
  }
}

@MainActor
@Suite("A session per page over one shared store")
struct SessionStoreTests {
  @Test("opening a screen in one page leaves the other where it was, and the shared store's stack untouched")
  func navigationIsPerPage() async throws {
    let store = ShopStore()
    await store.waitUntilReady()
    let first = await SessionPage(on: store)
    let second = await SessionPage(on: store)
    try await first.session.dispatch(Navigation.Push<ShopState>(.item(1))).value
    await first.renderer.settle()
    await second.renderer.settle()
    #expect(first.location?.paths == ["/", "/items/1"])
    #expect(second.location?.paths == ["/"])
    #expect(first.backend.firstView(withKey: "item.name") != nil)
    #expect(second.backend.firstView(withKey: "list.0") != nil)
    #expect(store.state.routes == RouteStack(root: .list))
  }

  @Test("data changed through one page shows in the other at once")
  func dataIsShared() async throws {
    let store = ShopStore()
    await store.waitUntilReady()
    let first = await SessionPage(on: store)
    let second = await SessionPage(on: store)
    try await second.session.dispatch(Navigation.Present<ShopState>(.basket)).value
    try await first.session.dispatch(AddToBasket()).value
    await second.renderer.settle()
    #expect(store.state.basketCount == 1)
    #expect((second.session.anyState as? ShopState)?.basketCount == 1)
    #expect(second.location?.titles.last == "Basket (1)")
  }

  @Test("a new page starts at the root, whatever screen the other pages are on")
  func newPageStartsAtRoot() async throws {
    let store = ShopStore()
    await store.waitUntilReady()
    let first = await SessionPage(on: store)
    try await first.session.dispatch(Navigation.Push<ShopState>(.item(2))).value
    let second = await SessionPage(on: store)
    #expect(second.routes == RouteStack(root: .list))
    #expect(second.location?.paths == ["/"])
  }

  @Test("a link reported by the page opens its screen in that page only")
  func navigateEventIsPerPage() async throws {
    let store = ShopStore()
    await store.waitUntilReady()
    let first = await SessionPage(on: store)
    let second = await SessionPage(on: store)
    let root = try #require(first.backend.rootChildren.first)
    first.backend.send(.navigate(paths: ["/", "/items/0"]), to: root)
    await first.renderer.settle()
    #expect(first.routes?.top == .item(0))
    #expect(second.routes?.top == .list)
  }

  @Test("updaters a side effect dispatched from a page move that page's screen")
  func sideEffectNavigatesItsPage() async throws {
    let store = ShopStore()
    await store.waitUntilReady()
    let first = await SessionPage(on: store)
    let second = await SessionPage(on: store)
    _ = try await first.session.anyDispatch(OpenBasketAfterWork()).value
    await first.renderer.settle()
    #expect(first.routes?.top == .basket)
    #expect(second.routes?.top == .list)
    #expect(store.state.basketCount == 1)
    #expect(store.state.routes == RouteStack(root: .list))
  }

  @Test("an updater that changes data and the screen moves only the page that dispatched it")
  func mixedUpdaterMovesItsPage() async throws {
    let store = ShopStore()
    await store.waitUntilReady()
    let first = await SessionPage(on: store)
    let second = await SessionPage(on: store)
    try await first.session.dispatch(BuyAndShowBasket()).value
    await first.renderer.settle()
    await second.renderer.settle()
    #expect(first.routes?.top == .basket)
    #expect(second.routes?.top == .list)
    #expect((second.session.anyState as? ShopState)?.basketCount == 1)
  }

  @Test("listeners hear the shared change with the page's own stack in both states")
  func listenersGetComposedStates() async throws {
    let store = ShopStore()
    await store.waitUntilReady()
    let session = SessionStore<ShopState>(sharing: store, scope: .routes)
    try await session.dispatch(Navigation.Push<ShopState>(.item(0))).value
    let heard = HeardStates()
    session.addListener { old, new in heard.append(old, new) }
    try await store.dispatch(AddToBasket()).value
    let changes = heard.all
    #expect(changes.count == 1)
    #expect(changes.first?.0.routes.top == .item(0))
    #expect(changes.first?.1.routes.top == .item(0))
    #expect(changes.first?.0.basketCount == 0)
    #expect(changes.first?.1.basketCount == 1)
  }

  @Test("a closed page leaves no listener on the shared store, and a released one neither")
  func closingFreesTheSession() async throws {
    let shared = WatchedStore()
    await shared.store.waitUntilReady()
    var page: SessionPage? = await SessionPage(on: shared)
    #expect(shared.listeners == 1)
    page?.session.close()
    #expect(shared.listeners == 0)
    page = nil
    do {
      let released = SessionStore<ShopState>(sharing: shared, scope: .routes)
      #expect(shared.listeners == 1)
      _ = released
    }
    #expect(shared.listeners == 0)
  }

  @Test("items a page sends to the shared store carry its session number, its own moves too")
  func callSitesCarryTheSession() async throws {
    let shared = WatchedStore()
    await shared.store.waitUntilReady()
    let first = await SessionPage(on: shared)
    let second = await SessionPage(on: shared)
    #expect(first.session.sessionID != second.session.sessionID)
    try await first.session.dispatch(Navigation.Push<ShopState>(.item(0))).value
    await first.renderer.settle()
    await first.tap("item.basket")
    #expect(first.routes?.top == .basket)
    first.renderer.dispatcher(AddToBasket())
    second.renderer.dispatcher(AddToBasket())
    await first.renderer.settle()
    await second.renderer.settle()
    let sessions = shared.sites.map(\.session)
    // The tap's move to the basket, then each page's addition.
    #expect(sessions == [first.session.sessionID, first.session.sessionID, second.session.sessionID])
    #expect(shared.state.basketCount == 2)
  }

  @Test("the scope comes from the state type: routes for a navigable state, nothing otherwise")
  func defaultScope() async throws {
    let shop = ShopStore()
    await shop.waitUntilReady()
    let session = shop.makeSession()
    try await session.dispatch(Navigation.Push<ShopState>(.basket)).value
    #expect((session.anyState as? ShopState)?.routes.top == .basket)
    #expect(shop.state.routes.top == .list)

    let plain = try await makeStore()
    let plainSession = plain.makeSession()
    try await plainSession.dispatch(Replace(state: AppState())).value
    #expect(plainSession.anyState is AppState)
  }
}

/// The (old, new) pairs a listener heard.
final class HeardStates: @unchecked Sendable {
  // @unchecked: `lock` guards `changes`.
  private let lock = NSLock()
  private var changes: [(ShopState, ShopState)] = []
  func append(_ old: ShopState, _ new: ShopState) { lock.withLock { changes.append((old, new)) } }
  var all: [(ShopState, ShopState)] { lock.withLock { changes } }
}
