import KatanaSupport

/// Katana 3's middleware shape, kept so middleware written for it keeps working.
///
/// A middleware receives `getState` and a fire-and-forget `dispatch` once, then `next`, then each
/// item. Its `next` is synchronous, so it cannot observe the item's effect: code after `next`
/// still sees the old state. Prefer writing a ``StoreInterceptor`` for new code.
public typealias StoreMiddleware =
  @Sendable (_ getState: @escaping GetState, _ dispatch: @escaping @Sendable (any Dispatchable) -> Void)
  -> @Sendable (_ next: @escaping @Sendable (any Dispatchable) -> Void)
  -> @Sendable (_ dispatchable: any Dispatchable) -> Void

/// Wraps a Katana 3 ``StoreMiddleware`` as a ``StoreInterceptor``.
///
/// The items the middleware passes to its `next` are handed on, in order, once the middleware
/// returns; an item it does not pass on is swallowed. If handing an item on throws (a later
/// interceptor or a side effect failed), the error propagates to the dispatcher, as in Katana 3.
///
/// - Parameter middleware: the middleware; its first stage runs once, when the store initialises
///   its interceptors.
/// - Returns: an interceptor to list in the store's `interceptors`.
public func middlewareToInterceptor(_ middleware: @escaping StoreMiddleware) -> StoreInterceptor {
  { context in
    let stage = middleware(
      { context.getAnyState() },
      { item in context.anyDispatch(item) }
    )
    return { next in
      { item in
        let forwarded = LockedValue<[any Dispatchable]>([])
        let handle = stage { passed in forwarded.withLock { $0.append(passed) } }
        handle(item)
        for passed in forwarded.withLock({ $0 }) {
          try next(passed)
        }
      }
    }
  }
}
