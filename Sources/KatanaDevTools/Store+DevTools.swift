public import Katana

extension Store where S: Codable {
  /// Creates a store with DevTools attached (or not, for `nil`): the one call that attaches it.
  ///
  /// DevTools' instrumentation wraps `configuration`'s, which keeps working; it sees every item
  /// as dispatched (and the error if an interceptor refuses it). Start the server with
  /// ``DevTools/start(announce:)``.
  ///
  /// - Parameters:
  ///   - interceptors: run around every dispatched item, first one outermost.
  ///   - stateInitializer: produces the initial state; see `init(interceptors:stateInitializer:configuration:)`.
  ///   - configuration: instrumentation and other options.
  ///   - devTools: the DevTools to attach; `nil` makes a plain store.
  @inlinable
  public convenience init(
    interceptors: [StoreInterceptor] = [],
    stateInitializer: @escaping @Sendable () async throws -> S = { S() },
    configuration: Configuration = .init(),
    devTools: DevTools<S>?
  ) {
    self.init(
      interceptors: interceptors, stateInitializer: stateInitializer,
      dependenciesInitializer: { dispatch, getState in D(dispatch: dispatch, getState: getState) },
      configuration: configuration, devTools: devTools)
  }
}

extension Store where S: Codable {
  /// Creates a store whose dependency container is built by `dependenciesInitializer`, with
  /// DevTools attached (or not, for `nil`); see ``init(interceptors:stateInitializer:configuration:devTools:)``.
  ///
  /// - Parameters:
  ///   - interceptors: run around every dispatched item, first one outermost.
  ///   - stateInitializer: produces the initial state.
  ///   - dependenciesInitializer: builds the container, once, synchronously.
  ///   - configuration: instrumentation and other options.
  ///   - devTools: the DevTools to attach; `nil` makes a plain store.
  @inlinable
  public convenience init(
    interceptors: [StoreInterceptor],
    stateInitializer: @escaping @Sendable () async throws -> S,
    dependenciesInitializer: (_ dispatch: @escaping AnyDispatch, _ getState: @escaping GetState) -> D,
    configuration: Configuration = .init(),
    devTools: DevTools<S>?
  ) {
    var configuration = configuration
    if let devTools {
      configuration.instrumentation = devTools.instrumentation(wrapping: configuration.instrumentation)
    }
    self.init(
      interceptors: interceptors, stateInitializer: stateInitializer, dependenciesInitializer: dependenciesInitializer,
      configuration: configuration)
    devTools?.bind(to: self)
  }
}
