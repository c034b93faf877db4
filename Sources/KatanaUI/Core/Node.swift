import Katana

/// The mounted instance of a description of type `D`: its latest description, its state and its
/// children.
///
/// The node keeps two versions of its props: the *base* props its parent described, and the
/// description's props, which are the base props after `connect` for connected descriptions.
@MainActor
final class Node<D: NodeDescription>: AnyNode {
  let id: NodeID
  unowned let renderer: Renderer
  /// The parent node. `unowned` (not `weak`, which would give every node a side table): a parent
  /// outlives its mounted children, and a node is only asked for its parent while mounted.
  unowned let parent: (any AnyNode)?
  private(set) var children: [any AnyNode] = []
  let depth: Int
  let identity: Identity
  var isDirty = false
  private(set) var isMounted = false
  private(set) var multiplier: Double = 0

  /// Shared by every node of type `D` (one reference instead of a copy of each trait).
  private let traitsBox: DescriptionTraitsBox<D>
  private var traits: DescriptionTraits<D> { traitsBox.traits }
  private var baseProps: D.PropsType
  private(set) var description: D
  private var state: D.StateType
  private var pendingState: D.StateType?
  private var isReceivingProps = false
  /// Bumped on every re-render, so a transition's last step knows whether it is still current.
  private(set) var transitionGeneration = 0
  /// The `update` closure handed to hooks. Descriptions without state share a closure that does
  /// nothing, which saves a weak reference (and its side table) per node.
  private lazy var update: Update<D.StateType> = makeUpdate()

  private func makeUpdate() -> Update<D.StateType> {
    if let statelessUpdate = traits.statelessUpdate { return statelessUpdate }
    return { [weak self] newState in self?.receive(newState) }
  }

  var isConnected: Bool { traits.connector != nil }
  var anyDescription: AnyNodeDescription { description }

  convenience init(description: D, parent: (any AnyNode)?, renderer: Renderer) {
    self.init(description: description, parent: parent, traitsBox: renderer.traits(for: D.self), renderer: renderer)
  }

  init(description: D, parent: (any AnyNode)?, traitsBox: DescriptionTraitsBox<D>, renderer: Renderer) {
    self.renderer = renderer
    self.parent = parent
    id = renderer.makeNodeID()
    depth = (parent?.depth ?? -1) + 1
    identity = Identity(type: ObjectIdentifier(D.self), key: description.props.key)
    self.traitsBox = traitsBox
    baseProps = description.props
    self.description = description
    state = D.StateType()
    if traitsBox.traits.connector != nil { self.description.props = connected(baseProps) }
    if traitsBox.traits.resolveStyling != nil { self.description.props = styled(self.description.props) }
    if let mocks = renderer.stateMocks, let mocked = mocks.state(for: D.self, props: self.description.props) {
      state = mocked
    }
  }

  // MARK: Props and state

  private func connected(_ props: D.PropsType) -> D.PropsType {
    guard let connector = traits.connector else { return props }
    guard let storeState = renderer.storeState else {
      renderer.report(.missingStore(description: String(reflecting: D.self)))
      return props
    }
    var result = props
    if !connector.connect(&result, storeState) {
      renderer.report(
        .storeStateMismatch(
          description: String(reflecting: D.self), expected: connector.expectedState,
          actual: String(reflecting: type(of: storeState))))
    }
    return result
  }

  /// `props` with their scalable styling resolved to points for this node's multiplier, which
  /// the parent's multiplier (already computed when children are built) determines.
  private func styled(_ props: D.PropsType) -> D.PropsType {
    guard let resolve = traits.resolveStyling else { return props }
    var result = props
    resolve(&result, traits.multiplier(frame: props.frame, inherited: parent?.multiplier ?? 0))
    return result
  }

