import Foundation
import Katana
import Testing

/// Guarantee 10 is checked by running the whole suite under ThreadSanitizer; this test gives it a
/// workload that touches every part of the store at once.
@Suite("Concurrency stress")
struct ConcurrencyStressTests {
  @Test("updaters, side effects, listeners, observers and loggers used from many tasks at once")
  func everythingAtOnce() async throws {
    let center = NotificationCenter()
    let name = Notification.Name("ConcurrencyStressTests.ping")
    let lines = Counter()
    let store = await makeReadyStore(interceptors: [
      DispatchableLogger.interceptor(sink: { _ in lines.increment() }),
      ObserverInterceptor.observe([.onNotification(name, [CountedNotificationAddUser.self])], notificationCenter: center),
    ])
    let state = store.watchState()
    let pairs = Recorder<Int>()
    store.addListener { old, new in pairs.append(new.todo.todos.count - old.todo.todos.count) }

    _ = try await withDeadline("the mixed workload") {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<6 {
          group.addTask {
            for step in 0..<100 {
              switch step % 4 {
              case 0:
                try await store.dispatch(AddTodo(Todo(title: "w\(worker)", id: "\(worker)-\(step)"))).value
              case 1:
                try await store.dispatch(
                  ClosureSideEffect { context in
                    try await context.dispatch(AddTodo(Todo(title: "se", id: "\(worker)-\(step)"))).value
                    _ = context.getState()
                  }
                ).value
              case 2:
                let unsubscribe = store.addListener { _, _ in }
                _ = store.state
                unsubscribe()
              default:
                #expect(try await store.dispatch(Multiply(a: worker, b: step)).value == worker * step)
              }
            }
          }
        }
        group.addTask {
          for _ in 0..<20 { center.post(name: name, object: nil) }
        }
        try await group.waitForAll()
      }
    }
    await state.wait("the 20 notification reactions are applied") { $0.user.users.count == 20 }

    #expect(store.state.todo.todos.count == 6 * 50)
    // Listener: one call per applied updater (300 todos + 20 users), each todo update adding one.
    await pairs.wait(forCount: 320, "listeners heard every update")
    #expect(pairs.values.filter { $0 == 1 }.count == 300)
    // Logged: per worker 25 updaters + 25 side effects with their 25 updaters + 25 Multiply; plus
    // the 20 reactions.
    await lines.wait(forValue: 6 * 100 + 20, "every handled item is logged")
    #expect(lines.value == 6 * 100 + 20)
  }
}
