/// Remembers each type's reflected name: `String(reflecting:)` demangles the type on every call,
/// which would dominate a logger's or tracer's cost. Shared by the package's modules.
package final class TypeNameCache: Sendable {
  private let names = LockedValue<[ObjectIdentifier: String]>([:])
  private let prefix: String

  /// - Parameter prefix: put in front of every name, once per type rather than once per call
  ///   (a logger's fixed line start, say).
  package init(prefix: String = "") {
    self.prefix = prefix
  }

  /// `prefix` followed by `type`'s fully qualified name (`String(reflecting:)`), computed once
  /// per type.
  package func name(of type: any Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let known = names.withLock({ $0[key] }) { return known }
    let name = prefix + String(reflecting: type)
    names.withLock { $0[key] = name }
    return name
  }
}
