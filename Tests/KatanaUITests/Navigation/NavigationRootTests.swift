import Katana
import Testing

@testable import KatanaUI

/// The root on the recording backend, on a real store.
@MainActor
struct NavigationFixture {
  let store = ShopStore()
  let backend = RecordingBackend(containerSize: Size(width: 320, height: 160))
  let renderer: Renderer

  init() async {
    await store.waitUntilReady()
    renderer = Renderer(rootDescription: NavigationRoot<ShopScreens>(), store: store)
    renderer.render(in: backend)
    await renderer.settle()
  }

  /// Dispatches, waits for the render, and returns what it logged.
  @discardableResult
  func dispatch<U: StateUpdater>(_ updater: U) async throws -> [Mutation] where U.StateType == ShopState {
    backend.clearLog()
    try await store.dispatch(updater).value
    await renderer.settle()
    return backend.log
  }

  /// Sends an event, waits for what it dispatched to be rendered, and returns what it logged.
  @discardableResult
  func send(_ event: NodeEvent, toKey key: String) async -> [Mutation] {
    backend.clearLog()
    #expect(backend.send(event, toKey: key), "no view with key \(key)")
    await renderer.settle()
    return backend.log
  }

  func text(_ key: String) -> String? {
    guard let props = backend.firstView(withKey: key)?.props else { return nil }
    if let label = props as? LabelProps { return label.text }
    if let button = props as? ButtonProps { return button.titles[.normal] }
    return nil
  }

  /// The root view's location, as backends read it.
  var location: NavigationLocation? {
    backend.rootChildren.first.flatMap { backend.props(of: $0, as: NavigationRootProps<ShopScreens>.self)?.location }
  }

  /// The root's screen: its first child (the main landmark holding the screen).
  var screen: NodeID? {
    backend.rootChildren.first.flatMap { backend.children(of: $0).first }
  }
}

@MainActor
@Suite("Navigation root renders the top route")
struct NavigationRootTests {
  @Test("the root shows the top screen under a title bar, with Back only when there is a screen below")
  func showsTop() async throws {
    let fixture = await NavigationFixture()
    #expect(fixture.text("list.1") == "pears")
    #expect(fixture.text("navigation.title") == "Shop")
    #expect(fixture.backend.firstView(withKey: "navigation.back") == nil)
    let screen = try #require(fixture.screen)
    #expect(fixture.backend.view(screen)?.frame == Rect(x: 0, y: 16, width: 320, height: 144))
    #expect(fixture.location == NavigationLocation(titles: ["Shop"], paths: ["/"]))

    try await fixture.dispatch(Navigation.Push<ShopState>(.item(1)))
    #expect(fixture.text("item.name") == "pears")
    #expect(fixture.backend.firstView(withKey: "list.0") == nil)
    #expect(fixture.text("navigation.title") == "Shop › pears")
    #expect(fixture.text("navigation.back") == "‹ Back")
    #expect(fixture.location == NavigationLocation(titles: ["Shop", "pears"], paths: ["/", "/items/1"]))
    #expect(fixture.renderer.errors.isEmpty)
  }

  @Test("a push unmounts the covered screen in one remove and mounts the new one; the rest is untouched")
  func pushMutations() async throws {
    let fixture = await NavigationFixture()
    let oldScreen = try #require(fixture.screen)
    let nodesBefore = fixture.renderer.mountedNodeCount
    let log = try await fixture.dispatch(Navigation.Push<ShopState>(.item(0)))
    let counts = MutationCounts(log)
    // One remove: the list's view, its three labels going with it.
    #expect(log.contains(.remove(oldScreen)))
    #expect(counts.remove == 1)
    // The item's main landmark, its view, label and button, and the title bar's Back button.
    #expect(counts.create == 5)
    #expect(counts.insert == 5)
    // The root (its location), the title bar (its children) and the title label (its text);
    // nothing moves or is laid out again.
    #expect(counts.updateProps == 3)
    #expect(counts.setFrame == 0)
    #expect(fixture.renderer.mountedNodeCount == nodesBefore - 5 + 5)
  }