  /// `props` marked busy while work this node's press or choice dispatched is pending (see
  /// ``BusyWork``). An app's own ``Accessibility/isBusy`` is kept either way; props that are not
  /// ``AccessibleProps`` cannot say busy and are left alone.
  private func busied(_ props: D.PropsType) -> D.PropsType {
    guard renderer.isShownBusy(id), var accessible = props as? any AccessibleProps, !accessible.accessibility.isBusy
    else { return props }
    accessible.accessibility.isBusy = true
    return accessible as? D.PropsType ?? props
  }

  /// The state a test mocked for a node of type `D` with `props`, if any.
  private func mockedState(for props: D.PropsType) -> D.StateType? {
    guard let mocks = renderer.stateMocks else { return nil }
    return mocks.state(for: D.self, props: props)
  }

  private func receive(_ newState: D.StateType) {
    guard isMounted else { return }
    pendingState = newState
    // Inside descriptionWillReceiveProps the new state is used by the pass under way.
    if !isReceivingProps { renderer.markDirty(self) }
  }

  func subscribe(to store: any AnyStore, changed: @escaping @Sendable () -> Void) -> StoreUnsubscribe? {
    traits.connector?.subscribe(store, baseProps, changed)
  }

  func storeDidChange(_ storeState: any KatanaState) -> Bool {
    guard let connector = traits.connector else { return false }
    var props = baseProps
    guard connector.connect(&props, storeState) else { return false }
    return busied(styled(props)) != description.props
  }

  // MARK: Lifecycle

  func mount(parent parentID: NodeID, at index: Int, into mutations: inout [Mutation]) {
    // One strong load of the renderer for the whole mount, handed to the children: the renderer
    // is weakly referenced (so it has a side table), which makes each `unowned` load a slow
    // atomic path; mounting 10,000 nodes otherwise spends about a tenth of its time there.
    let renderer = self.renderer
    isMounted = true
    renderer.register(self)
    mutations.append(.create(id, kind: D.nativeViewKind, props: description.props))
    mutations.append(.insert(id, parent: parentID, at: index))
    if traits.refCaller != nil { renderer.needsRefCallback(self) }
    D.didMount(props: description.props, dispatch: renderer.dispatcher, update: update)
    let descriptions = childrenDescriptions(renderer: renderer)
    guard !descriptions.isEmpty else { return }
    // Built in a local array and stored once: appending to the stored property around each
    // child's mount costs a dynamic exclusivity check per child. Nothing reads `children` while
    // the children mount.
    var mounted: [any AnyNode] = []
    mounted.reserveCapacity(descriptions.count)
    for (childIndex, childDescription) in descriptions.enumerated() {
      let child = makeChild(childDescription, renderer: renderer)
      mounted.append(child)
      child.mount(parent: id, at: childIndex, into: &mutations)
    }
    children = mounted
  }

  func update(
    with newDescription: AnyNodeDescription, animation: AnimationType, inherited: ChildAnimationLookup?,
    into mutations: inout [Mutation]
  ) {
    guard let typed = newDescription as? D else { return }
    let baseChanged = traits.connector != nil && isMounted && typed.props != baseProps
    baseProps = typed.props
    // The selection listener connects the base props it was given: new ones need a new listener.
    if baseChanged { renderer.subscribe(self) }
    var next = typed
    next.props = busied(styled(connected(baseProps)))
    apply(next, animation: animation, inherited: inherited, into: &mutations)
  }

  func rerender(into mutations: inout [Mutation]) {
    var next = description
    next.props = busied(styled(connected(baseProps)))
    apply(next, animation: .none, inherited: nil, into: &mutations)
  }

