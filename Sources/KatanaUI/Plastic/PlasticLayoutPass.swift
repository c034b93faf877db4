/// Runs a ``PlasticNodeDescription``'s layout over the children it describes and writes the
/// resulting frames back into their props.
///
/// Keyed descendants are found by walking the children and, recursively, the children of
/// ``Childrenable`` props. Frames in props are relative to the parent, and so are the
/// ``PlasticView``s' stored frames: anchors read absolute coordinates (the node's own space,
/// origin zero) through the chain of containers, so moving a container moves what it holds.
/// Views the layout did not touch keep their frames.
struct PlasticLayoutPass {
  struct CacheKey: Hashable {
    let type: ObjectIdentifier
    let hash: Int
    let size: Size
    let multiplier: Double
    /// The medium's minimum target, which can change with the container's size.
    let minimumTargetSize: Size
  }

  /// Frames computed by earlier passes, keyed by description type, layout hash, size and
  /// multiplier (the character cell is the renderer's, fixed for the cache's lifetime). Bounded: cleared when it reaches ``capacity`` entries.
  struct Cache {
    static let capacity = 512
    private var entries: [CacheKey: [String: Rect]] = [:]

    subscript(key: CacheKey) -> [String: Rect]? {
      get { entries[key] }
      set {
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = newValue
      }
    }
  }

  /// Lays out `children` for a node of type `D` and returns them with their frames set.
  ///
  /// - Throws: what the layout throws; `partial` then holds the children with the frames the
  ///   layout had set before failing.
  static func run<D: PlasticNodeDescription>(
    _ type: D.Type, props: D.PropsType, state: D.StateType, size: Size, multiplier: Double, characterCell: Size? = nil,
    minimumTargetSize: Size = Size(width: 0, height: 0),
    children: [AnyNodeDescription], cache: inout Cache, partial: inout [AnyNodeDescription]
  ) throws -> [AnyNodeDescription] {
    let hash = D.layoutHash(props: props, state: state)
    let cacheKey = hash.map {
      CacheKey(
        type: ObjectIdentifier(D.self), hash: $0, size: size, multiplier: multiplier,
        minimumTargetSize: minimumTargetSize)
    }
    if let cacheKey, let frames = cache[cacheKey] {
      return write(frames, into: children)
    }

    let nativeView = PlasticView(key: "", frame: Rect(origin: .zero, size: size), scaleValue: multiplier)
    var views: [String: PlasticView] = [:]
    views.reserveCapacity(children.count)
    var orderedKeys: [String] = []
    orderedKeys.reserveCapacity(children.count)
    let slots = collect(children, parent: nil, multiplier: multiplier, views: &views, orderedKeys: &orderedKeys)
    let container = ViewsContainer<D.Keys>(
      nativeView: nativeView, views: views, orderedKeys: orderedKeys, characterCell: characterCell,
      minimumTargetSize: minimumTargetSize)
    do {
      try D.layout(views: container, props: props, state: state)
    } catch {
      partial = write(slots, into: children)
      throw error
    }
    if let cacheKey { cache[cacheKey] = changedFrames(views) }
    return write(slots, into: children)
  }

  /// The view a description got in ``collect(_:parent:multiplier:views:orderedKeys:)``, in
  /// description order, and the slots of a container's children. Writing frames back through
  /// slots needs no key lookups: a 10,000-child layout otherwise hashes every key three more
  /// times (the frames, the claimed keys) and reads every description's props twice.
  private struct Slot {
    /// The view, when this description was the first with its key; `nil` otherwise.
    let view: PlasticView?
    /// The slots of the children, when the description is a container.
    let children: [Slot]?
  }

  private static func changedFrames(_ views: [String: PlasticView]) -> [String: Rect] {
    var frames: [String: Rect] = [:]
    for (key, view) in views where view.wasChanged {
      frames[key] = view.relativeFrame
    }
    return frames
  }

  private static func collect(
    _ descriptions: [AnyNodeDescription], parent: PlasticView?, multiplier: Double,
    views: inout [String: PlasticView], orderedKeys: inout [String]
  ) -> [Slot] {
    var slots: [Slot] = []
    slots.reserveCapacity(descriptions.count)
    for description in descriptions {
      let props = description.props
      var view: PlasticView?
      if let key = props.key, views[key] == nil {
        let keyed = PlasticView(key: key, relativeFrame: props.frame, scaleValue: multiplier, parent: parent)
        views[key] = keyed
        orderedKeys.append(key)
        view = keyed
      }
      var children: [Slot]?
      if let container = props as? any Childrenable {
        // An unkeyed container has a static frame; its keyed children are measured from it.
        let anchor = view ?? PlasticView(key: "", relativeFrame: props.frame, scaleValue: multiplier, parent: parent)
        children = collect(
          container.children, parent: anchor, multiplier: multiplier, views: &views, orderedKeys: &orderedKeys)
      }
      slots.append(Slot(view: view, children: children))
    }
    return slots
  }

  /// Writes the frames the layout changed into the descriptions the slots were collected from.
  private static func write(_ slots: [Slot], into descriptions: [AnyNodeDescription]) -> [AnyNodeDescription] {
    var result = descriptions
    for index in result.indices where index < slots.count {
      let slot = slots[index]
      if let view = slot.view, view.wasChanged {
        result[index] = withFrame(result[index], view.relativeFrame)
      }
      if let childSlots = slot.children, let container = result[index].props as? any Childrenable {
        result[index] = withChildren(result[index], write(childSlots, into: container.children))
      }
    }
    return result
  }

  private static func write(_ frames: [String: Rect], into descriptions: [AnyNodeDescription]) -> [AnyNodeDescription] {
    guard !frames.isEmpty else { return descriptions }
    var claimed = Set<String>()
    return write(frames, into: descriptions, claimed: &claimed)
  }

  private static func write(
    _ frames: [String: Rect], into descriptions: [AnyNodeDescription], claimed: inout Set<String>
  ) -> [AnyNodeDescription] {
    descriptions.map { description in
      var result = description
      if let key = description.props.key, !claimed.contains(key) {
        claimed.insert(key)
        if let frame = frames[key] { result = withFrame(result, frame) }
      }
      if let container = result.props as? any Childrenable {
        result = withChildren(result, write(frames, into: container.children, claimed: &claimed))
      }
      return result
    }
  }
}
