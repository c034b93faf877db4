extension Mutation: Equatable {
  /// Whether two mutations are the same case about the same nodes with equal values.
  ///
  /// Props are equal when they have the same type and that type's `==` holds (so closures
  /// left out of a props type's `==` are ignored here too); animated groups compare their
  /// animation and their nested mutations in order. Lets tests assert exact logs:
  ///
  /// ```swift
  /// #expect(backend.log == [.setFrame(NodeID(rawValue: 2), Rect(x: 0, y: 0, width: 320, height: 50))])
  /// ```
  public static func == (lhs: Mutation, rhs: Mutation) -> Bool {
    switch (lhs, rhs) {
    case (.create(let a, let aKind, let aProps), .create(let b, let bKind, let bProps)):
      a == b && aKind == bKind && propsAreEqual(aProps, bProps)
    case (.updateProps(let a, let aProps), .updateProps(let b, let bProps)):
      a == b && propsAreEqual(aProps, bProps)
    case (.insert(let a, let aParent, let aIndex), .insert(let b, let bParent, let bIndex)):
      a == b && aParent == bParent && aIndex == bIndex
    case (.move(let a, let aParent, let aIndex), .move(let b, let bParent, let bIndex)):
      a == b && aParent == bParent && aIndex == bIndex
    case (.remove(let a), .remove(let b)):
      a == b
    case (.setFrame(let a, let aFrame), .setFrame(let b, let bFrame)):
      a == b && aFrame == bFrame
    case (.animate(let aType, let aMutations), .animate(let bType, let bMutations)):
      aType == bType && aMutations == bMutations
    case (.command(let a, let aCommand), .command(let b, let bCommand)):
      a == b && aCommand == bCommand
    default:
      false
    }
  }
}

/// Whether two props values have the same type and are equal by that type's `==`.
func propsAreEqual(_ lhs: any NodeDescriptionProps, _ rhs: any NodeDescriptionProps) -> Bool {
  func isEqual<P: NodeDescriptionProps>(_ lhs: P) -> Bool {
    guard let rhs = rhs as? P else { return false }
    return lhs == rhs
  }
  return isEqual(lhs)
}
