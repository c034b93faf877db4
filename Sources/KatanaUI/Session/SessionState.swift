public import Katana

/// An app state that says which part of it belongs to a page (a session) rather than to everyone.
///
/// A ``SessionStore`` keeps that part per page and shares the rest. Without a conformance, a
/// ``NavigableState`` keeps its ``NavigableState/routes`` per page (``SessionScope/routes``) and any
/// other state keeps nothing per page.
///
/// ```swift
/// extension AppState: SessionState {
///   static var sessionScope: SessionScope<AppState> { .routes.including(\.selectedTab) }
/// }
/// ```
///
/// A side effect dispatched from a page reads the page's fields through its context's
/// `getState()`, and the updaters it dispatches change that page's fields, so a draft typed in
/// one tab and added by a side effect is that tab's draft. Make the updaters that change only
/// these fields ``SessionUpdater``s, to say so.
public protocol SessionState: Katana.State {
  /// The fields of the state each page has its own copy of.
  static var sessionScope: SessionScope<Self> { get }
}

extension SessionState where Self: NavigableState {
  /// The route stack: each page shows its own screens.
  public static var sessionScope: SessionScope<Self> { .routes }
}
