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

  @Test("a journaled apply hands the journal the sequence and the state before, then applies")
  func journaledApply() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    let journal = Journal()
    for _ in 0..<2 {
      guard case .applied = machine.applyJournaled({ $0.count += 1 }, journal: journal.append) else {
        Issue.record("a ready machine without listeners did not journal and apply")
        return
      }
    }
    #expect(machine.state.count == 2)
    #expect(journal.taken.map(\.sequence) == [1, 2])
    #expect(journal.taken.map(\.before) == [0, 1])
    #expect(machine.changeCount == 2)
  }

  @Test("a journal that is off takes nothing: not applied, not counted")
  func journalOff() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    let journal = Journal()
    journal.isOn = false
    guard case .notJournaled = machine.applyJournaled({ $0.count += 1 }, journal: journal.append) else {
      Issue.record("applied without the journal")
      return
    }
    #expect(machine.state.count == 0)
    #expect(machine.changeCount == 0)
    let sequence = machine.journalChange(journal.append)
    #expect(sequence == 0)
    #expect(machine.changeCount == 0)
  }

  @Test("a journaled apply waits for readiness and leaves a store with listeners to the general event")
  func journaledApplyRefusals() {
    var initializing = Machine(state: Tally())
    let journal = Journal()
    guard case .notJournaled = initializing.applyJournaled({ $0.count += 1 }, journal: journal.append) else {
      Issue.record("journaled before the store was ready")
      return
    }
    let heldStep = initializing.applyJournaledToListeners({ $0.count += 1 }, journal: journal.append)
    #expect(heldStep == nil)
    #expect(journal.taken.isEmpty && initializing.state.count == 0)

    var machine = StoreMachineTests.readyMachine(chains: nil)
    _ = machine.addListener { _, _ in }
    guard case .hasListeners = machine.applyJournaled({ $0.count += 1 }, journal: journal.append) else {
      Issue.record("the listener-free event applied with listeners")
      return
    }
    #expect(machine.state.count == 0 && journal.taken.isEmpty)
    guard case .deliver(let delivery, _)? = machine.applyJournaledToListeners({ $0.count += 1 }, journal: journal.append)
    else {
      Issue.record("a journaled apply with listeners does not deliver")
      return
    }
    #expect(delivery.newState.count == 1)
    #expect(journal.taken.map(\.sequence) == [1])
  }

  @Test("an observed apply copies the states around it and numbers it; it leaves listeners and waiting to others")
  func observedApply() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    let (sequence, before, after) = Self.observe(&machine)
    #expect(sequence == 1)
    #expect(before == 0 && after == 1)
    let second = Self.observe(&machine).sequence
    #expect(second == 2)

    _ = machine.addListener { _, _ in }
    let withListeners = Self.observe(&machine).sequence
    #expect(withListeners == 0, "with listeners the general path applies")
    var initializing = Machine(state: Tally())
    let notReady = Self.observe(&initializing).sequence
    #expect(notReady == 0, "not ready: the general path puts it in line")
    #expect(initializing.state.count == 0)
  }

  static func observe(_ machine: inout Machine) -> (sequence: UInt64, before: Int?, after: Int?) {
    withUnsafeTemporaryAllocation(of: Tally.self, capacity: 2) { states in
      let before = states.baseAddress!
      let sequence = machine.applyObserved({ $0.count += 1 }, before: before, after: before + 1)
      guard sequence != 0 else { return (0, nil, nil) }
      return (sequence, before.move().count, (before + 1).move().count)
    }
  }

  @Test("applyIfFree reads the change only for an instrumentation that observes states")
  func applyIfFreeObserved() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    var change: AppliedChange<Tally>?
    _ = machine.applyIfFree({ $0.count += 1 }, observed: false, change: &change)
    #expect(change == nil)
    _ = machine.applyIfFree({ $0.count += 1 }, observed: true, change: &change)
    #expect(change?.before.count == 1 && change?.after.count == 2)
    #expect(change?.sequence == 1, "only observed changes are counted")
  }

  @Test("an updater whose turn came keeps its change in its box; one at a chain's end keeps the chain's first before")
  func applyUnlessReleasedRecording() {
    var machine = StoreMachineTests.readyMachine()
    let box = ChangeBox<Tally>()
    _ = machine.applyUnlessReleased({ $0.count += 1 }, completion: nil, recordingInto: box)
    #expect(box.value?.change.before.count == 0 && box.value?.change.after.count == 1)

    _ = machine.applyUnlessReleased({ $0.count += 1 }, completion: nil, recordingInto: nil)
    _ = machine.applyUnlessReleased({ $0.count += 1 }, completion: nil, recordingInto: nil)
    let (before, after, sequence) = withUnsafeTemporaryAllocation(of: Tally.self, capacity: 2) { states in
      let before = states.baseAddress!
      let sequence = machine.takeChange(into: before, before + 1)
      return (before.move().count, (before + 1).move().count, sequence)
    }
    #expect(before == 1 && after == 3, "a chain that applied twice reports one change, from its first before")
    #expect(sequence == 3)

    _ = machine.release()
    let released = ChangeBox<Tally>()
    guard case .released = machine.applyUnlessReleased({ $0.count += 1 }, completion: nil, recordingInto: released)
    else {
      Issue.record("applied after release")
      return
    }
    #expect(released.value == nil)
  }

  @Test("an updater that waited for the initializer keeps its change when it finds the line free")
  func applyOrWaitRecording() {
    var machine = StoreMachineTests.readyMachine(chains: nil)
    let box = ChangeBox<Tally>()
    _ = machine.applyOrWait(
      { $0.count += 5 }, completion: DispatchCompletion(), entry: { StoreMachineTests.entry() }, change: box)
    #expect(box.value?.change.before.count == 0 && box.value?.change.after.count == 5)

    var initializing = Machine(state: Tally())
    let held = ChangeBox<Tally>()
    guard
      case .mustWait = initializing.applyOrWait(
        { $0.count += 5 }, completion: DispatchCompletion(), entry: { StoreMachineTests.entry() }, change: held)
    else {
      Issue.record("applied before ready")
      return
    }
    #expect(held.value == nil, "nothing applied, nothing kept")
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
    _ = machine.applyIfFree { $0.count += 1 }  // this caller delivers
    guard case .waitForDelivery(let waiter) = machine.applyIfFree({ $0.count += 1 }) else {
      Issue.record("a second update did not wait for the deliverer")
      return
    }
    let dropped = machine.release()
    #expect(dropped.delivered.map { ObjectIdentifier($0.machine) } == [ObjectIdentifier(waiter.machine)])
    #expect(dropped.line == nil, "a ready store has no line to fail")
    #expect(machine.liveDependencies == nil)
  }
}
