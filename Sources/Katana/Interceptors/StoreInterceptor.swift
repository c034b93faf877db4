/// Hands an item on to the rest of the interceptor chain, and finally to the store.
///
/// Returns once the item has been handled: for an updater, after the new state is stored and
/// listeners have been called; for a side effect, after its body returned.
public typealias StoreInterceptorNext = @Sendable (any Dispatchable) async throws -> Void

/// Code that runs around every dispatched item, in the order the store's interceptors are listed.
///
/// An interceptor has three stages:
/// 1. it receives the store's context once, when the store initialises its interceptors (after the
///    state initializer, before the store is ready);
/// 2. it receives `next`, the rest of the chain;
/// 3. it receives each item, and may read the state, dispatch, call `next` (with the same item or
///    another one), skip `next` to swallow the item, or throw to stop it.
///
/// Code after `next` sees the new state. Interceptors run for every item, including the ones
/// dispatched from side effects and from other interceptors.
///
/// ```swift
/// let timing: StoreInterceptor = { context in
///   { next in
///     { item in
///       let start = ContinuousClock.now
///       try await next(item)
///       print(item.debugDescription, ContinuousClock.now - start)
///     }
///   }
/// }
/// ```
///
/// An interceptor that awaits an updater it dispatched while it intercepts another updater waits
/// forever: updaters are handled one at a time. Dispatch without awaiting there.
public typealias StoreInterceptor =
  @Sendable (_ context: any AnySideEffectContext)
  -> @Sendable (_ next: @escaping StoreInterceptorNext)
  -> @Sendable (_ dispatchable: any Dispatchable) async throws -> Void