  private func apply(
    _ next: D, animation: AnimationType, inherited: ChildAnimationLookup?, into mutations: inout [Mutation]
  ) {
    isDirty = false
    let currentProps = description.props
    let propsChanged = currentProps != next.props
    if propsChanged {
      isReceivingProps = true
      D.descriptionWillReceiveProps(
        state: pendingState ?? state, currentProps: currentProps, nextProps: next.props,
        dispatch: renderer.dispatcher, update: update)
      isReceivingProps = false
    }
    // A mocked state (UI tests) overrides whatever the node's own updates asked for.
    let nextState = mockedState(for: next.props) ?? pendingState ?? state
    pendingState = nil
    let shouldUpdate = D.shouldUpdate(
      currentProps: currentProps, nextProps: next.props, currentState: state, nextState: nextState)
    let currentState = state
    // A new multiplier (the parent's changed, as on a resize) changes the scalable layout and
    // styling below this node even when its own props stayed equal.
    let nextMultiplier = traits.multiplier(frame: next.props.frame, inherited: parent?.multiplier ?? 0)
    let multiplierChanged = nextMultiplier != multiplier && !(nextMultiplier.isNaN && multiplier.isNaN)
    description = next
    state = nextState
    guard shouldUpdate || multiplierChanged else { return }
    transitionGeneration &+= 1
    if traits.refCaller != nil { renderer.needsRefCallback(self) }

    if propsChanged {
      var probe = next.props
      probe.frame = currentProps.frame
      let change: Mutation = probe == currentProps ? .setFrame(id, next.props.frame) : .updateProps(id, props: next.props)
      mutations.append(animation.isAnimated ? .animate(animation, [change]) : change)
    }

    var childAnimations = ChildrenAnimations<D.Keys>()
    D.updateChildrenAnimations(
      container: &childAnimations, currentProps: currentProps, nextProps: next.props,
      currentState: currentState, nextState: nextState)
    let descriptions = childrenDescriptions()
    if childAnimations.shouldAnimate {
      transition(to: descriptions, animations: childAnimations.animation(forKey:), into: &mutations)
    } else if let inherited, next.props is any Childrenable {
      // A container animates its children as its parent animates its own.
      transition(to: descriptions, animations: inherited, into: &mutations)
    } else {
      reconcile(descriptions, animations: nil, into: &mutations)
    }
  }

  func unmount() {
    guard isMounted else { return }
    isMounted = false
    renderer.unregister(self)
    D.didUnmount(props: description.props, dispatch: renderer.dispatcher)
    for child in children { child.unmount() }
  }

  func handle(_ event: NodeEvent) -> Bool {
    D.handle(event: event, props: description.props, state: state, dispatch: renderer.dispatcher, update: update)
  }

  func callRefCallback() {
    traits.refCaller?.call(description.props, NativeViewHandle(node: id, renderer: renderer))
  }

  // MARK: Children

  /// The children for the current props and state, laid out when `D` is a Plastic description.
  func childrenDescriptions() -> [AnyNodeDescription] {
    childrenDescriptions(renderer: renderer)
  }

  private func childrenDescriptions(renderer: Renderer) -> [AnyNodeDescription] {
    multiplier = traits.multiplier(frame: description.props.frame, inherited: parent?.multiplier ?? 0)
    let descriptions = D.childrenDescriptions(
      props: description.props, state: state, update: update, dispatch: renderer.dispatcher)
    for (key, count) in SiblingKeys.duplicates(in: descriptions) {
      let error = RendererError.duplicateKey(parent: String(reflecting: D.self), key: key, count: count)
      if renderer.report(error) { SiblingKeys.warnInDebug(error.description) }
    }
    #if DEBUG
      ImageNames.reportUnnamed(in: descriptions, parent: D.self, to: renderer)
    #endif
    guard let layout = traits.layout else { return descriptions }
    var partial = descriptions
    let laidOut: [AnyNodeDescription]
    do {
      laidOut = try layout.run(
        description.props, state, description.props.frame.size, multiplier, renderer.characterCell,
        RenderingMedium.current.minimumTargetSize, descriptions,
        &renderer.layoutCache, &partial)
    } catch {
      renderer.report(.layoutFailed(description: String(reflecting: D.self), error: error))
      laidOut = partial
    }
    guard let window = traits.window else { return laidOut }
    return window.mounted(laidOut, description.props, state)
  }

  func prepare(for command: NativeViewCommand) -> Bool {
    guard isMounted, let window = traits.window,
      let newState = window.prepare(command, description.props, pendingState ?? state, multiplier)
    else { return false }
    receive(newState)
    return true
  }

