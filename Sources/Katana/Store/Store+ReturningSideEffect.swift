extension Store {
  /// Dispatches any returning side effect without the compile-time check of the store's types,
  /// for sibling products (the test store) that forward a generic one.
  package func dispatchUnchecked<T: ReturningSideEffect>(_ dispatchable: T, callSite: DispatchCallSite? = nil)
    -> DispatchTask<T.ReturnValue>
  {
    core.dispatchReturningSideEffect(dispatchable, callSite: callSite)
  }
}
