/// Whether two descriptions are of the same type with equal props.
///
/// Used to compare props that hold children (``ViewProps``, ``TouchHandlerProps``), so a
/// container whose children did not change can skip its subtree.
public func descriptionsAreEqual(_ lhs: AnyNodeDescription, _ rhs: AnyNodeDescription) -> Bool {
  sameDescription(lhs, rhs)
}

private func sameDescription<D: NodeDescription>(_ lhs: D, _ rhs: AnyNodeDescription) -> Bool {
  guard let rhs = rhs as? D else { return false }
  return lhs.props == rhs.props
}

/// Whether two lists of descriptions are pairwise equal (see ``descriptionsAreEqual(_:_:)``).
public func descriptionsAreEqual(_ lhs: [AnyNodeDescription], _ rhs: [AnyNodeDescription]) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { descriptionsAreEqual($0, $1) }
}