  private func makeChild<E: NodeDescription>(_ description: E) -> any AnyNode {
    makeChild(description, renderer: renderer)
  }

  private func makeChild<E: NodeDescription>(_ description: E, renderer: Renderer) -> any AnyNode {
    renderer.traits(for: E.self).makeNode(description, parent: self, renderer: renderer)
  }

  /// Reconciles the children with new descriptions: same identity (type + key, then order among
  /// equals) updates the existing node, a new identity mounts a node, a vanished one is removed.
  /// Reused nodes that changed position are moved; nothing is recreated to reorder.
  ///
  /// - Parameter animations: per-key animations of the children, or `nil` for none.
  func reconcile(
    _ descriptions: [AnyNodeDescription], animations: ChildAnimationLookup?, into mutations: inout [Mutation]
  ) {
    let old = children
    /// Updates a reused child; with animations, the child's own change is animated with its
    /// key's animation and a container child passes the animations on to its children.
    func update(_ node: any AnyNode, with description: AnyNodeDescription) {
      let type = animations.map { $0(description.props.key).type } ?? .none
      node.update(with: description, animation: type, inherited: animations, into: &mutations)
    }

    // Fast path: the same identities in the same order.
    if old.count == descriptions.count,
      zip(old, descriptions).allSatisfy({ $0.identity == Identity($1) })
    {
      for (node, description) in zip(old, descriptions) {
        update(node, with: description)
      }
      return
    }

    var buckets: [Identity: [any AnyNode]] = [:]
    for node in old.reversed() { buckets[node.identity, default: []].append(node) }
    var next: [any AnyNode] = []
    next.reserveCapacity(descriptions.count)
    var reused = Set<ObjectIdentifier>()
    for description in descriptions {
      let identity = Identity(description)
      if let node = buckets[identity]?.popLast() {
        update(node, with: description)
        reused.insert(ObjectIdentifier(node))
        next.append(node)
      } else {
        next.append(makeChild(description))
      }
    }

    var current: [any AnyNode] = []
    var oldIndex: [ObjectIdentifier: Int] = [:]
    for node in old {
      if reused.contains(ObjectIdentifier(node)) {
        oldIndex[ObjectIdentifier(node)] = current.count
        current.append(node)
      } else {
        mutations.append(.remove(node.id))
        node.unmount()
      }
    }

    children = next
    // The reused nodes forming the longest run already in the right relative order stay put;
    // every other node is placed right after its predecessor in the new order. That is the
    // fewest moves, and the indices stay valid when the mutations are applied one by one.
    let stable = Self.longestIncreasingRun(next.compactMap { oldIndex[ObjectIdentifier($0)] })
    for (index, node) in next.enumerated() {
      let key = ObjectIdentifier(node)
      if let position = oldIndex[key], stable.contains(position) { continue }
      let target: Int
      if index == 0 {
        target = 0
      } else {
        let predecessor = next[index - 1]
        target = (current.firstIndex { $0 === predecessor } ?? -1) + 1
      }
      if oldIndex[key] == nil {
        current.insert(node, at: target)
        node.mount(parent: id, at: target, into: &mutations)
      } else if let from = current.firstIndex(where: { $0 === node }) {
        let destination = from < target ? target - 1 : target
        guard destination != from else { continue }
        current.remove(at: from)
        current.insert(node, at: destination)
        mutations.append(.move(node.id, parent: id, to: destination))
      }
    }
  }

  /// The values of one longest strictly increasing subsequence of `sequence` (patience sorting,
  /// O(n log n)).
  static func longestIncreasingRun(_ sequence: [Int]) -> Set<Int> {
    var tails: [Int] = []  // index into `sequence` of the smallest tail of each run length
    var previous = [Int](repeating: -1, count: sequence.count)
    for (index, value) in sequence.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if sequence[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var run = Set<Int>()
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      run.insert(sequence[cursor])
      cursor = previous[cursor]
    }
    return run
  }
}
