/// A selected part of a store's state as an async sequence of its values; made by
/// ``PartialStore/values(of:)``.
///
/// Each iteration yields the selection of the state the store became ready with, then each change
/// (consecutive duplicates skipped). A consumer that falls behind gets the newest value, never a
/// backlog. Iteration ends (`next()` returns `nil`) when the store is released or the iterating
/// task is cancelled.
///
/// The sequence holds the store weakly and can be iterated any number of times, by any number
/// of tasks: each iterator is its own subscription, made when it is first asked for a value and
/// removed when it ends or is released.
public struct StoreValues<Value: Sendable>: AsyncSequence, Sendable {
  public typealias Element = Value
  public typealias Failure = Never

  let source: StoreValuesSource<Value>

  init(source: StoreValuesSource<Value>) {
    self.source = source
  }

  /// Makes an iterator; it subscribes to the store when first asked for a value.
  public func makeAsyncIterator() -> Iterator {
    Iterator(storage: StoreValuesStorage(source: source))
  }

  /// Iterates the values of one subscription.
  ///
  /// Call `next()` from one task at a time, as with any async iterator.
  public struct Iterator: AsyncIteratorProtocol {
    public typealias Element = Value
    public typealias Failure = Never

    let storage: StoreValuesStorage<Value>

    /// The next value: the first one once the store is ready, then the newest one that differs
    /// from the last returned. Suspends until there is one.
    ///
    /// Runs on the caller's actor (`nonisolated(nonsending)`): a main-actor consumer is not
    /// hopped off and back for each value, and is parked in the iterator (where cancellation
    /// reaches it at once) before anything else runs on its actor.
    ///
    /// - Returns: `nil` once the store has been released or the calling task is cancelled (the
    ///   subscription is then removed), and on every call after that.
    public nonisolated(nonsending) mutating func next() async -> Value? {
      await storage.next()
    }

    /// The next value, on the caller's actor; what `for await` calls. See ``next()``.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
      await storage.next()
    }
  }
}
