import Foundation
import Katana
import KatanaSupport
import Testing

/// Guarantee 9: releasing the last reference releases the store promptly; nothing pending hangs,
/// and what outlives the store fails with `KatanaError.storeReleased`.
@Suite("Store release")
struct StoreReleaseTests {
  static func interceptors(_ path: StorePath) -> [StoreInterceptor] {
    // An interceptor that keeps its context, as real interceptors do.
    let keepsContext: StoreInterceptor = { context in
      { next in
        { item in
          _ = context.getAnyState()
          try next(item)
        }
      }
    }
    return path == .direct ? [] : [keepsContext]
  }

  static func released(_ type: any Dispatchable.Type) -> KatanaError {
    .storeReleased(String(reflecting: type))
  }

  @Test("a store with listeners, dependencies and interceptors is released with its last reference",
        arguments: StorePath.allCases)
  func storeIsReleased(path: StorePath) async throws {
    var store: AppStore? = await makeReadyStore(interceptors: Self.interceptors(path))
    weak let weakStore = store
    let heard = Counter()
    store?.addListener { _, _ in heard.increment() }
    let dependencies = store?.dependencies
    try await store?.dispatch(AddTodo()).value
    try await store?.dispatch(ClosureSideEffect()).value
    #expect(heard.value == 1)

    store = nil

    await waitUntil("the store is released") { weakStore == nil }
    #expect(dependencies != nil, "the container may outlive the store")
  }

  @Test("a store is released while a side effect is suspended in its body", arguments: StorePath.allCases)
  func storeIsReleasedDuringSideEffect(path: StorePath) async throws {
    var store: AppStore? = await makeReadyStore(interceptors: Self.interceptors(path))
    weak let weakStore = store
    let todo = Todo(title: "before release", id: "b")
    try await store?.dispatch(AddTodo(todo)).value
    let gate = Gate()
    let stateAfterRelease = Locked<AppState?>(nil)
    let dispatchError = Locked<(any Error)?>(nil)
    let suspended = try #require(
      store?.dispatch(
        ClosureSideEffect { context in
          await gate.wait()
          stateAfterRelease.set(context.getState())
          do {
            try await context.dispatch(AddUser()).value
          } catch {
            dispatchError.set(error)
          }
        }))
    await waitUntil("the side effect is suspended in its body") { gate.arrivals == 1 }

    store = nil
    await waitUntil("the store is released while the side effect is suspended") { weakStore == nil }
    #expect(!gate.isOpen)

    gate.open()
    _ = try await withDeadline("the suspended side effect's value") { try await suspended.value }

