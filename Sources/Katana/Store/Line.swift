/// The one waiting line: items waiting for whoever holds it (the initializer, or the thread
/// running an updater chain), oldest first.
@usableFromInline
struct Line: Sendable {
  /// Who holds the line.
  @usableFromInline
  enum Holder: Sendable {
    /// The store's initializer: the store is not ready; these wait for it to be.
    case initializer(readinessWaiters: [UnsafeContinuation<Void, Never>])
    /// A thread running an updater chain.
    case chain
  }

  @usableFromInline var holder: Holder
  @usableFromInline var waiting = FIFO<LineEntry>()
  /// The thread that runs the line: the chain's, or the initializer's once it hands the line over;
  /// 0 while the initializer is still making the state.
  @usableFromInline var runner: UInt
  /// Dispatchers waiting for a chain's full line to drain to half.
  @usableFromInline var backlogWaiters: [BacklogWaiter] = []

  @inlinable
  init(holder: Holder, runner: UInt = 0) {
    self.holder = holder
    self.runner = runner
  }

  /// Whether the initializer holds the line (the store is not ready).
  @inlinable
  var isInitializer: Bool {
    if case .initializer = holder { return true }
    return false
  }

  /// The dispatchers to wake now that an item left the line: all of them once it is down to
  /// half the limit, none before.
  @inlinable
  mutating func wakeIfDrained(limit: Int) -> [BacklogWaiter] {
    guard !backlogWaiters.isEmpty, waiting.count <= limit / 2 else { return [] }
    var wake: [BacklogWaiter] = []
    swap(&wake, &backlogWaiters)
    return wake
  }
}

/// One item waiting in the line.
@usableFromInline
struct LineEntry: Sendable {
  /// How the line's runner handles an item when its turn comes.
  @usableFromInline
  enum Turn: Sendable {
    /// Through the store's updater chain (an updater, in a store with interceptors); it waits for
    /// a running chain too.
    case updaterChain
    /// By calling this (an updater in a store without interceptors, or a side effect); it waits
    /// only for the initializer.
    case run(@Sendable () -> Void)
  }

  @usableFromInline let item: any Dispatchable
  /// Settled with an error if the store is released before the item's turn; dropping it
  /// (`cancel()`) makes the runner skip the item.
  @usableFromInline let completion: DispatchCompletion
  @usableFromInline let turn: Turn
  /// When it was dispatched; read only by instrumentation, so `nil` (no clock read) without it.
  @usableFromInline let dispatchedAt: DispatchInstant?
  /// The instrumentation token of who dispatched it (a side effect, or the updater whose
  /// interceptors did); kept only with instrumentation.
  @usableFromInline var parent: (any Sendable)?
  /// Where it was dispatched; kept only with instrumentation.
  @usableFromInline let callSite: DispatchCallSite?

  init(
    item: any Dispatchable, completion: DispatchCompletion, turn: Turn,
    dispatchedAt: DispatchInstant? = nil, parent: (any Sendable)? = nil, callSite: DispatchCallSite? = nil
  ) {
    self.item = item
    self.completion = completion
    self.turn = turn
    self.dispatchedAt = dispatchedAt
    self.parent = parent
    self.callSite = callSite
  }
}
