/// The dynamic type of `item`, as `type(of: item)`, read without the run-time call when it can.
///
/// `type(of:)` on an existential calls `swift_getDynamicType` (about 55 instructions), because a
/// class instance may be stored under a superclass's type. Opening the existential names the type
/// it was stored as; for a struct or an enum that *is* its dynamic type, which is told by the
/// metadata's kind (the first word of type metadata: 0x200 struct, 0x201 enum, 0x202 optional;
/// see the Swift ABI's TypeMetadata document). Anything else (a class, whose first word is an
/// isa pointer or the class kind) takes `type(of:)`. The chain's hot path reads an item's type
/// up to three times (the logger, the observer, the store's end).
@inlinable
func dynamicItemType(of item: any Dispatchable) -> any Dispatchable.Type {
  func open<T: Dispatchable>(_ opened: T) -> any Dispatchable.Type {
    guard isValueType(T.self) else { return type(of: opened) }
    return T.self
  }
  return open(item)
}

/// Whether `type` is a struct, an enum or an optional: a type whose values are stored in an
/// existential under their own type, never under another one (a class instance may be stored
/// under a superclass's type).
@inlinable @inline(__always)
func isValueType(_ type: Any.Type) -> Bool {
  // Metadata kinds, from the Swift ABI's TypeMetadata document.
  let structKind: UInt = 0x200
  let enumKind: UInt = 0x201
  let optionalKind: UInt = 0x202
  let kind = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
  return kind == structKind || kind == enumKind || kind == optionalKind
}
