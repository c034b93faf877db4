public import Katana

extension Store where S: Codable {
  /// Creates a store with DevTools attached (or not, for `nil`): the one call that attaches it.
  ///
  /// DevTools' interceptor goes last in the chain, so it sees the items the other interceptors
  /// let through; its instrumentation wraps `configuration`'s, which keeps working. Start the
  /// server with ``DevTools/start()``.
  ///
  /// - Parameters:
  ///   - interceptors: run around every dispatched item, first one outermost.
  ///   - stateInitializer: produces the initial state; see `init(interceptors:stateInitializer:configuration:)`.
  ///   - configuration: instrumentation and other options.
  ///   - devTools: the DevTools to attach; `nil` makes a plain store.
  public convenience init(
    interceptors: [StoreInterceptor] = [],
    stateInitializer: @escaping @Sendable () async throws -> S = { S() },
    configuration: Configuration = .init(),
    devTools: DevTools<S>?
  ) {
    guard let devTools else {
      self.init(interceptors: interceptors, stateInitializer: stateInitializer, configuration: configuration)
      return
    }
    var configuration = configuration
    configuration.instrumentation = devTools.instrumentation(wrapping: configuration.instrumentation)
    self.init(
      interceptors: interceptors + [devTools.interceptor(for: D.self)], stateInitializer: stateInitializer,
      configuration: configuration)
    devTools.bind(to: self)
  }
}
