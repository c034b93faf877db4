/// The life of one ``StoreValues`` iterator, as transitions that return what the caller must do
/// outside the lock. Mutated only under ``StoreValuesStorage``'s lock.
struct StoreValuesStateMachine<Value: Sendable>: Sendable {
  typealias Consumer = UnsafeContinuation<Value?, Never>

  /// - `idle` → `awaitingReadiness` on the first `next()` (the caller subscribes);
  /// - `awaitingReadiness` → `streaming` once the store is ready (first value known);
  /// - any → `finished` on cancellation, release of the store or of the iterator.
  private enum State: Sendable {
    /// Nobody has asked for a value yet: not subscribed.
    case idle
    /// Subscribed, waiting for the store to be ready. `delivered` is the newest selection a
    /// listener call brought meanwhile, `deliveries` how many calls there were.
    case awaitingReadiness(consumer: Consumer?, delivered: Value?, deliveries: Int)
    /// Ready. `latest` is the newest selection; `lastYielded` the last one handed out (`nil`
    /// before the first); `consumer` a `next()` waiting for a value that differs from it.
    case streaming(latest: Value, lastYielded: Value?, consumer: Consumer?)
    /// Done: every `next()` returns `nil`.
    case finished
  }

  /// What `next()` must do.
  enum NextAction {
    /// Resume the consumer with this value (`nil`: the sequence has ended).
    case resume(Consumer, Value?)
    /// First call: subscribe to the store, then wait for readiness; the consumer waits.
    case subscribe
    /// The consumer waits for a change.
    case wait
  }

  private var state = State.idle
  /// Set once subscribed, taken when finishing; removed by whoever finishes.
  private var unsubscribe: StoreUnsubscribe?
  private let isSame: @Sendable (Value, Value) -> Bool

  init(isSame: @escaping @Sendable (Value, Value) -> Bool) {
    self.isSame = isSame
  }

  /// A consumer asks for the next value.
  mutating func next(_ consumer: Consumer) -> NextAction {
    switch state {
    case .idle:
      state = .awaitingReadiness(consumer: consumer, delivered: nil, deliveries: 0)
      return .subscribe
    case .awaitingReadiness(let waiting, let delivered, let deliveries):
      precondition(waiting == nil, "StoreValues: next() called from two tasks at once")
      state = .awaitingReadiness(consumer: consumer, delivered: delivered, deliveries: deliveries)
      return .wait
    case .streaming(let latest, let lastYielded, let waiting):
      precondition(waiting == nil, "StoreValues: next() called from two tasks at once")
      if let lastYielded, isSame(lastYielded, latest) {
        state = .streaming(latest: latest, lastYielded: lastYielded, consumer: consumer)
        return .wait
      }
      state = .streaming(latest: latest, lastYielded: latest, consumer: nil)
      return .resume(consumer, latest)
    case .finished:
      return .resume(consumer, nil)
    }
  }

  /// The subscription exists; returns it back if the sequence finished meanwhile (the caller
  /// must then remove it).
  mutating func subscribed(_ unsubscribe: @escaping StoreUnsubscribe) -> StoreUnsubscribe? {
    if case .finished = state { return unsubscribe }
    self.unsubscribe = unsubscribe
    return nil
  }

  /// A listener call brought the selection of an update's new state; returns a consumer to
  /// resume with it, if one waits and the value is new.
  mutating func delivered(_ value: Value) -> (Consumer, Value)? {
    switch state {
    case .idle, .finished:
      return nil
    case .awaitingReadiness(let consumer, _, let deliveries):
      state = .awaitingReadiness(consumer: consumer, delivered: value, deliveries: deliveries + 1)
      return nil
    case .streaming(_, let lastYielded, let consumer):
      guard let consumer, !(lastYielded.map { isSame($0, value) } ?? false) else {
        state = .streaming(latest: value, lastYielded: lastYielded, consumer: consumer)
        return nil
      }
      state = .streaming(latest: value, lastYielded: value, consumer: nil)
      return (consumer, value)
    }
  }

  /// The store is ready and the caller is about to read the selection; returns the number of
  /// listener calls so far, or `nil` if there is nothing to read (not waiting for readiness).
  func readinessReadBegins() -> Int? {
    guard case .awaitingReadiness(_, _, let deliveries) = state else { return nil }
    return deliveries
  }

  /// The store is ready: `read` is the selection the caller read (`nil`: the store is gone),
  /// `deliveriesBefore` what ``readinessReadBegins()`` returned.
  ///
  /// A listener call that arrived during the read may carry a newer state than the read, so its
  /// value wins; one that arrives later only moves the value on. Either way the last value is
  /// the store's last state.
  mutating func becameReady(read: Value?, deliveriesBefore: Int) -> FinishAction? {
    guard case .awaitingReadiness(let consumer, let delivered, let deliveries) = state else { return nil }
    let first: Value
    if deliveries > deliveriesBefore, let delivered {
      first = delivered
    } else if let read {
      first = read
    } else {
      return finish()
    }
    state = .streaming(latest: first, lastYielded: consumer == nil ? nil : first, consumer: nil)
    return consumer.map { FinishAction(consumer: $0, value: first, unsubscribe: nil) }
  }

  /// What finishing (or becoming ready) asks of the caller: resume `consumer` with `value`,
  /// then call `unsubscribe`.
  struct FinishAction {
    var consumer: Consumer?
    var value: Value?
    var unsubscribe: StoreUnsubscribe?
  }

  /// Ends the sequence: cancellation, the store's release, or the iterator's.
  mutating func finish() -> FinishAction {
    let consumer: Consumer?
    switch state {
    case .idle, .finished:
      consumer = nil
    case .awaitingReadiness(let waiting, _, _), .streaming(_, _, let waiting):
      consumer = waiting
    }
    state = .finished
    defer { unsubscribe = nil }
    return FinishAction(consumer: consumer, value: nil, unsubscribe: unsubscribe)
  }
}