  @Test("a pop unmounts the top screen and mounts the one below again")
  func popMutations() async throws {
    let fixture = await NavigationFixture()
    try await fixture.dispatch(Navigation.Push<ShopState>(.item(2)))
    let itemScreen = try #require(fixture.screen)
    let log = try await fixture.dispatch(Navigation.Pop<ShopState>())
    let counts = MutationCounts(log)
    #expect(log.contains(.remove(itemScreen)))
    // The item's screen (its main landmark) and the Back button.
    #expect(counts.remove == 2)
    // The list's main landmark, its view and its three labels.
    #expect(counts.create == 5)
    #expect(fixture.text("list.2") == "plums")
    #expect(fixture.backend.firstView(withKey: "item.name") == nil)
  }

  @Test("a change that keeps the route re-renders inside the screen only")
  func sameRoute() async throws {
    let fixture = await NavigationFixture()
    try await fixture.dispatch(Navigation.Present<ShopState>(.basket))
    let screen = fixture.screen
    let log = try await fixture.dispatch(AddToBasket())
    // The title changes ("Basket (1)"): the root's location, the title bar and its label; the
    // screen stays.
    #expect(MutationCounts(log) == MutationCounts(updateProps: 3))
    #expect(fixture.screen == screen)
    #expect(fixture.text("navigation.title") == "Shop › Basket (1)")
  }

  @Test("a screen leaving the stack is unmounted (its didUnmount runs)")
  func unmounts() async throws {
    let fixture = await NavigationFixture()
    try await fixture.dispatch(Navigation.Present<ShopState>(.basket))
    #expect(fixture.text("basket.title") == "Basket")
    try await fixture.dispatch(Navigation.Dismiss<ShopState>())
    #expect(fixture.store.state.basketUnmounts == 1)
    #expect(fixture.backend.firstView(withKey: "basket.title") == nil)
  }

  @Test("Esc and the Back button go back; Esc at the root is left to others")
  func back() async throws {
    let fixture = await NavigationFixture()
    try await fixture.dispatch(Navigation.Push<ShopState>(.item(0)))
    await fixture.send(.key(KeyPress(.escape)), toKey: "item.name")
    #expect(fixture.store.state.routes.routes == [.list])
    try await fixture.dispatch(Navigation.Push<ShopState>(.item(0)))
    await fixture.send(.tap, toKey: "navigation.back")
    #expect(fixture.store.state.routes.routes == [.list])
    let log = await fixture.send(.key(KeyPress(.escape)), toKey: "list.0")
    #expect(log.isEmpty)
    #expect(fixture.store.state.routes.routes == [.list])
  }

  @Test("a browser's navigate event opens the stack of its paths; an unknown path the not-found screen")
  func navigateEvent() async throws {
    let fixture = await NavigationFixture()
    let root = try #require(fixture.backend.rootChildren.first)
    fixture.renderer.send(.navigate(paths: ["/", "/items/2"]), to: root)
    await fixture.renderer.settle()
    #expect(fixture.store.state.routes.routes == [.list, .item(2)])
    #expect(fixture.text("item.name") == "plums")
    fixture.renderer.send(.navigate(paths: ["/elsewhere"]), to: root)
    await fixture.renderer.settle()
    #expect(fixture.store.state.routes.routes == [.list, .notFound("/elsewhere")])
    #expect(fixture.text("notFound") == "No page at /elsewhere")
  }

  @Test("work dispatched for a screen is kept while the screen is covered, and dropped when it leaves")
  func screenWorkFollowsTheStack() async throws {
    let fixture = await NavigationFixture()
    try await fixture.dispatch(Navigation.Push<ShopState>(.item(1)))
    // Untracked, so that `settle` does not wait for the work, which ends only when cancelled.
    let dispatcher = Dispatcher(
      store: fixture.store, tracker: nil, screenWork: fixture.renderer.dispatcher.screenWork)
    let work = try #require(dispatcher(LoadForever(), cancellingWhenLeaving: ShopRoute.item(1)))
    try await fixture.dispatch(Navigation.Present<ShopState>(.basket))
    try await fixture.dispatch(Navigation.Pop<ShopState>())
    #expect(dispatcher.screenWork?.count(for: ShopRoute.item(1)) == 1)
    try await fixture.dispatch(Navigation.Pop<ShopState>())
    #expect(dispatcher.screenWork?.count(for: ShopRoute.item(1)) == 0)
    await #expect(throws: CancellationError.self) { try await work.value }
  }

