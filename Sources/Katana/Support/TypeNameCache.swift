/// Remembers each dispatchable type's reflected name: `String(reflecting:)` demangles the type on
/// every call, which would dominate a logger's or tracer's cost. Shared by the package's modules.
package final class TypeNameCache: Sendable {
  private let names = LockedValue<[ObjectIdentifier: String]>([:])

  package init() {}

  /// The item's type name, as ``Dispatchable/debugDescription`` gives it, computed once per type.
  package func name(of item: any Dispatchable) -> String {
    let key = ObjectIdentifier(type(of: item))
    if let known = names.withLock({ $0[key] }) { return known }
    let name = item.debugDescription
    names.withLock { $0[key] = name }
    return name
  }
}
