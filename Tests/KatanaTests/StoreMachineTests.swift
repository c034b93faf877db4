import Testing

@testable import Katana

/// The store's machine as a pure value: each transition and what it refuses, with no store,
/// lock or thread around it. The line tests are in StoreMachineLineTests.swift.
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
  static let chains = InterceptorChains(updater: passOn, sideEffect: passOn)
  static let dependencies = EmptySideEffectDependencyContainer(dispatch: { _ in fatalError("unused") }, getState: { Tally() })

  /// A machine whose initializer handed over an empty line: ready.
  static func readyMachine(chains: InterceptorChains? = chains) -> Machine {
    var machine = Machine(state: Tally())
    machine.dependenciesBuilt(dependencies)
    let installed = machine.install(chains, runner: 1)
    #expect(installed)
    let step = machine.next()
    #expect(step.next == nil && step.becameReady, "a machine with an empty line becomes ready at the first `next`")
    return machine
  }

  static func entry(_ completion: DispatchCompletion = DispatchCompletion(), turn: LineEntry.Turn = .updaterChain)
    -> LineEntry
  {
    LineEntry(item: Bump(), completion: completion, turn: turn)
  }

  @Test("initializing: nothing is applied, a chain is busy, everything waits in the one line in dispatch order")
  func initializingHoldsTheLine() {
    var machine = Machine(state: Tally())
    #expect(machine.phaseName == "initializing(0)")
    guard case .mustWait = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("applied before ready")
      return
    }
    #expect(machine.state.count == 0)
    guard case .busy = machine.claimChain(thread: 1) else {
      Issue.record("claimed a chain while the initializer holds the line")
      return
    }
    let first = DispatchCompletion()
    guard case .mustWait = machine.apply({ $0.count += 1 }, elseQueue: Self.entry(first), completion: first)
    else {
      Issue.record("a direct updater was not put in line")
      return
    }
    let second = DispatchCompletion()
    guard case .queued = machine.enqueueUpdater(Self.entry(second), thread: 2) else {
      Issue.record("a chain updater was not put in line")
      return
    }
    let third = DispatchCompletion()
    guard case .queued = machine.launchSideEffect(entry: { Self.entry(third, turn: .run({})) }) else {
      Issue.record("a side effect was not put in line")
      return
    }
    #expect(machine.phaseName == "initializing(3)", "one line for all three kinds")
    #expect(machine.state.count == 0)
  }

  @Test("nobody waits for the initializer's backlog: the line has no limit before readiness")
  func initializingLineIsUnbounded() {
    var machine = Machine(state: Tally())
    for _ in 0...Machine.backlogLimit {
      guard case .queued = machine.enqueueUpdater(Self.entry(), thread: 2) else {
        Issue.record("a dispatcher was made to wait for the initializer")
        return
      }
    }
    #expect(machine.phaseName == "initializing(\(Machine.backlogLimit + 1))")
  }

  @Test("the initializer installs the chains, runs the line in dispatch order, then lets go: ready")
  func initializerRunsTheLineThenIsReady() {
    var machine = Machine(state: Tally())
    machine.dependenciesBuilt(Self.dependencies)
    var readinessWaiters = 0
    let completions = (0..<3).map { _ in DispatchCompletion() }
    for completion in completions {
      _ = machine.enqueueUpdater(Self.entry(completion), thread: 2)
    }
    #expect(machine.lineRunner == nil, "nobody runs the line while the state is being made")
    let loaded = machine.initialStateLoaded(Tally(count: 10))
    #expect(loaded === Self.dependencies)
    #expect(machine.state.count == 10)
    let installed = machine.install(Self.chains, runner: 7)
    #expect(installed)
    #expect(machine.lineRunner == 7)
    let installedTwice = machine.install(Self.chains, runner: 8)
    #expect(!installedTwice, "the chains are installed once")
    for expected in completions {
      let step = machine.next()
      guard let entry = step.next else {
        Issue.record("the line is not handed over item by item")
        return
      }
      #expect(entry.completion.machine === expected.machine, "in dispatch order")
      #expect(step.wake.isEmpty && !step.becameReady)
      // Dispatched while the line is handed over: behind what waits already.
      if expected.machine === completions[0].machine {
        guard case .mustWait = machine.apply({ $0.count += 1 }, when: .ifReady) else {
          Issue.record("overtook the line during the hand-over")
          return
        }
      }
    }
    #expect(machine.phaseName == "initializing(0)", "not ready while the last item is handled")
    let last = machine.next()
    #expect(last.next == nil, "the initializer lets go of an empty line")
    readinessWaiters = last.readinessWaiters?.count ?? -1
    #expect(last.wake.isEmpty)
    #expect(readinessWaiters == 0)
    #expect(last.becameReady)
    #expect(machine.phaseName == "ready")
    #expect(machine.lineRunner == nil)
  }

  @Test("initializing events refused once ready: loading a state, installing chains, waiting for readiness")
  func readinessEventsAfterReady() {
    var machine = Self.readyMachine()
    let lateState = machine.initialStateLoaded(Tally(count: 5))
    #expect(lateState == nil)
    #expect(machine.state.count == 0, "a late state does not overwrite the store's")
    let lateInstall = machine.install(Self.chains, runner: 3)
    #expect(!lateInstall)
    let step = machine.next()
    #expect(step.next == nil && step.wake.isEmpty && !step.becameReady, "`next` with nobody holding the line is a no-op")
    #expect(machine.phaseName == "ready")
  }

  @Test("ready: updaters apply in place and report the change for the instrumentation")
  func readyApplies() {
    var machine = Self.readyMachine()
    let box = ChangeBox<Tally>()
    var recording = BoxRecording(box)
    guard case .applied = machine.apply({ $0.count += 1 }, when: .ifReady, recording: &recording) else {
      Issue.record("not applied")
      return
    }
    let change = box.value?.change
    #expect(change?.before.count == 0)
    #expect(change?.after.count == 1)
    #expect(change?.sequence == 1)
    guard
      case .applied = machine.apply(
        { $0.count += 1 }, elseQueue: Self.entry(), completion: DispatchCompletion())
    else {
      Issue.record("a ready machine did not apply an updater that may wait")
      return
    }
    #expect(machine.state.count == 2)
    #expect(machine.phaseName == "ready", "a ready machine puts nothing in line")
  }

  @Test("the first listener update makes the applier the deliverer; a second one waits for it, in order")
  func listenerDelivery() {
    var machine = Self.readyMachine()
    let id = machine.addListener { _, _ in }
    #expect(id == 1)
    guard case .deliver(let slot) = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("the first applier does not deliver")
      return
    }
    let (delivery, listeners) = slot.take()
    #expect(delivery.oldState.count == 0 && delivery.newState.count == 1)
    #expect(listeners.count == 1)
    guard case .waitForDelivery(let waiter) = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("a second applier delivers while another thread does")
      return
    }
    guard let (queued, _) = machine.nextDelivery() else {
      Issue.record("the queued update is not handed to the deliverer")
      return
    }
    #expect(queued.oldState.count == 1 && queued.newState.count == 2)
    #expect(queued.completion?.machine === waiter.machine)
    let nothingQueued = machine.nextDelivery()
    #expect(nothingQueued == nil, "delivery ends when nothing is queued")
    #expect(!machine.isDelivering)
    let removed = machine.removeListener(1)
    #expect(removed != nil)
    let removedTwice = machine.removeListener(1)
    #expect(removedTwice == nil, "removing twice finds nothing")
    guard case .applied = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("an update without listeners still delivers")
      return
    }
  }

  @Test("the delivery slot keeps nothing between deliveries and serves the next deliverer")
  func deliverySlotBetweenDeliveries() {
    var machine = Self.readyMachine()
    _ = machine.addListener { _, _ in }
    guard case .deliver(let first) = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("the first applier does not deliver")
      return
    }
    #expect(first === machine.deliverySlot)
    let (delivery, _) = first.take()
    #expect(delivery.newState.count == 1)
    #expect(first.pending == nil, "a taken slot holds no state or listener alive")
    #expect(machine.nextDelivery() == nil)
    guard case .deliver(let second) = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("the applier after a finished delivery does not deliver")
      return
    }
    #expect(second === first, "every deliverer of a store uses its one slot")
    #expect(second.take().delivery.oldState.count == 1)
  }

  @Test("a listener hears only updates applied after it was added")
  func listenerOrder() {
    var machine = Self.readyMachine()
    _ = machine.addListener { _, _ in }
    _ = machine.apply({ $0.count += 1 }, when: .ifReady)
    _ = machine.nextDelivery()
    _ = machine.addListener { _, _ in }
    #expect(machine.listeners.map(\.registeredAfter) == [0, 1])
  }

  @Test("the end of the chain applies known types with their applier and leaves unknown ones to the caller")
  func appliersAtTheEndOfTheChain() {
    var machine = Self.readyMachine()
    let key = ObjectIdentifier(Bump.self)
    let unknown = machine.applyFromChain(Bump(), key: key)
    #expect(unknown == nil, "no applier known yet")
    machine.rememberApplier(for: Bump.self) { StoreCore<Tally, EmptySideEffectDependencyContainer>.applier(for: Bump.self) }
    guard case .applied? = machine.applyFromChain(Bump(), key: key) else {
      Issue.record("the remembered applier did not apply")
      return
    }
    #expect(machine.state.count == 1)
    _ = machine.release()
    guard case .released? = machine.applyFromChain(Bump(), key: key) else {
      Issue.record("applied at the end of a chain after release")
      return
    }
  }

  @Test("release keeps only the state, hands back the line and its waiters, and refuses every event after")
  func releaseRefusesEverything() {
    var machine = Machine(state: Tally())
    machine.dependenciesBuilt(Self.dependencies)
    _ = machine.enqueueUpdater(Self.entry(), thread: 2)
    _ = machine.initialStateLoaded(Tally(count: 7))
    let added = machine.addReleaseHandler {}
    #expect(added)
    _ = machine.addListener { _, _ in }
    let dropped = machine.release()
    #expect(dropped.line?.isInitializer == true, "the line goes to the caller, which fails what waits")
    #expect(dropped.line?.waiting.count == 1)
    #expect(dropped.releaseHandlers.count == 1, "release hands the handlers to the caller to run")
    #expect(dropped.rest?.liveDependencies != nil, "the container goes to the caller, which drops it")
    #expect(machine.phaseName == "released")
    #expect(machine.liveDependencies == nil, "the container is dropped, breaking the cycle through it")
    #expect(machine.listeners.isEmpty)
    #expect(machine.state.count == 7, "the last state stays readable")
    #expect(!machine.addReleaseHandler {}, "a handler added after release is refused (the caller runs it)")
    #expect(machine.addListener { _, _ in } == nil)
    let stateAfterRelease = machine.initialStateLoaded(Tally())
    #expect(stateAfterRelease == nil)
    let installAfterRelease = machine.install(Self.chains, runner: 1)
    #expect(!installAfterRelease)
    guard case .released = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("applied after release")
      return
    }
    guard case .released = machine.apply({ $0.count += 1 }, elseQueue: Self.entry()) else {
      Issue.record("applied or queued after release")
      return
    }
    guard case .released = machine.apply({ $0.count += 1 }, when: .unlessReleased) else {
      Issue.record("applied after release")
      return
    }
    guard case .released = machine.claimChain(thread: 1) else {
      Issue.record("claimed a chain after release")
      return
    }
    guard case .released = machine.enqueueUpdater(Self.entry(), thread: 1) else {
      Issue.record("queued after release")
      return
    }
    guard case .released = machine.launchSideEffect(entry: { Self.entry() }) else {
      Issue.record("launched a side effect after release")
      return
    }
    guard case .released = machine.sideEffectStart() else {
      Issue.record("a side effect whose turn came started after release")
      return
    }
    let step = machine.next()
    #expect(step.next == nil && step.wake.isEmpty && !step.becameReady, "nothing runs after release")
    #expect(machine.state.count == 7)
    let again = machine.release()
    #expect(again.line == nil && again.releaseHandlers.isEmpty && again.delivered.isEmpty, "releasing twice hands back nothing more")
  }
}

extension StoreMachine {
  /// The phase, with who holds the line and its length, for assertions.
  var phaseName: String {
    switch phase {
    case .held(let line) where line.isInitializer: "initializing(\(line.waiting.count))"
    case .held(let line): "running(\(line.runner), \(line.waiting.count))"
    case .running: "running(\(chainRunner), 0)"
    case .ready: "ready"
    case .released: "released"
    case .modifying: "modifying"
    }
  }
}

extension StoreMachine {
  /// ``apply(_:elseQueue:recording:completion:)`` keeping nothing of the change.
  mutating func apply(
    _ mutate: (inout S) -> Void, elseQueue entry: LineEntry, completion: DispatchCompletion? = nil
  ) -> ApplyStep<S> {
    var recording = NoChangeRecording<S>()
    return apply(mutate, elseQueue: entry, recording: &recording, completion: completion)
  }
}
