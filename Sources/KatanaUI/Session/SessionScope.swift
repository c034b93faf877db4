public import Katana

/// The fields of a state that each page (session) has its own copy of, named by key paths.
///
/// A ``SessionStore`` shows its page the shared state with these fields replaced by the page's own.
///
/// ```swift
/// SessionScope<AppState>.routes.including(\.selectedTab)
/// ```
public struct SessionScope<S: Katana.State>: Sendable {
  /// Copies the page's fields from `page` into `state`.
  let overlay: @Sendable (_ state: inout S, _ page: S) -> Void
  /// Whether two states differ in the page's fields.
  let differs: @Sendable (_ lhs: S, _ rhs: S) -> Bool
  /// Whether the scope names no field at all.
  let isEmpty: Bool

  /// A scope of one field.
  ///
  /// - Parameter field: the field each page has its own copy of.
  public init<Field: Equatable & Sendable>(_ field: any WritableKeyPath<S, Field> & Sendable) {
    overlay = { state, page in state[keyPath: field] = page[keyPath: field] }
    differs = { lhs, rhs in lhs[keyPath: field] != rhs[keyPath: field] }
    isEmpty = false
  }

  private init(
    overlay: @escaping @Sendable (inout S, S) -> Void, differs: @escaping @Sendable (S, S) -> Bool, isEmpty: Bool
  ) {
    self.overlay = overlay
    self.differs = differs
    self.isEmpty = isEmpty
  }

  /// No field: every page sees the shared state as it is.
  public static var nothing: SessionScope {
    SessionScope(overlay: { _, _ in }, differs: { _, _ in false }, isEmpty: true)
  }

  /// This scope and one more field.
  ///
  /// - Parameter field: another field each page has its own copy of.
  public func including<Field: Equatable & Sendable>(_ field: any WritableKeyPath<S, Field> & Sendable) -> SessionScope {
    let other = SessionScope(field)
    let overlay = overlay
    let differs = differs
    return SessionScope(
      overlay: { state, page in
        overlay(&state, page)
        other.overlay(&state, page)
      },
      differs: { lhs, rhs in differs(lhs, rhs) || other.differs(lhs, rhs) }, isEmpty: false)
  }
}

extension SessionScope where S: NavigableState {
  /// The route stack: each page shows its own screens, starting at the root.
  public static var routes: SessionScope { SessionScope(\.routes) }
}
