/// What the DevTools instrumentation hands the store for an item, and gets back at its end.
///
/// It is small enough (16 bytes) to live inline in the store's `(any Sendable)?` without an
/// allocation. Updaters carry id 0: their id is given when they end, under the lock the record
/// takes anyway, since nothing can name an updater as its parent before then. A side effect gets
/// its id when it begins, so the items its body dispatches can point at it.
struct InstrumentationToken: Sendable {
  let id: Int
  /// `MonotonicClock` nanoseconds (KatanaSupport).
  let start: UInt64
}

/// The token when DevTools wraps another instrumentation (KatanaTracing, say), which keeps its own.
///
/// Made only when the wrapped instrumentation returned a token; otherwise DevTools' own token is
/// the whole token.
struct ChainedInstrumentationToken: Sendable {
  let own: InstrumentationToken
  let inner: any Sendable
}

extension InstrumentationToken {
  /// The token of an updater begun while nobody timed updaters (start 0: no clock was read).
  static let untimedUpdater = InstrumentationToken(id: 0, start: 0)

  /// When an updater's handling began, or `nil` when it was not timed.
  var updaterStart: UInt64? { start == 0 ? nil : start }

  /// The DevTools part of a token the store passes back, whichever of the two shapes it has.
  static func from(_ token: (any Sendable)?) -> InstrumentationToken? {
    guard let token else { return nil }
    if let own = exactly(token) { return own }
    return (token as? ChainedInstrumentationToken)?.own
  }

  /// `token` when it is a plain ``InstrumentationToken`` (the store has no other
  /// instrumentation), else `nil`.
  static func own(_ token: (any Sendable)?) -> InstrumentationToken? {
    guard let token else { return nil }
    return exactly(token)
  }

  /// `value` if its type is exactly `InstrumentationToken`. Opening the existential and comparing
  /// metatypes costs a few instructions; `as?` on an existential is a run-time dynamic cast of a
  /// few hundred, paid on every recorded item.
  private static func exactly<T: Sendable>(_ value: T) -> InstrumentationToken? {
    guard T.self == InstrumentationToken.self else { return nil }
    // `T` is `InstrumentationToken` (checked above): the cast reinterprets a value as its own type.
    return unsafeBitCast(value, to: InstrumentationToken.self)
  }
}
