#if DEBUG
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
#endif

/// Finds keys that more than one sibling uses.
///
/// Keys name children for Plastic layouts (`views[.label]`) and for the reconciler; two siblings
/// with one key make the layout place only the first and the reconciler pair them by order, with
/// no other sign. The renderer reports each duplicate instead.
enum SiblingKeys {
  /// Each key given to more than one of `descriptions`, with how many use it, in the order of
  /// the first repeat.
  static func duplicates(in descriptions: [AnyNodeDescription]) -> [(key: String, count: Int)] {
    // Most parents have zero or one keyed child: no set is built for them.
    guard descriptions.count > 1 else { return [] }
    var seen = Set<String>(minimumCapacity: descriptions.count)
    var repeated: [String: Int] = [:]
    var order: [String] = []
    for description in descriptions {
      guard let key = description.props.key else { continue }
      if seen.insert(key).inserted { continue }
      if repeated[key] == nil { order.append(key) }
      repeated[key, default: 1] += 1
    }
    return order.map { ($0, repeated[$0] ?? 2) }
  }

  /// In debug builds, writes `message` to standard error, so a duplicate key is seen while the
  /// app runs even when nobody reads `Renderer.errors`; release builds stay silent.
  static func warnInDebug(_ message: String) {
    #if DEBUG
      // File descriptor 2, not the C `stderr` global, which strict concurrency rejects.
      let line = Array((message + "\n").utf8)
      _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    #endif
  }
}