  @Test("the root screen's finished work is forgotten, so it does not grow while the app runs")
  func finishedScreenWorkIsForgotten() async throws {
    let fixture = await NavigationFixture()
    let dispatcher = fixture.renderer.dispatcher
    // Updaters are applied by the dispatch itself: nothing is kept for them.
    for _ in 0..<1_000 { dispatcher(AddToBasket(), cancellingWhenLeaving: ShopRoute.list) }
    #expect(dispatcher.screenWork?.count(for: ShopRoute.list) == 0)
    #expect(fixture.store.state.basketCount == 1_000)
    // A side effect is kept while it runs and forgotten when it ends, before its awaiter resumes.
    let running = try #require(dispatcher(LoadForever(), cancellingWhenLeaving: ShopRoute.list))
    let finishing = try #require(dispatcher(LoadNothing(), cancellingWhenLeaving: ShopRoute.list))
    _ = try await finishing.value
    #expect(dispatcher.screenWork?.count(for: ShopRoute.list) == 1)
    running.cancel()
    await #expect(throws: CancellationError.self) { try await running.value }
    #expect(dispatcher.screenWork?.count(for: ShopRoute.list) == 0)
  }

  @Test("work still running when its screen leaves the stack is cancelled; the root's goes on")
  func screenWorkIsCancelled() async throws {
    let fixture = await NavigationFixture()
    try await fixture.dispatch(Navigation.Push<ShopState>(.item(1)))
    let dispatcher = fixture.renderer.dispatcher
    let forItem = try #require(dispatcher(LoadForever(), cancellingWhenLeaving: ShopRoute.item(1)))
    let forList = try #require(dispatcher(LoadForever(), cancellingWhenLeaving: ShopRoute.list))
    // Not through the fixture: `settle` would wait for the work, which only ends when cancelled.
    try await fixture.store.dispatch(Navigation.Pop<ShopState>()).value
    await #expect(throws: CancellationError.self) { try await forItem.value }
    #expect(dispatcher.screenWork?.count(for: ShopRoute.list) == 1)
    forList.cancel()
    await #expect(throws: CancellationError.self) { try await forList.value }
  }
}

@MainActor
@Suite("Navigation root on a medium with a minimum target")
struct NavigationRootTargetTests {
  @Test("the title bar is at least one target high, so Back can be hit on a phone; the screen starts below it")
  func barIsOneTargetHigh() async throws {
    let store = ShopStore()
    await store.waitUntilReady()
    let backend = RecordingBackend(containerSize: Size(width: 312, height: 600))
    backend.minimumTargetSize = Size(width: 35.2, height: 35.2)
    let renderer = Renderer(rootDescription: NavigationRoot<ShopScreens>(), store: store)
    renderer.render(in: backend)
    try await store.dispatch(Navigation.Push<ShopState>(.item(1))).value
    await renderer.settle()
    #expect(backend.firstView(withKey: "navigation.bar")?.frame == Rect(x: 0, y: 0, width: 312, height: 35.2))
    let back = try #require(backend.firstView(withKey: "navigation.back"))
    #expect(back.frame.height == 35.2 && back.frame.width >= 35.2)
    let screen = try #require(backend.rootChildren.first.flatMap { backend.children(of: $0).first })
    #expect(backend.view(screen)?.frame == Rect(x: 0, y: 35.2, width: 312, height: 600 - 35.2))
    #expect(backend.accessibilityTree.map(\.role) == [.landmark(.main), .landmark(.banner)])
  }
}
