#if canImport(Glibc)
  // Public only because ``InstrumentationScope``'s inlinable flag names `Atomic`; the module's API
  // does not use it.
  public import Synchronization
#endif

/// Observes the handling of every dispatched item: a begin and an end per item, with its timing.
///
/// Pass an implementation in ``Store/Configuration`` to see dispatches as spans, signposts or
/// metrics (KatanaTracing builds spans on it; `SignpostLogger` emits signposts on Apple
/// platforms). A store without instrumentation skips every call, so the hook costs nothing when it
/// is not used.
///
/// The store reports an updater's end one way, whatever path applied it: one call of
/// ``updaterDidEnd(_:token:outcome:before:after:sequence:)`` when it has the states to give (and
/// this instrumentation ``observesStateChanges``), else one call of
/// ``updaterDidEnd(_:token:outcome:change:)`` with `nil`, whose default calls
/// ``dispatchDidEnd(_:token:outcome:)``. A side effect's end is ``dispatchDidEnd(_:token:outcome:)``.
///
/// Threading: methods are called on whatever thread handles the item, never while the store holds
/// its lock, and concurrently for side effects. An updater begins and ends on the thread that runs
/// its interceptor chain (inside `dispatch`, or right after the chain it waited for); a side effect
/// begins on the dispatching thread and ends on its task. Keep them fast and do not dispatch from
/// them.
///
/// Nesting: ``DispatchEvent/parent`` names who dispatched an item: while a side effect's body
/// runs, every item it dispatches (directly or from tasks it starts) has the token
/// ``dispatchWillBegin(_:)`` returned for that side effect; while an updater's interceptor chain
/// runs, the items its interceptors dispatch (an observer's reaction) have that updater's token.
/// Tools can draw the items as children.
///
/// ## The tool seam
/// This protocol is the one seam through which tools (DevTools, the test store's recorder,
/// tracing) see a store: per item its kind, queue wait and parent (``DispatchEvent``), its
/// duration and outcome, and for an applied updater the states before and after it
/// (``updaterDidEnd(_:token:outcome:change:)``, for a tool whose ``observesStateChanges`` is
/// `true`). A tool needs no interceptor of its own. A store without instrumentation makes none of
/// these calls, reads no clock and keeps no state copies.
public protocol DispatchInstrumentation: Sendable {
  /// Called when the store starts handling an item.
  ///
  /// - Returns: a token passed back to ``dispatchDidEnd(_:token:outcome:)`` and used as the
  ///   ``DispatchEvent/parent`` of items the side effect dispatches. Return `nil` for an updater
  ///   you will not show as a parent: the store then skips binding it for the items the updater's
  ///   interceptors dispatch (they keep the enclosing parent), its costliest step.
  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)?

  /// Called when the store has finished handling an item: for an updater after listeners ran, for
  /// a side effect after its body returned or threw.
  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome)

  /// Whether the store hands this instrumentation the states around each updater
  /// (``updaterDidEnd(_:token:outcome:change:)``'s `change`); `false` by default.
  ///
  /// Read once, when the store is created. When it is `false` the store makes no ``StateChange``
  /// (one allocation per updater otherwise) and passes `nil`.
  var observesStateChanges: Bool { get }

  /// Called instead of ``dispatchDidEnd(_:token:outcome:)`` when the store has finished handling a
  /// state updater, with the state change it made.
  ///
  /// The default implementation calls ``dispatchDidEnd(_:token:outcome:)``; implement it (and
  /// answer `true` to ``observesStateChanges``) to see the states, to show a diff or to assert
  /// them. Recover the typed states with
  /// `change as? StateChange<MyState>`.
  ///
  /// - Parameters:
  ///   - event: the updater as it was dispatched.
  ///   - token: what ``dispatchWillBegin(_:)`` returned for it.
  ///   - outcome: `.failed` if an interceptor threw or the store could not apply it.
  ///   - change: the store's state right before and right after the updater's handling, read under
  ///     the store's lock, so no other update happened in between. The two are the same state when
  ///     an interceptor swallowed the updater; when an interceptor passed on several updaters for
  ///     one item, `before` is the state before the first and `after` the state after the last.
  ///     `nil` when the store could not handle it (released, or dispatched from inside an updater),
  ///     and always when ``observesStateChanges`` is `false`.
  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?)

  /// Called instead of ``updaterDidEnd(_:token:outcome:change:)`` when the store has finished
  /// handling a state updater that it could handle, with the states around it as values of the
  /// store's own state type: no ``StateChange`` object is made for it.
  ///
  /// The store calls this one, only when ``observesStateChanges`` is `true`; it calls
  /// ``updaterDidEnd(_:token:outcome:change:)`` with `nil` when it has no states to give
  /// (released, or dispatched from inside an updater). The default implementation wraps the
  /// states in a ``StateChange`` and calls ``updaterDidEnd(_:token:outcome:change:)``, so an
  /// instrumentation that implements only that one sees every change as before. Implement this
  /// one to keep the states without an allocation per updater (in a buffer typed with your state
  /// type, say); compare `State.self` with your state type (a metatype comparison) rather than
  /// casting.
  ///
  /// - Parameters:
  ///   - event: the updater as it was dispatched.
  ///   - token: what ``dispatchWillBegin(_:)`` returned for it.
  ///   - outcome: `.failed` if an interceptor threw after the state was read.
  ///   - before: the store's state right before the updater's handling, read under the store's
  ///     lock; see ``updaterDidEnd(_:token:outcome:change:)`` for when it equals `after`.
  ///   - after: the state right after it.
  ///   - sequence: see ``StateChange/sequence``.
  ///
  /// The states are handed over (`consuming`): the store made them for this call, so keeping
  /// them costs no copy (no retain of their buffers).
  func updaterDidEnd<Value: State>(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, before: consuming Value,
    after: consuming Value, sequence: UInt64)

  /// Called when the store's state initializer threw; the store goes on with `State.init()`.
  func stateInitializerDidFail(_ error: any Error)

  /// Runs the handling of an item (a side effect's body, an updater's interceptor chain) inside
  /// the context the instrumentation needs, for example its span bound as the task-local current
  /// context so that libraries the side effect calls (HTTP, database) nest under it.
  ///
  /// - Parameters:
  ///   - token: what ``dispatchWillBegin(_:)`` returned for the item.
  ///   - operation: the handling; call it exactly once and return its result.
  func withScope(
    of token: (any Sendable)?, _ operation: () async throws -> any Sendable
  ) async throws -> any Sendable

  /// Runs the synchronous handling of an item (an updater's interceptor chain, which runs on the
  /// dispatching thread) inside the context the instrumentation needs; the synchronous twin of
  /// ``withScope(of:_:)``.
  ///
  /// - Parameters:
  ///   - token: what ``dispatchWillBegin(_:)`` returned for the item.
  ///   - operation: the handling; call it exactly once.
  func withSynchronousScope(of token: (any Sendable)?, _ operation: () throws -> Void) rethrows
}

