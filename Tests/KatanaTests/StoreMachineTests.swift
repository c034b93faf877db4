import Testing

@testable import Katana

/// The store's machine as a pure value: each transition and what it refuses, with no store,
/// lock or thread around it.
@Suite("StoreMachine")
struct StoreMachineTests {
  struct Tally: State {
    var count = 0
  }

  struct Bump: StateUpdater {
    func updateState(_ state: inout Tally) { state.count += 1 }
  }

  typealias Machine = StoreMachine<Tally, EmptySideEffectDependencyContainer>

  static let passOn: StoreInterceptorNext = { _ in }

  static func readyMachine() -> Machine {
    var machine = Machine(state: Tally())
    let installed = machine.install(InterceptorChains(updater: passOn, sideEffect: passOn))
    #expect(installed)
    guard case .ready = machine.readinessRound() else {
      Issue.record("a machine with nothing held becomes ready in one round")
      return machine
    }
    return machine
  }

  static func job() -> QueuedUpdater {
    QueuedUpdater(item: Bump(), completion: DispatchCompletion(), dispatchedAt: nil, parent: nil, callSite: nil)
  }

  @Test("an initializing machine applies nothing and holds items, then hands them over before it is ready")
  func initializingHoldsThenHandsOver() {
    var machine = Machine(state: Tally())
    guard case .notReady = machine.applyIfReady({ $0.count += 1 }) else {
      Issue.record("applied before ready")
      return
    }
    #expect(machine.state.count == 0)
    guard case .notReady = machine.claimChain(thread: 1) else {
      Issue.record("claimed a chain before ready")
      return
    }
    let held = HeldItem(run: {}, completion: DispatchCompletion(), item: Bump())
    guard case .notReady = machine.applyOrHold({ $0.count += 1 }, completion: DispatchCompletion(), hold: { held })
    else {
      Issue.record("not held")
      return
    }
    guard case .handle(let items) = machine.readinessRound() else {
      Issue.record("the held item is not handed over")
      return
    }
    #expect(items.count == 1)
    #expect(machine.phase == .initializing, "still not ready while held items are handled")
    guard case .ready = machine.readinessRound() else {
      Issue.record("not ready once nothing is held")
      return
    }
    #expect(machine.phase == .ready)
  }

  @Test("a ready machine applies in place and reports the change for the instrumentation")
  func readyApplies() {
    var machine = Self.readyMachine()
    let before = machine.state
    guard case .applied = machine.applyIfReady({ $0.count += 1 }) else {
      Issue.record("not applied")
      return
    }
    let change = machine.change(from: before)
    #expect(change.before.count == 0)
    #expect(change.after.count == 1)
    #expect(change.sequence == 1)
  }

  @Test("one chain at a time: a second claim is busy, queued items run next, then the chain is free")
  func chainIsExclusive() {
    var machine = Self.readyMachine()
    guard case .claimed = machine.claimChain(thread: 1) else {
      Issue.record("the free chain is not claimed")
      return
    }
    guard case .busy = machine.claimChain(thread: 2) else {
      Issue.record("a second claim got the chain")
      return
    }
    guard case .queued = machine.enqueueForChain(Self.job(), thread: 2, hold: { fatalError("not held when ready") })
    else {
      Issue.record("not queued behind the running chain")
      return
    }
    let first = machine.finishChainItem()
    #expect(first.next != nil, "the queued item runs next")
    #expect(machine.isRunningChain)
    let second = machine.finishChainItem()
    #expect(second.next == nil)
    #expect(!machine.isRunningChain, "the chain is free once the queue is empty")
    guard case .claimed = machine.claimChain(thread: 2) else {
      Issue.record("the freed chain cannot be claimed")
      return
    }
  }

  @Test("another thread waits when the chain's queue is full; the chain's own thread never does")
  func backlogBoundsTheQueue() {
    var machine = Self.readyMachine()
    _ = machine.claimChain(thread: 1)
    for _ in 0..<Machine.backlogLimit {
      _ = machine.enqueueForChain(Self.job(), thread: 2, hold: { fatalError("not held when ready") })
    }
    guard case .waitForBacklog = machine.enqueueForChain(Self.job(), thread: 2, hold: { fatalError("not held") })
    else {
      Issue.record("a full queue admitted another thread's item")
      return
    }
    guard case .queued = machine.enqueueForChain(Self.job(), thread: 1, hold: { fatalError("not held") }) else {
      Issue.record("the chain's own thread was made to wait for itself")
      return
    }
  }

  @Test("release keeps only the state, hands back what must be dropped, and refuses everything after")
  func releaseRefusesEverything() {
    var machine = Self.readyMachine()
    _ = machine.applyIfReady { $0.count = 7 }
    let added = machine.addReleaseHandler {}
    #expect(added)
    let dropped = machine.release()
    #expect(dropped.releaseHandlers.count == 1, "release hands the handlers to the caller to run")
    #expect(machine.phase == .released)
    #expect(machine.state.count == 7, "the last state stays readable")
    let addedAfter = machine.addReleaseHandler {}
    #expect(!addedAfter, "a handler added after release is refused (the caller runs it)")
    guard case .released = machine.applyIfReady({ $0.count += 1 }) else {
      Issue.record("applied after release")
      return
    }
    guard case .released = machine.claimChain(thread: 1) else {
      Issue.record("claimed a chain after release")
      return
    }
    guard case .released = machine.launchSideEffect(hold: { fatalError("not held after release") }) else {
      Issue.record("launched a side effect after release")
      return
    }
    let listener = machine.addListener { _, _ in }
    #expect(listener == nil)
  }
}
