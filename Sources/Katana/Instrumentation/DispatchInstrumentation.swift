/// Observes the handling of every dispatched item: a begin and an end per item, with its timing.
///
/// Pass an implementation in ``Store/Configuration`` to see dispatches as spans, signposts or
/// metrics (KatanaTracing builds spans on it; `SignpostLogger` emits signposts on Apple
/// platforms). A store without instrumentation skips every call, so the hook costs nothing when it
/// is not used.
///
/// Threading: methods are called on whatever thread handles the item, never while the store holds
/// its lock, and concurrently for side effects. An updater begins and ends on the thread that runs
/// its interceptor chain (inside `dispatch`, or right after the chain it waited for); a side effect
/// begins on the dispatching thread and ends on its task. Keep them fast and do not dispatch from
/// them.
///
/// Nesting: while a side effect's body runs, ``DispatchEvent/parent`` of every item it dispatches
/// (directly or from tasks it starts) is the token ``dispatchWillBegin(_:)`` returned for that side
/// effect, so tools can draw the items as children of the side effect.
public protocol DispatchInstrumentation: Sendable {
  /// Whether the store reports state updaters to this instrumentation (`true` by default).
  ///
  /// An instrumentation that follows only side effects returns `false`: the store then handles
  /// updaters as if it had no instrumentation (no event, no clock read, no call), so their cost
  /// stays that of the bare store. Side effects are reported either way. Read once, when the store
  /// is created.
  var observesStateUpdaters: Bool { get }

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
  /// `true`: the store reports every item, updaters included.
  public var observesStateUpdaters: Bool { true }

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
  /// The token of the side effect whose body dispatched this item, if any.
  public let parent: (any Sendable)?

  /// Creates an event; the store makes these, tests of instrumentation may too.
  public init(item: any Dispatchable, kind: DispatchKind, queueWait: Duration, parent: (any Sendable)?) {
    self.item = item
    self.kind = kind
    self.queueWait = queueWait
    self.parent = parent
  }

  /// The item's type name (its ``Dispatchable/debugDescription``).
  public var name: String { item.debugDescription }
}

/// How the handling of an item ended.
public enum DispatchOutcome: Sendable {
  /// The item was handled (an interceptor may have swallowed it).
  case completed
  /// The item failed with this error: thrown by its body or an interceptor, or a ``KatanaError``.
  case failed(any Error)
}

/// The task-local link from a running side effect to the items it dispatches.
@usableFromInline
enum InstrumentationScope {
  @usableFromInline @TaskLocal static var parent: (any Sendable)?
}
