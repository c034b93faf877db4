import Katana
import KatanaSupport

/// Watches a store for a ``TestStore``: which items it handles, who dispatched them, the state
/// around each updater, and what is still running.
///
/// It is the store's instrumentation (the store's tool seam): the store tells it when each item
/// starts and ends, which side effect dispatched it (``DispatchEvent/parent`` is the token
/// returned for that side effect) and, for an applied updater, the states right before and right
/// after it.
final class DispatchRecorder<S: State>: DispatchInstrumentation {
  /// What was recorded; every change wakes the waits on it (``waitForChange(after:until:)``).
  let state = WaitableValue(RecorderState<S>())

  // MARK: Instrumentation

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    guard !(event.item is any QuiescenceProbeMarker) else { return nil }
    let id = state.withLock { $0.begin(event) }
    return RecorderToken(id: id)
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    end(token, outcome: outcome, before: nil, after: nil)
  }

  /// The test store asserts the states around every updater.
  var observesStateChanges: Bool { true }

  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    let change = change as? StateChange<S>
    end(token, outcome: outcome, before: change?.before, after: change?.after)
  }

  private func end(_ token: (any Sendable)?, outcome: DispatchOutcome, before: S?, after: S?) {
    guard let token = token as? RecorderToken else { return }
    state.withLock { state in
      if let before, let after {
        state.items[token.id]?.before = before
        state.items[token.id]?.after = after
      }
      state.end(token.id, outcome: outcome)
    }
  }

  // MARK: Claims

  /// Announces that the test is about to dispatch an item of `type`, so that the item is not
  /// mistaken for one dispatched by a side effect.
  func claim(_ type: any Dispatchable.Type) -> Int {
    state.withLock { state in
      let id = state.nextClaimID
      state.nextClaimID += 1
      state.claims.append(.init(id: id, type: ObjectIdentifier(type)))
      return id
    }
  }

  /// Withdraws a claim whose item never started.
  func withdraw(_ claim: Int) {
    state.withLock { $0.claims.removeAll { $0.id == claim } }
  }

  func claimedItem(_ claim: Int) -> RecordedItem<S>? {
    state.withLock { state in state.claimed[claim].flatMap { state.items[$0] } }
  }

  func observe(_ claim: Int) {
    _ = state.withLock { $0.observedClaims.insert(claim) }
  }

  // MARK: Waiting

  var version: UInt64 { state.withLock { $0.version } }

  /// Suspends until something is recorded after `version`, or until `deadline`.
  ///
  /// - Returns: `false` if the deadline passed first.
  func waitForChange(after version: UInt64, until deadline: ContinuousClock.Instant) async -> Bool {
    await state.wait(until: deadline) { $0.version != version }
  }
}
