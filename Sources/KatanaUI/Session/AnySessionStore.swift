public import Katana

/// A page's store, as code that does not know the app's state type holds it (a backend making one
/// per browser tab); see ``SessionStore``.
public protocol AnySessionStore: AnyStore {
  /// The page's number, unique in the process; DevTools shows it with each item the page
  /// dispatched (``/Katana/DispatchCallSite/session``).
  var sessionID: UInt64 { get }

  /// Ends the session: stops listening to the shared store and drops every listener. Call it when
  /// the page is gone; calling it again does nothing.
  func close()
}

extension AnyStore {
  /// A new page's store on this shared store: its own ``SessionScope`` fields, starting from this
  /// store's copy of them (where the app starts: pages never change it), and everything else
  /// shared.
  ///
  /// The scope comes from the state type: its ``SessionState/sessionScope``; else, for a
  /// ``NavigableState``, ``SessionScope/routes``; else ``SessionScope/nothing``.
  ///
  /// - Returns: a ``SessionStore`` of the store's state type.
  public func makeSession() -> any AnySessionStore {
    func open<S: Katana.State>(_ state: S) -> any AnySessionStore {
      SessionStore<S>(sharing: self, scope: SessionScope<S>.default)
    }
    return open(anyState)
  }
}

extension SessionScope {
  /// The scope the state type declares (see ``AnyStore/makeSession()``).
  static var `default`: SessionScope {
    func declared<T: SessionState>(_ type: T.Type) -> Any { T.sessionScope }
    func routes<T: NavigableState>(_ type: T.Type) -> Any { SessionScope<T>.routes }
    if let type = S.self as? any SessionState.Type, let scope = declared(type) as? SessionScope { return scope }
    if let type = S.self as? any NavigableState.Type, let scope = routes(type) as? SessionScope { return scope }
    return .nothing
  }
}
