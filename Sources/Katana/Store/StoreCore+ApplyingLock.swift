public import KatanaSupport

extension StoreCore {
  /// The one lock closure every route that applies an updater goes through: takes the machine's
  /// lock and marks, for the time `body` runs, which type is being applied, so that a dispatch
  /// made from inside its `updateState` is reported by name
  /// (``KatanaError/dispatchFromStateUpdater(_:)``).
  ///
  /// Always inlined: it is the body of every hot path, and a call here cost 53 instructions per
  /// dispatch when the compiler left it out of line (tried in revision 4).
  ///
  /// - Parameters:
  ///   - itemType: the type of the item being applied, for the misuse message.
  ///   - body: the machine's event(s) for this apply; runs under the lock.
  /// - Returns: `body`'s result, or `nil` when this thread already holds the lock (a dispatch
  ///   from inside an updater): nothing ran.
  @inlinable @inline(__always)
  func withApplyingLock<Result>(
    _ itemType: any Dispatchable.Type, _ body: (inout StoreMachine<S, D>) -> Result
  ) -> Result? {
    machine.withLockUnlessOwned { machine in
      context.applyingType = itemType
      defer { context.applyingType = nil }
      return body(&machine)
    }
  }
}
