/// The result of handling one dispatched item, delivered once to any number of waiters.
///
/// Results are type-erased (`any Sendable`) so that one completion serves the typed `dispatch`
/// overloads and `anyDispatch` alike; ``DispatchTask`` casts back when it hands the value out.
@usableFromInline
final class DispatchCompletion: Sendable {
  @usableFromInline typealias Outcome = Result<any Sendable, any Error>

  @usableFromInline
  enum Phase: Sendable {
    case pending([UnsafeContinuation<Outcome, Never>])
    case done(Outcome)
  }

  @usableFromInline let phase = LockedValue(Phase.pending([]))

  @usableFromInline init() {}

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

  /// Whether an outcome has been recorded.
  var isCompleted: Bool {
    phase.withLock { phase in
      if case .done = phase { return true }
      return false
    }
  }

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
