/// What the thread holding a store's lock, or running its interceptor chain, knows about the
/// updater it is handling: the one value that ``StoreCore`` keeps outside its machine, read
/// without a lock.
///
/// It lives outside the machine because it must be read where the machine cannot be reached: a
/// misuse from inside an updater (this thread holds the lock), an item an interceptor dispatches
/// (this thread runs the chain, and the chain's end must not take the lock once more to learn
/// whose chain it is). Every field is only ever touched by that one thread; see
/// ``StoreCore/context`` for why that makes the unsynchronised access safe.
@usableFromInline
struct ChainContext {
  /// The type of the updater being applied, for misuse messages; set under the machine's lock
  /// around each `updateState`.
  @usableFromInline var applyingType: (any Dispatchable.Type)?
  /// The instrumentation token of the updater whose interceptor chain is running, the parent of
  /// what its interceptors dispatch; `nil` when no instrumented chain runs.
  @usableFromInline var token: (any Sendable)?
  /// The journaled chain this thread runs, if any (``StoreCore/inJournaledChain(_:_:)``).
  @usableFromInline var journal = JournaledChain()

  @inlinable
  init() {}
}

/// A chain that journals its applies instead of reporting them (see ``UpdaterJournal``): what
/// the chain's end journals each apply with, and what it counted. Plain fields, not optionals of
/// a struct: an optional struct holding existentials is copied through value witnesses.
@usableFromInline
struct JournaledChain {
  /// Whether a journaled chain runs.
  @usableFromInline var isOn = false
  /// The type of the item the chain runs for.
  @usableFromInline var requestType = ObjectIdentifier(Never.self)
  /// Where that item was dispatched.
  @usableFromInline var callSite: DispatchCallSite?
  /// Who dispatched it; read only when ``hasParent`` (testing the optional existential itself
  /// goes through its value witnesses).
  @usableFromInline var parent: (any Sendable)?
  /// Whether ``parent`` is set.
  @usableFromInline var hasParent = false
  /// Applies journaled so far.
  @usableFromInline var applies = 0
  /// The sequence of the first apply journaled with another type than the item's (0: none),
  /// whose request the runner notes after the chain.
  @usableFromInline var replacedSequence: UInt64 = 0
  /// Whether an apply found the journal off and kept the change for a report instead.
  @usableFromInline var fellBack = false

  @inlinable
  init() {}

  /// A chain starting for an item of type `requestType` dispatched at `callSite`.
  @inlinable
  init(requestType: ObjectIdentifier, callSite: DispatchCallSite?) {
    isOn = true
    self.requestType = requestType
    self.callSite = callSite
  }
}
