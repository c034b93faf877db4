import Foundation
import Katana
import Testing

/// The original `ObserverInterceptorTests`, ported to the async API.
///
/// Reactions are dispatched fire and forget, but always before the item (or notification, or
/// start) that caused them is done, and the store handles updaters in the order it received them:
/// so the tests dispatch a marker updater afterwards, and once the marker is handled every
/// reaction has been, and none can still be on its way.
@Suite("Observer interceptor")
struct ObserverInterceptorTests {
  static let todoCountChanged = ObserverInterceptor.typedStateChange { (old: AppState, new: AppState) in
    old.todo.todos.count != new.todo.todos.count
  }

  static let untypedTodoCountChanged: StateChangeObserver = { old, new in
    guard let old = old as? AppState, let new = new as? AppState else { return false }
    return old.todo.todos.count != new.todo.todos.count
  }

  /// Expects the store to hold exactly `count` users once every reaction dispatched so far has
  /// been handled.
  ///
  /// The marker (``Touch``, which changes nothing, so no observer here reacts to it) is queued
  /// behind every reaction already dispatched; its `value` returns once it has been handled, so
  /// the count read after it is final.
  func expectUsers(_ count: Int, in store: AppStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await store.dispatch(Touch()).value
    #expect(store.state.user.users.count == count, sourceLocation: sourceLocation)
  }

  // MARK: onStateChange with typedStateChange (originals 1-4)

