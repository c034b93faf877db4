import KatanaSupport

/// The shared part of one ``StoreValues`` iterator: its state machine behind a lock, and the
/// code that talks to the store outside it.
///
/// Owned by the iterator only. The store's listener reaches it weakly (through a
/// ``StoreValuesSubscription``), so dropping the iterator releases this and removes the
/// listener, and the store never keeps a consumer's storage alive.
final class StoreValuesStorage<Value: Sendable>: Sendable {
  private let machine: LockedValue<StoreValuesStateMachine<Value>>
  private let source: StoreValuesSource<Value>

  init(source: StoreValuesSource<Value>) {
    self.source = source
    machine = LockedValue(StoreValuesStateMachine(isSame: source.isSame))
  }

  deinit {
    finish()
  }

  /// The next value, or `nil` once finished; see ``StoreValues/Iterator/next()``.
  nonisolated(nonsending) func next() async -> Value? {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Value?, Never>) in
        switch machine.withLock({ $0.next(consumer) }) {
        case .resume(let consumer, let value):
          consumer.resume(returning: value)
        case .subscribe:
          // Not holding `self` while the store gets ready: dropping the iterator ends it.
          source.whenReady { [weak self] in self?.subscribe() }
        case .wait:
          break
        }
      }
    } onCancel: {
      finish()
    }
  }

  /// Adds the store listener (the store is ready, or gone).
  private func subscribe() {
    let subscription = StoreValuesSubscription(storage: self)
    guard let (unsubscribe, first) = source.subscribe({ value in subscription.storage?.delivered(value) }) else {
      finish()
      return
    }
    perform(machine.withLock { $0.subscribed(unsubscribe, first: first) })
  }

  /// A listener call: the selection of an update's new state.
  func delivered(_ value: Value) {
    if let action = machine.withLock({ $0.delivered(value) }) {
      perform(action)
    }
  }

  /// Ends the sequence and removes the subscription; harmless when already finished.
  func finish() {
    perform(machine.withLock { $0.finish() })
  }

  private func perform(_ action: StoreValuesStateMachine<Value>.Action) {
    action.consumer?.resume(returning: action.value)
    action.unsubscribe?()
  }
}