    #expect(stateAfterRelease.current?.todo.todos == [todo], "getState after release returns the last state")
    #expect(dispatchError.current as? KatanaError == Self.released(AddUser.self))
  }

  @Test("items held before readiness fail with storeReleased when the store goes", arguments: StorePath.allCases)
  func heldItemsFailOnRelease(path: StorePath) async throws {
    let gate = Gate()
    var store: AppStore? = AppStore(
      interceptors: Self.interceptors(path),
      stateInitializer: {
        await gate.wait()
        return AppState()
      })
    weak let weakStore = store
    let updater = try #require(store?.dispatch(AddTodo()))
    let sideEffect = try #require(store?.dispatch(ClosureSideEffect()))
    let returning = try #require(store?.dispatch(Multiply(a: 1, b: 2)))

    store = nil
    await waitUntil("the store is released") { weakStore == nil }

    let errors = try await withDeadline("values of held items after release") {
      var errors: [KatanaError?] = []
      do { try await updater.value } catch { errors.append(error as? KatanaError) }
      do { try await sideEffect.value } catch { errors.append(error as? KatanaError) }
      do { _ = try await returning.value } catch { errors.append(error as? KatanaError) }
      return errors
    }
    #expect(
      errors == [Self.released(AddTodo.self), Self.released(ClosureSideEffect.self), Self.released(Multiply.self)])
    gate.open()
  }

  @Test("updaters waiting for the interceptor chain complete when the store goes")
  func queuedUpdatersCompleteOnRelease() async throws {
    let gate = ThreadGate()
    let blockFirst: StoreInterceptor = { _ in
      { next in
        { item in
          if let add = item as? AddTodo, add.todo.id == "first" { gate.block() }
          try next(item)
        }
      }
    }
    var store: AppStore? = await makeReadyStore(interceptors: [blockFirst])
    weak let weakStore = store
    // Dispatched through the container, which holds the store's engine but not the store, so the
    // blocked thread does not keep the store alive.
    let dispatch = try #require(store?.dependencies.dispatch)
    let firstTask = Locked<DispatchTask<any Sendable>?>(nil)
    let firstReturned = Gate()
    runOnNewThread {
      firstTask.set(dispatch(AddTodo(Todo(title: "first", id: "first"))))
      firstReturned.open()
    }
    await gate.waitForArrival()
    let second = try #require(store?.anyDispatch(AddTodo(Todo(title: "second", id: "second"))))

    store = nil
    #expect(weakStore == nil, "a running interceptor chain kept the store alive")
    gate.open()
    await firstReturned.wait()
    let first = try #require(firstTask.current)

    let outcomes = try await withDeadline("values of updaters pending at release") {
      var outcomes: [String] = []
      for task in [first, second] {
        do {
          _ = try await task.value
          outcomes.append("applied")
        } catch let error as KatanaError {
          outcomes.append(error == Self.released(AddTodo.self) ? "released" : "\(error)")
        } catch {
          outcomes.append("unexpected \(error)")
        }
      }
      return outcomes
    }
    // Each completes with its result or KatanaError.storeReleased; nothing hangs.
    #expect(outcomes?.allSatisfy { $0 == "applied" || $0 == "released" } == true, "\(outcomes ?? [])")
    #expect(outcomes?.last == "released", "the queued updater cannot be applied to a released store")
  }

  @Test("contexts and dependency containers outliving the store fail to dispatch and keep the last state",
        arguments: StorePath.allCases)
  func contextAndDependenciesAfterRelease(path: StorePath) async throws {
    var store: AppStore? = await makeReadyStore(interceptors: Self.interceptors(path))
    weak let weakStore = store
    let todo = Todo(title: "last", id: "l")
    try await store?.dispatch(AddTodo(todo)).value
    let kept = Locked<AppContext?>(nil)
    try await store?.dispatch(ClosureSideEffect { context in kept.set(context) }).value
    let context = try #require(kept.current)
    let dependencies = try #require(store?.dependencies)

    store = nil
    await waitUntil("the store is released") { weakStore == nil }

    #expect(context.getState().todo.todos == [todo])
    #expect((context.getAnyState() as? AppState)?.todo.todos == [todo])
    #expect((dependencies.getState() as? AppState)?.todo.todos == [todo])

    let errors = try await withDeadline("dispatches after release") {
      var errors: [KatanaError?] = []
      do { try await context.dispatch(AddTodo()).value } catch { errors.append(error as? KatanaError) }
      do { try await context.dispatch(ClosureSideEffect()).value } catch { errors.append(error as? KatanaError) }
      do { _ = try await context.dispatch(Multiply(a: 1, b: 1)).value } catch { errors.append(error as? KatanaError) }
      do { _ = try await context.anyDispatch(AddUser()).value } catch { errors.append(error as? KatanaError) }
      do { _ = try await dependencies.dispatch(AddUser()).value } catch { errors.append(error as? KatanaError) }
      return errors
    }
    #expect(
      errors == [
        Self.released(AddTodo.self), Self.released(ClosureSideEffect.self), Self.released(Multiply.self),
        Self.released(AddUser.self), Self.released(AddUser.self),
      ])
  }

  @Test("a retry after the store is gone fails with storeReleased instead of hanging")
  func retryAfterRelease() async throws {
    var store: AppStore? = await makeReadyStore()
    let failing = try #require(store?.dispatch(ClosureSideEffect { _ in throw TestError.boom }))
    _ = try? await failing.value

    store = nil

    let error = try await withDeadline("a retry after release") { () -> (any Error)? in
      do {
        try await failing.retry(3).value
        return nil
      } catch {
        return error
      }
    }
    let final = try #require(error ?? nil)
    // The first run's error, or storeReleased for the re-dispatches: either way, no hang.
    #expect(final as? KatanaError == Self.released(ClosureSideEffect.self) || final as? TestError == .boom)
  }

  @Test("notification observers are removed on release even while a side effect is suspended")
  func observersRemovedDuringSuspendedSideEffect() async throws {
    let center = NotificationCenter()
    let name = Notification.Name("StoreReleaseTests.observer")
    let builds = Counter()
    var store: AppStore? = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onNotification(name, [CountedNotificationAddUser.self])], notificationCenter: center)
    ])
    weak let weakStore = store
    let gate = Gate()
    let suspended = try #require(store?.dispatch(ClosureSideEffect { _ in await gate.wait() }))
    await waitUntil("the side effect is suspended in its body") { gate.arrivals == 1 }
    center.post(name: name, object: builds)
    #expect(builds.value == 1, "the observer was not registered")

    store = nil
    await waitUntil("the store is released") { weakStore == nil }

    center.post(name: name, object: builds)
    #expect(builds.value == 1, "the observer still reacts after the store was released")
    gate.open()
    _ = try await withDeadline("the suspended side effect's value") { try await suspended.value }

    // Once nothing runs any more, the observer is certainly gone.
    let before = builds.value
    center.post(name: name, object: builds)
    #expect(builds.value == before, "the observer outlived the store and its last side effect")
  }
}