extension DispatchInstrumentation {
  /// `false`: the store passes no state change.
  public var observesStateChanges: Bool { false }

  /// Calls ``dispatchDidEnd(_:token:outcome:)``.
  public func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    dispatchDidEnd(event, token: token, outcome: outcome)
  }

  /// Wraps the states in a ``StateChange`` and calls ``updaterDidEnd(_:token:outcome:change:)``.
  public func updaterDidEnd<Value: State>(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, before: consuming Value,
    after: consuming Value, sequence: UInt64
  ) {
    updaterDidEnd(
      event, token: token, outcome: outcome, change: StateChange(before: before, after: after, sequence: sequence))
  }

  /// Does nothing.
  public func stateInitializerDidFail(_ error: any Error) {}

  /// Runs `operation` as it is.
  public func withScope(
    of token: (any Sendable)?, _ operation: () async throws -> any Sendable
  ) async throws -> any Sendable {
    try await operation()
  }

  /// Runs `operation` as it is.
  public func withSynchronousScope(of token: (any Sendable)?, _ operation: () throws -> Void) rethrows {
    try operation()
  }
}

/// One item the store is handling, as instrumentation sees it.
public struct DispatchEvent: Sendable {
  /// The item as it was dispatched.
  public let item: any Dispatchable
  /// The item's kind.
  public let kind: DispatchKind
  /// How long the item waited between `dispatch` and the start of its handling (held until the
  /// store was ready, queued behind other updaters, or waiting for a thread).
  public let queueWait: Duration
  /// The token of the side effect whose body dispatched this item, or of the updater whose
  /// interceptors dispatched it; `nil` for an item dispatched from anywhere else.
  public let parent: (any Sendable)?
  /// Where the item was dispatched, when the dispatch recorded it.
  public let callSite: DispatchCallSite?

  /// Creates an event; the store makes these, tests of instrumentation may too.
  public init(
    item: any Dispatchable, kind: DispatchKind, queueWait: Duration, parent: (any Sendable)?,
    callSite: DispatchCallSite? = nil
  ) {
    self.item = item
    self.kind = kind
    self.queueWait = queueWait
    self.parent = parent
    self.callSite = callSite
  }

  /// The item's type name (its ``Dispatchable/debugDescription``).
  public var name: String { item.debugDescription }
}

/// The state change an applied updater made, whatever the state type; see ``StateChange``.
///
/// A class-bound protocol, so that an instrumentation receives it without boxing and can keep it
/// as it is (a reference) while staying non-generic itself.
public protocol AnyStateChange: AnyObject, Sendable {
  /// See ``StateChange/sequence``.
  var sequence: UInt64 { get }
  /// The state before the update, type-erased.
  var anyBefore: any State { get }
  /// The state after the update, type-erased.
  var anyAfter: any State { get }
}

/// The state change an applied updater made, as ``DispatchInstrumentation`` sees it.
///
/// The store makes it in code specialised for the app's state type (one allocation, only for an
/// instrumentation that ``DispatchInstrumentation/observesStateChanges``), so an instrumentation
/// compiled elsewhere needs no generic code to keep it.
public final class StateChange<S: State>: AnyStateChange {
  /// The store's state right before the update.
  public let before: S
  /// The store's state right after it.
  public let after: S
  /// How many updates the store had applied when `after` was read, counting from its creation.
  ///
  /// Updaters dispatched from several threads to a store without interceptors are applied in one
  /// order but may reach the instrumentation in another; sort by this number to get the order
  /// they were applied in (a swallowed updater has the number of the update before it).
  public let sequence: UInt64

