import Katana

/// What the non-generic ``DevToolsRecording`` asks of the typed state storage, under its lock.
protocol StateSlotsMaintenance: AnyObject, Sendable {
  /// Forgets the states in `slot` (its record was replaced by one without states).
  func clear(_ slot: Int)
  /// Keeps the state after the updater in `slot` as the app's latest (the slot is about to be
  /// reused while that state is still where "resume live" goes).
  func keepAppState(fromSlot slot: Int)
  /// Forgets every slot's states.
  func removeAll()
}

/// The states around each recorded updater, as values of the store's state type, in slots that
/// parallel the recording's ring (``RecordRing``'s physical slots), plus the app's latest state
/// when no slot holds it.
///
/// Replaces a `StateChange` object per updater (an allocation, and a deallocation when its record
/// left the ring): a slot's states are assigned in place, which retains the new state's buffers
/// and releases the old ones, and nothing else.
///
/// The hot path (``write(_:before:after:)``) runs in DevTools' instrumentation, which is generic
/// code compiled outside the app's module: it binds the slots' memory as the caller's own state
/// type (checked to be `S`), so it names no generic type that would need run-time metadata.
///
/// Threading: safe from any thread as long as every call is made while holding the lock of the
/// ``DevToolsRecording`` that owns it; that is its only use.
final class StateSlots<S: State>: StateSlotsMaintenance, @unchecked Sendable {
  // `@unchecked Sendable`: every member is read and written only under the owning recording's
  // lock (`DevToolsRecording.storage`), which orders all accesses; the memory is never shared
  // otherwise.
  private let capacity: Int
  private let befores: UnsafeMutablePointer<S>
  private let afters: UnsafeMutablePointer<S>
  /// Whether slot `i` holds initialised states.
  private let filled: UnsafeMutablePointer<Bool>
  /// The app's latest state when no slot holds it (see ``DevToolsRecording/Storage/latestApp``).
  private var appState: S?
  /// Makes the drain of a store's updater journal (``JournalDrain``), which needs `S` to be
  /// `Codable`: set by ``DevToolsRecorder``.
  var makeJournalDrain: (@Sendable (UpdaterJournal<S>) -> any JournalDraining)?

  init(capacity: Int) {
    self.capacity = max(1, capacity)
    befores = .allocate(capacity: self.capacity)
    afters = .allocate(capacity: self.capacity)
    filled = .allocate(capacity: self.capacity)
    filled.initialize(repeating: false, count: self.capacity)
  }

  deinit {
    removeAll()
    befores.deallocate()
    afters.deallocate()
    filled.deallocate()
  }

  /// Puts `before` and `after` in `slot`, and hands back the slot's earlier states in their
  /// place (the caller releases them, outside the lock). `Value` must be `S` (the caller compared
  /// the metatypes).
  ///
  /// An exchange moves values without retaining or releasing anything; only the first use of a
  /// slot copies (it has nothing to give back).
  func exchange<Value: State>(_ slot: Int, before: inout Value, after: inout Value) {
    precondition(Value.self == S.self && slot >= 0 && slot < capacity)
    let befores = UnsafeMutableRawPointer(self.befores).assumingMemoryBound(to: Value.self)
    let afters = UnsafeMutableRawPointer(self.afters).assumingMemoryBound(to: Value.self)
    if filled[slot] {
      swap(&befores[slot], &before)
      swap(&afters[slot], &after)
    } else {
      (befores + slot).initialize(to: before)
      (afters + slot).initialize(to: after)
      filled[slot] = true
    }
  }

  /// Keeps `state` as the app's latest. `Value` must be `S`.
  func keepAppState<Value: State>(_ state: Value) {
    precondition(Value.self == S.self)
    appState = withUnsafePointer(to: state) { $0.withMemoryRebound(to: S.self, capacity: 1) { $0.pointee } }
  }

  /// The states in `slot`, if it holds any.
  func states(in slot: Int) -> (before: S, after: S)? {
    guard slot >= 0, slot < capacity, filled[slot] else { return nil }
    return (befores[slot], afters[slot])
  }

  /// The app's latest state kept outside the slots.
  var keptAppState: S? { appState }

  func clear(_ slot: Int) {
    guard filled[slot] else { return }
    (befores + slot).deinitialize(count: 1)
    (afters + slot).deinitialize(count: 1)
    filled[slot] = false
  }

  func keepAppState(fromSlot slot: Int) {
    guard filled[slot] else { return }
    appState = afters[slot]
  }

  func removeAll() {
    for slot in 0..<capacity { clear(slot) }
  }
}
