extension Node {
  /// Moves the children from their current descriptions (A) to `next` (B) in the multi-step
  /// transition:
  ///
  /// 1. A, plus the items only in B inserted next to their B neighbours with their entry
  ///    transformers applied; unanimated, and only when B adds items.
  /// 2. B, plus the items only in A kept next to their A neighbours with their leave transformers
  ///    applied; each child's own change wrapped in its ``Mutation/animate(_:_:)``. Container
  ///    children (``Childrenable`` props) run the same transition for their own children.
  /// 3. After the longest animation (delay included) on the renderer's clock: B, unanimated,
  ///    unless the node re-rendered in between.
  ///
  /// Items are matched by identity (description type + key) among the children of one node.
  func transition(
    to next: [AnyNodeDescription], animations: @escaping ChildAnimationLookup, into mutations: inout [Mutation]
  ) {
    let current = children.map(\.anyDescription)
    let currentIdentities = Set(children.map(\.identity))
    let nextIdentities = Set(next.map(Identity.init))

    let entering = next.filter { !currentIdentities.contains(Identity($0)) }
    if !entering.isEmpty {
      let stepOne = Self.merge(base: current, with: next, present: currentIdentities) { description in
        transformed(description, by: animations(description.props.key), entering: true)
      }
      reconcile(stepOne, animations: nil, into: &mutations)
    }

    let stepTwo = Self.merge(base: next, with: current, present: nextIdentities) { description in
      transformed(description, by: animations(description.props.key), entering: false)
    }
    reconcile(stepTwo, animations: animations, into: &mutations)

    let longest = (next + current).map { animations($0.props.key).type.totalDuration }.max() ?? .zero
    let generation = transitionGeneration
    renderer.schedule(after: longest) { [weak self] in
      guard let self, self.isMounted, self.transitionGeneration == generation else { return [] }
      var final: [Mutation] = []
      self.reconcile(next, animations: nil, into: &final)
      return final
    }
  }

  /// `base`, plus each item of `full` whose identity is not in `present`, transformed and inserted
  /// right after the item that precedes it in `full` (or first when nothing precedes it).
  static func merge(
    base: [AnyNodeDescription], with full: [AnyNodeDescription], present: Set<Identity>,
    transform: (AnyNodeDescription) -> AnyNodeDescription
  ) -> [AnyNodeDescription] {
    var result = base
    var identities = base.map(Identity.init)
    var insertionPoint = 0
    for item in full {
      let identity = Identity(item)
      if present.contains(identity) {
        if let position = identities.firstIndex(of: identity) { insertionPoint = position + 1 }
      } else {
        result.insert(transform(item), at: insertionPoint)
        identities.insert(identity, at: insertionPoint)
        insertionPoint += 1
      }
    }
    return result
  }
}

/// `description` with its props passed through the animation's entry or leave transformers.
func transformed<E: NodeDescription>(_ description: E, by animation: Animation, entering: Bool) -> AnyNodeDescription {
  let props = entering ? animation.entryProps(description.props) : animation.leaveProps(description.props)
  guard let typed = props as? E.PropsType else { return description }
  var copy = description
  copy.props = typed
  return copy
}
