/// Where a ``DispatchCompletion`` stands: still waited for, or done with its outcome.
@usableFromInline
enum DispatchCompletionPhase: Sendable {
  case pending([UnsafeContinuation<Result<any Sendable, any Error>, Never>])
  case done(Result<any Sendable, any Error>)
}

/// The result of handling one dispatched item, delivered once to any number of waiters.
///
/// Results are type-erased (`any Sendable`) so that one completion serves the typed `dispatch`
/// overloads and `anyDispatch` alike; ``DispatchTask`` casts back when it hands the value out.
///
/// The completion *is* its locked phase (a ``LockedValue`` subclass), so creating one is a single
/// heap allocation on Linux: every queued updater and every side effect makes one.
///
/// Safety of `@unchecked Sendable` (restated from ``LockedValue``): this subclass adds no stored
/// state; the phase, which is `Sendable`, is only reached under the lock.
@usableFromInline
final class DispatchCompletion: LockedValue<DispatchCompletionPhase>, @unchecked Sendable {
  @usableFromInline typealias Outcome = Result<any Sendable, any Error>
  @usableFromInline typealias Phase = DispatchCompletionPhase

  /// The locked phase; the completion itself.
  @inlinable var phase: LockedValue<Phase> { self }

  @usableFromInline init() {
    super.init(.pending([]))
  }

  /// Records the outcome and resumes every waiter. Later calls are ignored: an item completes
  /// once.
  @usableFromInline
  func complete(_ outcome: Outcome) {
    let waiters: [UnsafeContinuation<Outcome, Never>] = phase.withLock { phase in
      guard case .pending(let waiters) = phase else { return [] }
      phase = .done(outcome)
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: outcome) }
  }

  @usableFromInline
  func succeed(_ value: any Sendable = ()) { complete(.success(value)) }

  @usableFromInline
  func fail(_ error: any Error) { complete(.failure(error)) }

  /// Waits for the outcome. Not cancellable: the item keeps running whoever waits for it.
  @usableFromInline
  var outcome: Outcome {
    get async {
      if case .done(let outcome)? = phase.withLock({ phase -> Phase? in
        if case .done = phase { return phase }
        return nil
      }) {
        return outcome
      }
      return await withUnsafeContinuation { continuation in
        let ready: Outcome? = phase.withLock { phase in
          switch phase {
          case .done(let outcome):
            return outcome
          case .pending(var waiters):
            waiters.append(continuation)
            phase = .pending(waiters)
            return nil
          }
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}
