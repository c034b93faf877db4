import Foundation
import Katana
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

/// The recording under concurrent dispatch: every updater's states must be exactly the ones
/// around it, whatever thread ran its chain.
@Suite struct DevToolsRecordingTests {
  struct Tally: State, Codable, Equatable {
    var count = 0
  }

  struct AddOne: StateUpdater {
    func updateState(_ state: inout Tally) { state.count += 1 }
  }

  /// Dispatches three updaters from its body and waits for them.
  struct AddThree: SideEffect {
    func sideEffect(_ context: SideEffectContext<Tally, EmptySideEffectDependencyContainer>) async throws {
      for _ in 0..<3 { try await context.dispatch(AddOne()).value }
    }
  }

  typealias TallyStore = Store<Tally, EmptySideEffectDependencyContainer>

  private func recorded(_ devTools: DevTools<Tally>) -> [RecordedItem] {
    devTools.recording.storage.withLock { Array($0.items) }
  }

  @Test func concurrentUpdatersEachRecordTheStatesAroundThem() async throws {
    let devTools = DevTools<Tally>(configuration: .init(capacity: 10_000))
    let store = TallyStore(devTools: devTools)
    await store.waitUntilReady()
    let producers = 8
    let perProducer = 500
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<producers {
        group.addTask {
          for _ in 0..<perProducer { store.dispatch(AddOne()) }
        }
      }
    }
    try await store.dispatch(AddOne()).value

    let items = recorded(devTools)
    #expect(items.count == producers * perProducer + 1)
    #expect(store.state.count == producers * perProducer + 1)
    let entries = devTools.recording.storage.withLock { devTools.recorder.entries($0) }
    let states = try entries.map { try #require($0.states) }
    // In the order the store applied them, update n takes the count from n - 1 to n, whichever
    // thread reported it first.
    for recorded in states {
      #expect(recorded.before.count == Int(recorded.sequence) - 1)
      #expect(recorded.after.count == Int(recorded.sequence))
    }
    #expect(states.map { $0.sequence }.sorted() == (1...UInt64(items.count)).map { $0 })
    #expect(items.map(\.sequence) == Array(1...items.count))
  }

  @Test func concurrentSideEffectsKeepTheirChildrenApart() async throws {
    let devTools = DevTools<Tally>(configuration: .init(capacity: 10_000))
    let store = TallyStore(devTools: devTools)
    await store.waitUntilReady()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<20 {
        group.addTask { try await store.dispatch(AddThree()).value }
      }
      try await group.waitForAll()
    }

    let items = recorded(devTools)
    let sideEffects = items.filter { $0.kind == .sideEffect }
    #expect(sideEffects.count == 20)
    for sideEffect in sideEffects {
      let children = items.filter { $0.parent == sideEffect.id }
      #expect(children.count == 3)
      // A side effect is recorded when it ends, after the children it awaited.
      #expect(children.allSatisfy { $0.sequence < sideEffect.sequence })
    }
    #expect(Set(items.map(\.id)).count == items.count)
    #expect(store.state.count == 60)
  }
}