  /// Creates a change; the store makes these, tests of instrumentation may too.
  @inlinable
  public init(before: S, after: S, sequence: UInt64 = 0) {
    self.before = before
    self.after = after
    self.sequence = sequence
  }

  public var anyBefore: any State { before }
  public var anyAfter: any State { after }
}

/// The states around an update, as the store's machine records them under its lock; turned into
/// a ``StateChange`` for the instrumentation outside the lock.
@usableFromInline
struct AppliedChange<S: State>: Sendable {
  @usableFromInline let before: S
  @usableFromInline let after: S
  @usableFromInline let sequence: UInt64

  @inlinable
  init(before: S, after: S, sequence: UInt64) {
    self.before = before
    self.after = after
    self.sequence = sequence
  }
}

/// Where an item was dispatched: the source location of the `dispatch` call.
///
/// Static strings, so recording one costs no allocation.
public struct DispatchCallSite: Sendable, CustomStringConvertible {
  /// The file, as `#fileID` gives it (`Module/File.swift`).
  public let fileID: StaticString
  /// The line of the call.
  public let line: UInt
  /// The function containing the call, as `#function` gives it.
  public let function: StaticString
  /// The UI session (a browser page) the dispatch came from, when a session store passed it on
  /// (KatanaUI's `SessionStore` numbers its pages); `nil` for a dispatch made outside any session.
  public var session: UInt64?

  /// Creates a call site; the defaults are the caller's location.
  @inlinable
  public init(fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function) {
    self.fileID = fileID
    self.line = line
    self.function = function
  }

  /// `File.swift:line`, as editors and terminals link it.
  public var description: String { "\(fileID):\(line)" }
}

/// How the handling of an item ended.
public enum DispatchOutcome: Sendable {
  /// The item was handled (an interceptor may have swallowed it).
  case completed
  /// The item failed with this error: thrown by its body or an interceptor, or a ``KatanaError``.
  case failed(any Error)
}

extension Optional where Wrapped == any Sendable {
  /// Whether a token is there, read in place: `!= nil` copies the optional existential (a call
  /// through its value witnesses) to compare it.
  @inlinable
  package var isSome: Bool {
    switch self {
    case .some: true
    case .none: false
    }
  }
}

/// The task-local link from a running side effect to the items it dispatches.
///
/// Reading a task local costs more than the rest of an instrumented updater's own work (a
/// runtime call that walks the task's bindings, and an optional existential copied out), and
/// every instrumented updater needs its parent. Until a store first binds a parent (its first
/// instrumented side effect, or an updater chain's interceptors dispatching), no task can hold
/// one, so ``parent`` answers `nil` without the read. Once bound, it reads it for good: a task a
/// side effect started inherits the binding and may outlive the body that made it.
@usableFromInline
package enum InstrumentationScope {
  @TaskLocal static var bound: (any Sendable)?

  /// The parent bound for this task, if any (`withParent` binds one).
  @inlinable
  static var parent: (any Sendable)? {
    guard hasBound else { return nil }
    return readBound()
  }

  @usableFromInline
  static func readBound() -> (any Sendable)? { bound }

  /// Whether any item may have a parent: `false` until a parent was first bound or an updater's
  /// chain first ran with a token. Tools read it to skip ``DispatchEvent/parent`` (reading an
  /// optional existential out of the event copies it through its value witnesses).
  package static var mayHaveParents: Bool { hasBound }

  #if canImport(Glibc)
    /// Whether any parent was ever bound in this process (or a chain token set, the other source
    /// of parents). Relaxed: it is set before the binding or the token exists, and whoever reads
    /// an item with that parent is ordered after it by the task that inherits the binding, the
    /// thread that runs the chain, or the store's lock that hands a queued item over.
    @usableFromInline static let everBound = Atomic<Bool>(false)

    @inlinable
    static var hasBound: Bool { everBound.load(ordering: .relaxed) }

    @usableFromInline package static func noteBinding() {
      if !everBound.load(ordering: .relaxed) { everBound.store(true, ordering: .relaxed) }
    }
  #else
    // `Atomic` needs macOS 15 / iOS 18: elsewhere the task local is always read.
    @inlinable
    static var hasBound: Bool { true }

    @usableFromInline package static func noteBinding() {}
  #endif

  /// Runs `operation` with `parent` bound as the parent of what it dispatches.
  static func withParent<R>(_ parent: (any Sendable)?, _ operation: () throws -> R) rethrows -> R {
    noteBinding()
    return try $bound.withValue(parent, operation: operation)
  }

  /// Runs `operation` with `parent` bound as the parent of what it dispatches.
  static func withParent<R>(
    _ parent: (any Sendable)?, isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
  ) async rethrows -> R {
    noteBinding()
    return try await $bound.withValue(parent, operation: operation)
  }
}
