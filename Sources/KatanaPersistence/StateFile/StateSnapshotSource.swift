import Dispatch
import Katana
import KatanaSupport

/// Hands the state file writer a state together with the journal sequence number it includes,
/// without the interceptor keeping a copy of the state between dispatches.
///
/// Keeping the latest state for the writer would hold a second reference to it, so the store's
/// next in-place mutation would copy the whole state (for a 10,000-element state, on every
/// dispatch). Instead the writer pulls the state when it starts a write: directly when no updater
/// is running (the generation is even and unchanged around the read), or from the interceptor
/// right after the running updater (a hand-off it asked for). Both give a state and the sequence
/// number of exactly the updaters applied to it.
final class StateSnapshotSource<S: State>: Sendable {
  private struct Gate {
    /// Odd while an updater chain runs between ``willApply()`` and ``didApply(state:sequence:)``.
    var generation = 0
    var sequence = 0
    /// The writer thread waiting for a hand-off, if any.
    var waiter: DispatchSemaphore?
    /// The hand-off: set (to the state and its sequence, or `nil` if the store is gone) before
    /// the waiter is signalled.
    var handOff: (S, Int)??
  }

  private let gate: LockedValue<Gate>
  private let readState: LockedValue<(@Sendable () -> S?)?> = LockedValue(nil)

  init() {
    gate = LockedValue(Gate())
  }

  /// The loaded state includes the journal up to `sequence`.
  func continueNumbering(after sequence: Int) {
    gate.withLock { $0.sequence = max($0.sequence, sequence) }
  }

  /// Connects the source to a store (the interceptor's context).
  func connect(_ read: @escaping @Sendable () -> S?) {
    readState.withLock { $0 = read }
  }

  /// An updater chain starts.
  func willApply() {
    gate.withLock { $0.generation += 1 }
  }

  /// The updater chain ended; `state` reads the state after it (only when a writer waits).
  func didApply(sequence: Int?, state: () -> S?) {
    let (waiter, current) = gate.withLock { gate -> (DispatchSemaphore?, Int) in
      gate.generation += 1
      if let sequence { gate.sequence = sequence }
      defer { gate.waiter = nil }
      return (gate.waiter, gate.sequence)
    }
    guard let waiter else { return }
    // Still inside this updater's chain: no other updater can change the state before the read.
    let value = state().map { ($0, current) }
    gate.withLock { $0.handOff = .some(value) }
    waiter.signal()
  }

  /// The current state and the journal sequence number it includes; `nil` when the source is
  /// not connected to a store.
  ///
  /// Blocks the calling thread while an updater runs: call it from the writer's own thread, never
  /// from the store's.
  func snapshot() -> (S, Int)? {
    while true {
      let (generation, sequence) = gate.withLock { ($0.generation, $0.sequence) }
      if generation % 2 == 0 {
        guard let read = readState.withLock({ $0 }), let state = read() else { return nil }
        if gate.withLock({ $0.generation }) == generation { return (state, sequence) }
        continue
      }
      // An updater is running: ask the interceptor for the state right after it. If it finished
      // before the request was placed, read directly again.
      let semaphore = DispatchSemaphore(value: 0)
      let isRunning = gate.withLock { gate -> Bool in
        guard gate.generation % 2 == 1 else { return false }
        gate.waiter = semaphore
        gate.handOff = nil
        return true
      }
      guard isRunning else { continue }
      semaphore.wait()
      let handOff = gate.withLock { gate in
        defer { gate.handOff = nil }
        return gate.handOff
      }
      if let handOff { return handOff }
    }
  }
}