  @Test("a typed state-change observer dispatches its reaction after a matching update")
  func typedStateChangeOneReaction() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onStateChange(Self.todoCountChanged, [StateChangeAddUser.self])])
    ])
    let todo = Todo(title: "one", id: "1")

    try await store.dispatch(AddTodo(todo)).value

    try await expectUsers(1, in: store)
    #expect(store.state.todo.todos == [todo])
  }

  @Test("a typed state-change observer dispatches every listed reaction")
  func typedStateChangeThreeReactions() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([
        .onStateChange(Self.todoCountChanged, [StateChangeAddUser.self, StateChangeAddUser.self, StateChangeAddUser.self])
      ])
    ])

    try await store.dispatch(AddTodo()).value

    try await expectUsers(3, in: store)
  }

  @Test("a typed state-change observer skips reactions whose initialiser returns nil")
  func typedStateChangeSkipsNil() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([
        .onStateChange(Self.todoCountChanged, [NilStateChangeAddUser.self, StateChangeAddUser.self])
      ])
    ])

    try await store.dispatch(AddTodo()).value

    try await expectUsers(1, in: store)
  }

  @Test("a typed state-change predicate is never called for a side effect")
  func typedStateChangeIgnoresSideEffects() async throws {
    let calls = Counter()
    let predicate = ObserverInterceptor.typedStateChange { (_: AppState, _: AppState) in
      calls.increment()
      return false
    }
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onStateChange(predicate, [StateChangeAddUser.self])])
    ])

    // Whatever the observer does for a side effect, it does before the side effect's `value`
    // returns (the item is settled only after its completion hooks have run).
    try await store.dispatch(ClosureSideEffect()).value
    #expect(calls.value == 0)

    // The predicate does run for an updater, so the zero above is meaningful. It runs inside the
    // updater's chain, which has returned when `value` does; the updater is handled after the
    // side effect, so a call for the side effect would also be counted here.
    try await store.dispatch(AddTodo()).value
    #expect(calls.value == 1)
  }

  // MARK: onStateChange with an untyped predicate (originals 5-8)

  @Test("an untyped state-change observer dispatches its reaction after a matching update")
  func untypedStateChangeOneReaction() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onStateChange(Self.untypedTodoCountChanged, [StateChangeAddUser.self])])
    ])
    let todo = Todo(title: "one", id: "1")

    try await store.dispatch(AddTodo(todo)).value

    try await expectUsers(1, in: store)
    #expect(store.state.todo.todos == [todo])
  }

  @Test("an untyped state-change observer dispatches every listed reaction")
  func untypedStateChangeThreeReactions() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([
        .onStateChange(
          Self.untypedTodoCountChanged, [StateChangeAddUser.self, StateChangeAddUser.self, StateChangeAddUser.self])
      ])
    ])

    try await store.dispatch(AddTodo()).value

    try await expectUsers(3, in: store)
  }

  @Test("an untyped state-change observer skips reactions whose initialiser returns nil")
  func untypedStateChangeSkipsNil() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([
        .onStateChange(Self.untypedTodoCountChanged, [NilStateChangeAddUser.self, StateChangeAddUser.self])
      ])
    ])

    try await store.dispatch(AddTodo()).value

    try await expectUsers(1, in: store)
  }

  @Test("an untyped state-change predicate is never called for a side effect")
  func untypedStateChangeIgnoresSideEffects() async throws {
    let calls = Counter()
    let predicate: StateChangeObserver = { _, _ in
      calls.increment()
      return false
    }
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onStateChange(predicate, [StateChangeAddUser.self])])
    ])

    // As in the typed test: handled before `value` returns, and the updater comes after it.
    try await store.dispatch(ClosureSideEffect()).value
    #expect(calls.value == 0)

    try await store.dispatch(AddTodo()).value
    #expect(calls.value == 1)
  }

  // MARK: onDispatch (originals 9-12)

  @Test("a dispatch observer reacts to the observed item type")
  func onDispatchOneReaction() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onDispatch(AddTodo.self, [StateChangeAddUser.self])])
    ])

    try await store.dispatch(AddTodo()).value

    try await expectUsers(1, in: store)
  }

  @Test("a dispatch observer dispatches every listed reaction")
  func onDispatchTwoReactions() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onDispatch(AddTodo.self, [StateChangeAddUser.self, StateChangeAddUser.self])])
    ])

    try await store.dispatch(AddTodo()).value

    try await expectUsers(2, in: store)
  }

  @Test("a dispatch observer skips reactions whose initialiser returns nil")
  func onDispatchSkipsNil() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onDispatch(AddTodo.self, [NilStateChangeAddUser.self, StateChangeAddUser.self])])
    ])

    try await store.dispatch(AddTodo()).value

    try await expectUsers(1, in: store)
  }

  @Test("every dispatch observer entry matching the item fires")
  func onDispatchEveryMatchingEntryFires() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([
        .onDispatch(AddTodo.self, [StateChangeAddUser.self]),
        .onDispatch(AddTodo.self, [StateChangeAddUser.self]),
      ])
    ])

    try await store.dispatch(AddTodo()).value

    try await expectUsers(2, in: store)
  }

  // MARK: onNotification (originals 13-15)

  @Test("a notification observer reacts to a posted notification")
  func onNotificationOneReaction() async throws {
    let center = NotificationCenter()
    let name = Notification.Name("ObserverInterceptorTests.one")
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onNotification(name, [StateChangeAddUser.self])], notificationCenter: center)
    ])

    center.post(name: name, object: nil)

    try await expectUsers(1, in: store)
  }

  @Test("a notification observer dispatches every listed reaction")
  func onNotificationTwoReactions() async throws {
    let center = NotificationCenter()
    let name = Notification.Name("ObserverInterceptorTests.two")
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe(
        [.onNotification(name, [StateChangeAddUser.self, StateChangeAddUser.self])], notificationCenter: center)
    ])

    center.post(name: name, object: nil)

    try await expectUsers(2, in: store)
  }

  @Test("a notification observer skips reactions whose initialiser returns nil")
  func onNotificationSkipsNil() async throws {
    let center = NotificationCenter()
    let name = Notification.Name("ObserverInterceptorTests.nil")
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe(
        [.onNotification(name, [NilStateChangeAddUser.self, StateChangeAddUser.self])], notificationCenter: center)
    ])

    center.post(name: name, object: nil)

    try await expectUsers(1, in: store)
  }

  // MARK: onStart (originals 16-18)

  @Test("a start observer dispatches its reaction when the store starts")
  func onStartOneReaction() async throws {
    let store = await makeReadyStore(interceptors: [ObserverInterceptor.observe([.onStart([StateChangeAddUser.self])])])

    try await expectUsers(1, in: store)
  }

  @Test("a start observer dispatches every listed reaction")
  func onStartTwoReactions() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onStart([StateChangeAddUser.self, StateChangeAddUser.self])])
    ])

    try await expectUsers(2, in: store)
  }

  @Test("a start observer skips reactions whose initialiser returns nil")
  func onStartSkipsNil() async throws {
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onStart([NilStateChangeAddUser.self, StateChangeAddUser.self])])
    ])

    try await expectUsers(1, in: store)
  }

  // MARK: Release (original 19)

  @Test("releasing the store removes its notification observers at once")
  func releasingStoreRemovesNotificationObservers() async throws {
    // The original counted observers with a NotificationCenter subclass; on Linux the observer
    // methods cannot be overridden, so this test counts what an observer does instead: a
    // registered observer builds its reaction when the notification is posted.
    let center = NotificationCenter()
    let name = Notification.Name("ObserverInterceptorTests.release")
    let builds = Counter()
    var store: AppStore? = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onNotification(name, [CountedNotificationAddUser.self])], notificationCenter: center)
    ])
    weak let weakStore = store

    // Watched through a listener, which does not hold the store.
    let state = try #require(store).watchState()

    center.post(name: name, object: builds)
    #expect(builds.value == 1, "the observer was not registered")
    await state.wait("the reaction was applied") { $0.user.users.count == 1 }

    store = nil

    #expect(weakStore == nil, "something kept the store alive")
    center.post(name: name, object: builds)
    #expect(builds.value == 1, "the observer still reacted after the store was released")
  }
}
