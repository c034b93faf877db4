import Katana

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
    var waiter: CheckedContinuation<(S, Int)?, Never>?
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

  /// The updater chain ended; `state` is the state after it (read only when a writer waits).
  func didApply(sequence: Int?, state: () -> S?) {
    let (waiter, current) = gate.withLock { gate -> (CheckedContinuation<(S, Int)?, Never>?, Int) in
      gate.generation += 1
      if let sequence { gate.sequence = sequence }
      defer { gate.waiter = nil }
      return (gate.waiter, gate.sequence)
    }
    // Still inside this updater's chain: no other updater can change the state before the read.
    waiter?.resume(returning: state().map { ($0, current) })
  }

  /// The current state and the journal sequence number it includes; `nil` when the source is
  /// not connected to a store.
  func snapshot() async -> (S, Int)? {
    while true {
      let (generation, sequence) = gate.withLock { ($0.generation, $0.sequence) }
      if generation % 2 == 0 {
        guard let read = readState.withLock({ $0 }), let state = read() else { return nil }
        if gate.withLock({ $0.generation }) == generation { return (state, sequence) }
        continue
      }
      // An updater is running: ask the interceptor for the state right after it. `nil` means
      // it finished before the request was placed: read directly again.
      let handedOff: (S, Int)? = await withCheckedContinuation { continuation in
        let isRunning = gate.withLock { gate -> Bool in
          guard gate.generation % 2 == 1 else { return false }
          gate.waiter = continuation
          return true
        }
        if !isRunning { continuation.resume(returning: nil) }
      }
      if let handedOff { return handedOff }
    }
  }
}
