/// Something a store can handle: a ``StateUpdater``, a ``SideEffect`` or a ``ReturningSideEffect``.
///
/// `Dispatchable` is only a marker; conform to one of the three refined protocols instead. An item
/// that conforms to none of them, or to both ``StateUpdater`` and a side-effect protocol, is
/// rejected by the store with ``KatanaError/notDispatchable(_:reason:)``.
public protocol Dispatchable: Sendable {}

extension Dispatchable {
  /// The fully qualified name of the item's dynamic type, for example `MyApp.IncrementCounter`.
  ///
  /// Loggers and instrumentation use this name. It names the type, not the value, so it never
  /// leaks the item's payload into logs.
  public var debugDescription: String {
    String(reflecting: Self.self)
  }
}
