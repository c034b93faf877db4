/// The life of one ``StoreValues`` iterator, as transitions that return what the caller must do
/// outside the lock. Mutated only under ``StoreValuesStorage``'s lock.
struct StoreValuesStateMachine<Value: Sendable>: Sendable {
  typealias Consumer = UnsafeContinuation<Value?, Never>

  /// `idle` → `subscribing` on the first `next()`; → `streaming` once the store is ready and the
  /// listener added (the first value is known); any → `finished` on cancellation, on the
  /// release of the store or of the iterator.
  private enum State: Sendable {
    /// Nobody has asked for a value yet: not subscribed.
    case idle
    /// Waiting for the store to be ready, then adding the listener. `delivered` is the newest
    /// selection a listener call brought before the subscription was recorded.
    case subscribing(consumer: Consumer?, delivered: Value?)
    /// Subscribed. `latest` is the newest selection; `lastYielded` the last one handed out
    /// (`nil` before the first); `consumer` a `next()` waiting for a value that differs from it.
    case streaming(latest: Value, lastYielded: Value?, consumer: Consumer?)
    /// Done: every `next()` returns `nil`.
    case finished
  }

  /// What `next()` must do.
  enum NextAction {
    /// Resume the consumer with this value (`nil`: the sequence has ended).
    case resume(Consumer, Value?)
    /// First call: subscribe once the store is ready; the consumer waits.
    case subscribe
    /// The consumer waits for a change.
    case wait
  }

  /// What the caller must do after a transition: resume `consumer` with `value`, then call
  /// `unsubscribe`.
  struct Action {
    var consumer: Consumer?
    var value: Value?
    var unsubscribe: StoreUnsubscribe?
  }

  private var state = State.idle
  /// The listener's removal, once subscribed; taken by whoever finishes.
  private var unsubscribe: StoreUnsubscribe?
  private let isSame: @Sendable (Value, Value) -> Bool

  init(isSame: @escaping @Sendable (Value, Value) -> Bool) {
    self.isSame = isSame
  }

  /// A consumer asks for the next value.
  mutating func next(_ consumer: Consumer) -> NextAction {
    switch state {
    case .idle:
      state = .subscribing(consumer: consumer, delivered: nil)
      return .subscribe
    case .subscribing(let waiting, let delivered):
      precondition(waiting == nil, "StoreValues: next() called from two tasks at once")
      state = .subscribing(consumer: consumer, delivered: delivered)
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

  /// The listener is in place and `first` is the selection of the state it starts from.
  ///
  /// A listener call that got here first carries a newer state, so its value wins. If the
  /// sequence finished meanwhile, the action removes the new subscription.
  mutating func subscribed(_ unsubscribe: @escaping StoreUnsubscribe, first: Value) -> Action {
    guard case .subscribing(let consumer, let delivered) = state else {
      return Action(unsubscribe: unsubscribe)
    }
    self.unsubscribe = unsubscribe
    let latest = delivered ?? first
    guard let consumer else {
      state = .streaming(latest: latest, lastYielded: nil, consumer: nil)
      return Action()
    }
    state = .streaming(latest: latest, lastYielded: latest, consumer: nil)
    return Action(consumer: consumer, value: latest)
  }

  /// A listener call brought the selection of an update's new state; returns a consumer to
  /// resume with it, if one waits and the value is new.
  mutating func delivered(_ value: Value) -> Action? {
    switch state {
    case .idle, .finished:
      return nil
    case .subscribing(let consumer, _):
      state = .subscribing(consumer: consumer, delivered: value)
      return nil
    case .streaming(_, let lastYielded, let consumer):
      guard let consumer, !(lastYielded.map { isSame($0, value) } ?? false) else {
        state = .streaming(latest: value, lastYielded: lastYielded, consumer: consumer)
        return nil
      }
      state = .streaming(latest: value, lastYielded: value, consumer: nil)
      return Action(consumer: consumer, value: value)
    }
  }

  /// Ends the sequence (cancellation, the store's release, or the iterator's); harmless when
  /// already finished.
  mutating func finish() -> Action {
    let consumer: Consumer?
    switch state {
    case .idle, .finished:
      consumer = nil
    case .subscribing(let waiting, _), .streaming(_, _, let waiting):
      consumer = waiting
    }
    state = .finished
    defer { unsubscribe = nil }
    return Action(consumer: consumer, value: nil, unsubscribe: unsubscribe)
  }
}
