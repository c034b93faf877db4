/// Hands an item on to the rest of the interceptor chain, and finally to the store.
///
/// - For a ``StateUpdater``: applies it and returns once the new state is stored and listeners
///   have been called, so code after `next` sees the new state.
/// - For a side effect: starts its body in a task and returns at once. The body's outcome reaches
///   the dispatcher's `value` and the store's ``DispatchInstrumentation``, not the interceptor.
///
/// Throws what a later interceptor threw, or a ``KatanaError`` for an item the store cannot
/// handle.
public typealias StoreInterceptorNext = @Sendable (_ dispatchable: any Dispatchable) throws -> Void

/// Code that runs around every dispatched item, in the order the store's interceptors are listed.
///
/// An interceptor has three stages:
/// 1. it receives the store's context once, when the store initialises its interceptors (after the
///    state initializer, before the store is ready);
/// 2. it receives `next`, the rest of the chain;
/// 3. it receives each item, synchronously, and may read the state, dispatch, call `next` (with
///    the same item or another one), skip `next` to swallow the item, or throw to stop it.
///
/// ```swift
/// let timing: StoreInterceptor = { context in
///   { next in
///     { item in
///       let start = ContinuousClock.now
///       try next(item)
///       print(item.debugDescription, ContinuousClock.now - start)
///     }
///   }
/// }
/// ```
///
/// ## Threading and order
/// - Updater chains run one at a time, in the order the store received the items. When none is
///   running, the dispatching thread runs the chain inline, inside `dispatch`; an item dispatched
///   while a chain runs (from another thread, or from an interceptor or listener of the running
///   chain) waits and runs right after it, on the thread that runs the chain, never recursively.
/// - Side-effect chains run at once, on the dispatching thread; `next` starts the body and returns.
/// - An item an interceptor dispatches (an observer's reaction, say) is handled after the item
///   whose chain dispatched it, not inside it.
/// - Interceptors run for every item, including those dispatched by side effects and by other
///   interceptors.
///
/// ## Waiting
/// An interceptor never blocks: to delay an item, swallow it and dispatch it again later, or
/// dispatch a side effect that awaits and then dispatches it. Call `next` only from the item's own
/// call: a `next` kept and called later is handled as a new dispatch.
public typealias StoreInterceptor =
  @Sendable (_ context: any AnySideEffectContext)
  -> @Sendable (_ next: @escaping StoreInterceptorNext)
  -> @Sendable (_ dispatchable: any Dispatchable) throws -> Void
