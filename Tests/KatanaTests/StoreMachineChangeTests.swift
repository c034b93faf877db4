import Testing

@testable import Katana

/// The machine's events that an instrumented or journaled store sends, tested on the machine as a
/// value: what each applies, what it counts and hands back, and what it refuses.
@Suite("StoreMachine changes")
struct StoreMachineChangeTests {
  typealias Tally = StoreMachineTests.Tally
  typealias Machine = StoreMachineTests.Machine

  /// A journal that takes every change, keeping what it was handed.
  final class Journal {
    var taken: [(sequence: UInt64, before: Int)] = []
    var isOn = true

    func append(_ sequence: UInt64, _ before: Tally) -> Bool {
      guard isOn else { return false }
      taken.append((sequence, before.count))
      return true
    }
  }

  @Test("a journaled apply: the journal takes the sequence and the state before, then the update applies")
  func journaledApply() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    let journal = Journal()
    for expected in 1...2 {
      #expect(machine.isReady)
      let sequence = machine.journalChange(journal.append)
      #expect(sequence == UInt64(expected))
      guard case .applied = machine.apply({ $0.count += 1 }, when: .granted) else {
        Issue.record("a ready machine without listeners did not apply")
        return
      }
    }
    #expect(machine.state.count == 2)
    #expect(journal.taken.map(\.sequence) == [1, 2])
    #expect(journal.taken.map(\.before) == [0, 1])
    #expect(machine.changeCount == 2, "counted once, by the journal, not again by the apply")
  }

  @Test("a journal that is off takes nothing: nothing counted")
  func journalOff() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    let journal = Journal()
    journal.isOn = false
    let sequence = machine.journalChange(journal.append)
    #expect(sequence == 0)
    #expect(machine.changeCount == 0)
    #expect(journal.taken.isEmpty)
  }

  @Test("the journaled route is open only while nobody holds the line")
  func readiness() {
    let initializing = Machine(state: Tally())
    #expect(!initializing.isReady)
    var machine = StoreMachineTests.readyMachine()
    #expect(machine.isReady)
    guard case .claimed = machine.claimChain(thread: 1) else {
      Issue.record("the line could not be claimed")
      return
    }
    #expect(!machine.isReady, "a running chain holds the line")
    _ = machine.release()
    #expect(!machine.isReady)
  }

  @Test("an observed apply copies the states around it and numbers it, with listeners too; not ready, it keeps nothing")
  func observedApply() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    let first = Self.observe(&machine)
    #expect(first.sequence == 1)
    #expect(first.before == 0 && first.after == 1)
    #expect(Self.observe(&machine).sequence == 2)

    _ = machine.addListener { _, _ in }
    let withListeners = Self.observe(&machine)
    #expect(withListeners.sequence == 3)
    #expect(withListeners.before == 2 && withListeners.after == 3)
    var initializing = Machine(state: Tally())
    let notReady = Self.observe(&initializing)
    #expect(notReady.sequence == 0, "not ready: nothing applied or kept")
    #expect(initializing.state.count == 0)
  }

  static func observe(_ machine: inout Machine) -> (sequence: UInt64, before: Int?, after: Int?) {
    withUnsafeTemporaryAllocation(of: Tally.self, capacity: 2) { states in
      var recording = StatesRecording(into: states.baseAddress!)
      _ = machine.apply({ $0.count += 1 }, when: .ifReady, recording: &recording)
      let sequence = recording.sequence
      guard let change = recording.take() else { return (0, nil, nil) }
      return (sequence, change.before.count, change.after.count)
    }
  }

  @Test("an apply that keeps nothing does not count; one that keeps the change numbers it")
  func countsOnlyRecordedChanges() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    _ = machine.apply({ $0.count += 1 }, when: .ifReady)
    #expect(machine.changeCount == 0)
    #expect(Self.observe(&machine).sequence == 1, "only recorded changes are counted")
    #expect(machine.state.count == 2)
  }

  @Test("an updater whose turn came keeps its change in its box; one at a chain's end keeps the chain's first before")
  func boxAndChainRecording() {
    var machine = StoreMachineTests.readyMachine()
    let box = ChangeBox<Tally>()
    var boxed = BoxRecording(box)
    _ = machine.apply({ $0.count += 1 }, when: .unlessReleased, recording: &boxed)
    #expect(box.value?.change.before.count == 0 && box.value?.change.after.count == 1)

    // The end of a chain: the first apply keeps the state before, the next one does not.
    for _ in 0..<2 {
      let kept = machine.keepChangeBefore()
      let step = machine.apply({ $0.count += 1 }, when: .granted)
      machine.chainApplyEnded(applied: step.wasApplied, keptBefore: kept)
    }
    let (before, after, sequence) = withUnsafeTemporaryAllocation(of: Tally.self, capacity: 2) { states in
      let before = states.baseAddress!
      let sequence = machine.takeChange(into: before, before + 1)
      return (before.move().count, (before + 1).move().count, sequence)
    }
    #expect(before == 1 && after == 3, "a chain that applied twice reports one change, from its first before")
    #expect(sequence == 3)

    _ = machine.release()
    let released = ChangeBox<Tally>()
    var releasedRecording = BoxRecording(released)
    guard case .released = machine.apply({ $0.count += 1 }, when: .unlessReleased, recording: &releasedRecording)
    else {
      Issue.record("applied after release")
      return
    }
    #expect(released.value == nil)
  }

  @Test("an updater that waited for the initializer keeps its change when it finds the line free, else waits in line")
  func applyElseQueue() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    let box = ChangeBox<Tally>()
    var recording = BoxRecording(box)
    _ = machine.apply({ $0.count += 5 }, elseQueue: StoreMachineTests.entry(), recording: &recording)
    #expect(box.value?.change.before.count == 0 && box.value?.change.after.count == 5)
    #expect(machine.phaseName == "ready", "applied, not put in line")

    var initializing = Machine(state: Tally())
    let held = ChangeBox<Tally>()
    var heldRecording = BoxRecording(held)
    guard
      case .mustWait = initializing.apply(
        { $0.count += 5 }, elseQueue: StoreMachineTests.entry(), recording: &heldRecording)
    else {
      Issue.record("applied before ready")
      return
    }
    #expect(held.value == nil, "nothing applied, nothing kept")
    #expect(initializing.phaseName == "initializing(1)", "the entry waits in line")

    _ = initializing.release()
    guard case .released = initializing.apply({ $0.count += 5 }, elseQueue: StoreMachineTests.entry())
    else {
      Issue.record("a released machine put an entry in line")
      return
    }
  }

  @Test("the line's runner applies while it holds the line; nobody applies once released")
  func unlessReleased() {
    var initializing = Machine(state: Tally())
    guard case .applied = initializing.apply({ $0.count += 1 }, when: .unlessReleased) else {
      Issue.record("the runner could not apply while holding the line")
      return
    }
    #expect(initializing.state.count == 1)
    _ = initializing.release()
    guard case .released = initializing.apply({ $0.count += 1 }, when: .unlessReleased) else {
      Issue.record("applied after release")
      return
    }
    guard case .released = initializing.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("a released machine asked to wait")
      return
    }
    #expect(initializing.state.count == 1)
  }

  @Test("claiming the updater chain remembers under the same lock and hands the chain over; busy and chainless refuse")
  func claimUpdaterChain() {
    var machine = StoreMachineTests.readyMachine()
    var remembered = 0
    let claimed = machine.claimUpdaterChain(thread: 4) { _ in remembered += 1 }
    #expect(claimed != nil && remembered == 1)
    #expect(machine.phaseName == "running(4, 0)")
    let busy = machine.claimUpdaterChain(thread: 5) { _ in remembered += 1 }
    #expect(busy == nil, "busy")
    #expect(remembered == 1, "nothing remembered for a claim that failed")

    var chainless = StoreMachineTests.readyMachine(chains: nil)
    let none = chainless.claimUpdaterChain(thread: 1) { _ in }
    #expect(none == nil)
  }

  @Test("appliers: known once remembered, by type")
  func knowsApplier() {
    var machine = StoreMachineTests.readyMachine()
    let key = ObjectIdentifier(StoreMachineTests.Bump.self)
    #expect(!machine.knowsApplier(for: key))
    machine.rememberApplier(for: StoreMachineTests.Bump.self) {
      StoreCore<Tally, EmptySideEffectDependencyContainer>.applier(for: StoreMachineTests.Bump.self)
    }
    #expect(machine.knowsApplier(for: key))
    #expect(!machine.knowsApplier(for: ObjectIdentifier(Int.self)))
  }

  @Test("release hands back the dispatchers of applied updates still waiting for their listeners")
  func releaseHandsBackUndelivered() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    #expect(machine.liveDependencies != nil)
    _ = machine.addListener { _, _ in }
    _ = machine.apply({ $0.count += 1 }, when: .ifReady)  // this caller delivers
    guard case .waitForDelivery(let waiter) = machine.apply({ $0.count += 1 }, when: .ifReady) else {
      Issue.record("a second update did not wait for the deliverer")
      return
    }
    let dropped = machine.release()
    #expect(dropped.delivered.map { ObjectIdentifier($0.machine) } == [ObjectIdentifier(waiter.machine)])
    #expect(dropped.line == nil, "a ready store has no line to fail")
    #expect(machine.liveDependencies == nil)
  }
}
