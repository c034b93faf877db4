/// An interceptor's second stage (it receives `next`), for ``StoreCore/compose(_:last:)``.
///
/// A struct around the closure: kept in an array, a bare closure is stored in its most general
/// form, and each call through it crosses conversion thunks.
struct InterceptorStage: Sendable {
  let wrap: @Sendable (_ next: @escaping StoreInterceptorNext) -> StoreInterceptorNext
}
