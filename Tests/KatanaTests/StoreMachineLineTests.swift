import Testing

@testable import Katana

/// The machine's line once the store is ready: one updater chain at a time, everything else in
/// line behind it, and the bound on how many wait.
@Suite("StoreMachine line")
struct StoreMachineLineTests {
  typealias Machine = StoreMachineTests.Machine

  static func entry(_ completion: DispatchCompletion = DispatchCompletion()) -> LineEntry {
    StoreMachineTests.entry(completion)
  }

  @Test("one chain at a time: a second claim is busy, queued items run next in order, then the line is free")
  func chainIsExclusive() {
    var machine = StoreMachineTests.readyMachine()
    guard case .claimed = machine.claimChain(thread: 1) else {
      Issue.record("the free line is not claimed")
      return
    }
    #expect(machine.phaseName == "running(1, 0)")
    #expect(machine.lineRunner == 1)
    guard case .busy = machine.claimChain(thread: 2) else {
      Issue.record("a second claim got the line")
      return
    }
    guard case .mustWait = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("an update overtook the running chain")
      return
    }
    let completions = [DispatchCompletion(), DispatchCompletion()]
    for completion in completions {
      guard case .queued = machine.enqueueUpdater(Self.entry(completion), thread: 2) else {
        Issue.record("not queued behind the running chain")
        return
      }
    }
    #expect(machine.phaseName == "running(1, 2)")
    for expected in completions {
      guard let entry = machine.next().next else {
        Issue.record("the queued item does not run next")
        return
      }
      #expect(entry.completion.machine === expected.machine)
      #expect(machine.lineRunner == 1, "the same thread keeps the line while it runs what waits")
    }
    let step = machine.next()
    #expect(step.next == nil, "the line is let go once empty")
    #expect(step.wake.isEmpty)
    #expect(!step.becameReady, "it was ready already")
    #expect(machine.phaseName == "ready")
    guard case .claimed = machine.claimChain(thread: 2) else {
      Issue.record("the freed line cannot be claimed")
      return
    }
  }

  @Test("an updater that finds the line free claims it to run now")
  func enqueueOnAFreeLineRunsNow() {
    var machine = StoreMachineTests.readyMachine()
    guard case .runNow = machine.enqueueUpdater(Self.entry(), thread: 3) else {
      Issue.record("an updater waited in a line nobody holds")
      return
    }
    #expect(machine.phaseName == "running(3, 0)")
  }

  @Test("a store without interceptors has no chain to claim; its updaters never wait once ready")
  func noChainsNoClaim() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    guard case .released = machine.claimChain(thread: 1) else {
      Issue.record("claimed a chain that does not exist")
      return
    }
    guard case .released = machine.enqueueUpdater(Self.entry(), thread: 1) else {
      Issue.record("ran a chain that does not exist")
      return
    }
    guard case .start(_, nil) = machine.launchSideEffect(entry: { Self.entry() }) else {
      Issue.record("a side effect of a store without interceptors does not start at once, chainless")
      return
    }
    #expect(machine.phaseName == "ready")
  }

  @Test("a side effect does not wait for a running updater chain: it starts with the side-effect chain")
  func sideEffectsSkipTheChainsLine() {
    var machine = StoreMachineTests.readyMachine()
    _ = machine.claimChain(thread: 1)
    guard case .start(let dependencies, let chain) = machine.launchSideEffect(entry: {
      Issue.record("a side effect was put in the running chain's line")
      return Self.entry()
    })
    else {
      Issue.record("a side effect did not start while a chain runs")
      return
    }
    #expect(dependencies === StoreMachineTests.dependencies)
    #expect(chain != nil)
    #expect(machine.phaseName == "running(1, 0)")
    guard case .start = machine.sideEffectStart() else {
      Issue.record("a side effect whose turn came has nothing to start with")
      return
    }
  }

  @Test("another thread waits when the line is full; the runner never does; waiters wake at half")
  func backlogBoundsTheLine() {
    var machine = StoreMachineTests.readyMachine()
    _ = machine.claimChain(thread: 1)
    for _ in 0..<Machine.backlogLimit {
      _ = machine.enqueueUpdater(Self.entry(), thread: 2)
    }
    guard case .waitForBacklog = machine.enqueueUpdater(Self.entry(), thread: 2) else {
      Issue.record("a full line admitted another thread's item")
      return
    }
    guard case .queued = machine.enqueueUpdater(Self.entry(), thread: 1) else {
      Issue.record("the runner was made to wait for itself")
      return
    }
    // Limit + 1 wait; the waiter wakes once no more than half the limit do.
    var woken = 0
    var ran = 0
    while true {
      let step = machine.next()
      guard step.next != nil else { break }
      ran += 1
      woken += step.wake.count
      if woken == 1 {
        #expect(machine.phaseName == "running(1, \(Machine.backlogLimit / 2))", "woken at half, not before")
        break
      }
    }
    #expect(woken == 1)
    #expect(ran == Machine.backlogLimit / 2 + 1)
  }

  @Test("the runner lets go of an idle line at once, and of no other: not while items wait, nor the initializer's")
  func letGoIfIdleOnlyWhenIdle() {
    var machine = StoreMachineTests.readyMachine()
    let letGoOfReady = machine.letGoIfIdle()
    #expect(!letGoOfReady, "nobody holds a ready line")
    _ = machine.claimChain(thread: 1)
    _ = machine.enqueueUpdater(Self.entry(), thread: 2)
    let letGoOfBusy = machine.letGoIfIdle()
    #expect(!letGoOfBusy, "an item waits")
    #expect(machine.phaseName == "running(1, 1)")
    let queued = machine.next().next
    #expect(queued != nil)
    let letGoOfIdle = machine.letGoIfIdle()
    #expect(letGoOfIdle, "the line is empty")
    #expect(machine.phaseName == "ready")

    var initializing = Machine(state: StoreMachineTests.Tally())
    let letGoOfInitializer = initializing.letGoIfIdle()
    #expect(!letGoOfInitializer, "only `next` hands the initializer's line over (readiness waiters)")
    #expect(initializing.phaseName == "initializing(0)")
    _ = machine.release()
    let letGoOfReleased = machine.letGoIfIdle()
    #expect(!letGoOfReleased)
    #expect(machine.phaseName == "released")
  }

  @Test("letting go of the line wakes every dispatcher still waiting for it")
  func freeWakesTheBacklog() {
    var machine = StoreMachineTests.readyMachine()
    _ = machine.claimChain(thread: 1)
    for _ in 0..<Machine.backlogLimit {
      _ = machine.enqueueUpdater(Self.entry(), thread: 2)
    }
    _ = machine.enqueueUpdater(Self.entry(), thread: 2)
    _ = machine.enqueueUpdater(Self.entry(), thread: 3)
    var woken = 0
    while true {
      let step = machine.next()
      woken += step.wake.count
      if step.next == nil { break }
    }
    #expect(woken == 2)
    #expect(machine.phaseName == "ready")
  }

  @Test("releasing while a chain runs hands back its line and the dispatchers waiting for it")
  func releaseWhileRunning() {
    var machine = StoreMachineTests.readyMachine()
    _ = machine.claimChain(thread: 1)
    for _ in 0..<Machine.backlogLimit {
      _ = machine.enqueueUpdater(Self.entry(), thread: 2)
    }
    _ = machine.enqueueUpdater(Self.entry(), thread: 2)
    let dropped = machine.release()
    guard let line = dropped.line, !line.isInitializer else {
      Issue.record("the running line is not handed back")
      return
    }
    #expect(line.waiting.count == Machine.backlogLimit)
    #expect(line.backlogWaiters.count == 1)
    #expect(machine.phaseName == "released")
  }
}
