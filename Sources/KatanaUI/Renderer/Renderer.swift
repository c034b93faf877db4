public import Katana

/// Renders a tree of descriptions on a backend and keeps it in sync with a store.
///
/// ```swift
/// let renderer = Renderer(rootDescription: CounterScreen(props: .init()), store: store)
/// renderer.render(in: backend)
/// ```
///
/// - **Store updates** reach only the mounted ``ConnectedNodeDescription`` nodes whose connected
///   props changed. Each mounted connected node holds a selection listener on the store
///   (`addListener(select:)`): it selects the props `connect` makes for each new state and hears
///   only of updates that change them, so an update that changes one row of a connected list
///   marks that row dirty and wakes no other node. The main actor is not woken at all for an
///   update that changes no connected props.
/// - **Batching**: dirty nodes, from store updates or from `update` calls in hooks and handlers,
///   are re-rendered together once per turn of the main actor, shallowest first, and the
///   resulting mutations are applied to the backend in one ``RendererBackend/apply(_:)``.
/// - **Events** from the backend go to the node's description and bubble to its ancestors until
///   one handles them.
/// - **Animations** are timed on the injected clock, so tests can step time.
///
/// The renderer lives on the main actor. The store's listener may run on any thread; the renderer
/// hops to the main actor itself.
@MainActor
public final class Renderer: BackendEventSink {
  /// Dispatches to the renderer's store; handed to every hook.
  public let dispatcher: Dispatcher
  /// The problems met so far, oldest first; each distinct problem (by its text) once. Rendering
  /// goes on after each.
  public private(set) var errors: [RendererError] = []
  /// Called with each problem the first time it is met, in addition to ``errors``.
  public var onError: ((RendererError) -> Void)?
  private var reportedErrors: Set<String> = []

  /// The store's state that connected props are made from: read again at the start of each pass
  /// and when changes arrive, so a node mounted or re-rendered shows the newest state.
  private(set) var storeState: (any KatanaState)?
  /// The store was not ready when the renderer was made, and the state it became ready with has
  /// not reached the main actor yet.
  private var isWaitingForStoreReadiness = false
  var layoutCache = PlasticLayoutPass.Cache()
  /// The backend's ``RendererBackend/characterCell``, read once when rendering starts.
  private(set) var characterCell: Size?

  private let store: (any AnyStore)?
  /// The state mocks of UI tests, if any.
  let stateMocks: StateMockProvider?
  private let tracker = DispatchTracker()
  /// The work each control's press or choice dispatched, until it settles.
  private let busyWork = BusyWork()
  /// The controls shown busy because of that work (their props say ``Accessibility/isBusy``).
  private var busyNodes: Set<NodeID> = []
  private let inbox = StoreInbox()
  private let clock: AnimationClock
  private let lifetime = RendererLifetime()
  private var rootDescription: AnyNodeDescription
  private var rootFollowsContainer: Bool
  private var root: (any AnyNode)?
  private var backend: (any RendererBackend)?
  private var nodes = NodeTable()
  private var connectedNodes: [NodeID: any AnyNode] = [:]
  /// Connected nodes subscribed during the current pass: their props were connected to the state
  /// read before they subscribed, so the pass checks them against the state read after.
  private var newlySubscribed: [any AnyNode] = []
  private var dirty: [any AnyNode] = []
  private var isFlushScheduled = false
  private var traitsByType: [ObjectIdentifier: AnyObject] = [:]
  /// The traits asked for last: siblings are usually of one type, so this often saves the lookup.
  private var lastTraits: (type: ObjectIdentifier, box: AnyObject)?
  private var lastTransitionID = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  /// How many render passes are collecting mutations right now (nested flushes count).
  private var passDepth = 0
  /// Commands sent through refs during a pass, appended to its batch.
  private var pendingCommands: [Mutation] = []
  /// Commands whose node must re-render first, delivered by the next flush.
  private var deferredCommands: [Mutation] = []
  /// Nodes with a ref callback that were mounted or re-rendered in the current pass.
  private var pendingRefNodes: [any AnyNode] = []

  /// Creates a renderer for a root description, listening to `store`.
  ///
  /// - Parameters:
  ///   - rootDescription: the root of the tree. A root whose frame is ``Rect/zero`` takes the
  ///     backend's ``RendererBackend/containerSize``.
  ///   - store: the store connected descriptions read and handlers dispatch to; `nil` for none.
  ///     A store that is not ready yet may be passed: connected nodes start from its placeholder
  ///     state and show the state it becomes ready with as soon as it is ready.
  ///   - stateMockProvider: mocked internal states for UI tests (see ``StateMockProvider``);
  ///     `nil`, the default, for none.
  ///   - clock: the clock animations are timed on; tests pass a manual clock.
  public init(
    rootDescription: some NodeDescription, store: (any AnyStore)?, stateMockProvider: StateMockProvider? = nil,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    stateMocks = stateMockProvider
    self.rootDescription = rootDescription
    rootFollowsContainer = rootDescription.props.frame == .zero
    self.store = store
    self.clock = AnimationClock(clock)
    dispatcher = Dispatcher(store: store, tracker: tracker, screenWork: ScreenWork())
    storeState = store?.anyState
    if let store, !store.isReady {
      // Listeners are not told about the state a store starts from: check every connected node
      // against it when it is ready, so they show it without waiting for the next update.
      isWaitingForStoreReadiness = true
      store.whenReady { [weak self] in
        Task { @MainActor [weak self] in self?.storeBecameReady() }
      }
    }
  }

  /// Mounts the root description on `backend` and applies the resulting mutations at once.
  ///
  /// Call it once; later calls are reported as ``RendererError/alreadyRendered`` and ignored.
  public func render(in backend: any RendererBackend) {
    guard self.backend == nil else {
      report(.alreadyRendered)
      return
    }
    self.backend = backend
    characterCell = backend.characterCell
    backend.attach(self)
    if rootFollowsContainer {
      rootDescription = withFrame(rootDescription, Rect(origin: .zero, size: backend.containerSize))
    }
    let root = makeRoot(rootDescription)
    self.root = root
    runPass { root.mount(parent: .container, at: 0, into: &$0) }
    if !dirty.isEmpty { scheduleFlush() }
  }

  private func makeRoot<D: NodeDescription>(_ description: D) -> any AnyNode {
    Node<D>(description: description, parent: nil, renderer: self)
  }

  // MARK: Batching

  /// Re-renders the dirty nodes now, instead of at the end of the turn, and applies the result.
  ///
  /// Useful in tests and benchmarks; normal code lets the renderer batch.
  public func flush() {
    isFlushScheduled = false
    guard let backend else { return }
    if !dirty.isEmpty {
      let batch = dirty.sorted { $0.depth < $1.depth }
      dirty.removeAll(keepingCapacity: true)
      if passDepth == 0, !deferredCommands.isEmpty {
        pendingCommands.append(contentsOf: deferredCommands)
        deferredCommands.removeAll()
      }
      runPass(on: backend) { mutations in
        for node in batch where node.isDirty && node.isMounted {
          node.rerender(into: &mutations)
        }
      }
    }
    resumeIdleWaitersIfIdle()
  }

  /// Waits until everything dispatched through ``dispatcher`` has been handled by the store and
  /// the resulting store updates and dirty nodes have been rendered; with a store that is not
  /// ready yet, also until the state it becomes ready with has been rendered.
  ///
  /// Animations still waiting for their clock are not waited for; see ``waitForTransitions()``.
  public func settle() async {
    while true {
      let tasks = tracker.drain()
      for task in tasks { _ = try? await task.value }
      if isIdle && tracker.isEmpty { return }
      if !isIdle {
        await withCheckedContinuation { idleWaiters.append($0) }
      }
    }
  }

  /// Waits until every planned transition has applied its last step. Advance a manual clock past
  /// the transitions' durations first, or this waits for the real time to pass.
  public func waitForTransitions() async {
    while let (id, task) = lifetime.anyTransition() {
      await task.value
      lifetime.removeTransition(id: id)
    }
  }

  /// Nothing waits to be rendered: the store's initial state has arrived, no store state in the
  /// inbox, no dirty node (or no backend to render them on yet), no flush scheduled.
  private var isIdle: Bool {
    !isWaitingForStoreReadiness && !inbox.hasPending && !busyWork.hasPending && (dirty.isEmpty || backend == nil)
      && !isFlushScheduled
  }

  private func resumeIdleWaitersIfIdle() {
    guard isIdle, !idleWaiters.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  private func scheduleFlush() {
    guard !isFlushScheduled else { return }
    isFlushScheduled = true
    Task { @MainActor [weak self] in self?.flush() }
  }

  func markDirty(_ node: any AnyNode) {
    if !node.isDirty {
      node.isDirty = true
      dirty.append(node)
    }
    scheduleFlush()
  }

  private func storeBecameReady() {
    isWaitingForStoreReadiness = false
    if let state = readStoreState() {
      for node in connectedNodes.values where node.storeDidChange(state) {
        markStoreDirty(node)
      }
    }
    resumeIdleWaitersIfIdle()
  }

  /// Marks dirty the nodes whose selection listeners heard their connected props change, after
  /// checking them against the newest state (a change undone by a later update renders nothing).
  private func receiveStoreChanges() {
    let changed = inbox.take()
    if !changed.isEmpty, !isWaitingForStoreReadiness, let state = readStoreState() {
      for id in changed {
        if let node = connectedNodes[id], node.storeDidChange(state) { markStoreDirty(node) }
      }
    }
    resumeIdleWaitersIfIdle()
  }

  /// Re-renders the controls whose work started or settled, so their props say busy or no longer.
  private func receiveBusyChanges() {
    for (id, isBusy) in busyWork.take() {
      guard let node = nodes[id], node.isMounted else {
        busyNodes.remove(id)
        continue
      }
      guard isBusy != busyNodes.contains(id) else { continue }
      if isBusy { busyNodes.insert(id) } else { busyNodes.remove(id) }
      markDirty(node)
    }
    resumeIdleWaitersIfIdle()
  }

  /// Whether `id`'s props must say busy for the work its press or choice dispatched.
  func isShownBusy(_ id: NodeID) -> Bool {
    !busyNodes.isEmpty && busyNodes.contains(id)
  }

  private func markStoreDirty(_ node: any AnyNode) {
    storeUpdateCount += 1
    markDirty(node)
  }

  /// Reads the store's current state into ``storeState``; `nil` without a store.
  @discardableResult
  private func readStoreState() -> (any KatanaState)? {
    guard let store else { return nil }
    let state = store.anyState
    storeState = state
    return state
  }

  /// Checks the nodes that subscribed during the pass against the state read after they
  /// subscribed: an update applied between the pass's read and a subscription is in that state,
  /// and any later one reaches the node's listener.
  private func checkNewSubscriptions() {
    guard !newlySubscribed.isEmpty else { return }
    let nodes = newlySubscribed
    newlySubscribed.removeAll()
    guard !isWaitingForStoreReadiness, let state = readStoreState() else { return }
    for node in nodes where node.isMounted && node.storeDidChange(state) {
      markStoreDirty(node)
    }
  }

  // MARK: Passes and refs

  /// Collects the mutations of one render pass, applies them (with the commands sent meanwhile)
  /// in one batch, then calls the ref callbacks of the nodes mounted or re-rendered in it.
  private func runPass(on backend: (any RendererBackend)? = nil, _ body: (inout [Mutation]) -> Void) {
    guard let backend = backend ?? self.backend else { return }
    var mutations: [Mutation] = []
    if passDepth == 0, !isWaitingForStoreReadiness { readStoreState() }
    passDepth += 1
    RenderingMedium.during(RenderingMedium(characterCell: characterCell, minimumTargetSize: backend.minimumTargetSize)) {
      body(&mutations)
    }
    passDepth -= 1
    guard passDepth == 0 else {
      // A pass started inside another (a flush from a hook): the outer pass delivers the commands
      // and calls the refs back, after its own mutations created the views they name.
      if !mutations.isEmpty { backend.apply(mutations) }
      return
    }
    if !pendingCommands.isEmpty {
      mutations.append(contentsOf: pendingCommands)
      pendingCommands.removeAll()
    }
    if !mutations.isEmpty { backend.apply(mutations) }
    checkNewSubscriptions()
    guard !pendingRefNodes.isEmpty else { return }
    let refNodes = pendingRefNodes
    pendingRefNodes.removeAll()
    for node in refNodes where node.isMounted { node.callRefCallback() }
  }

  /// Calls `node`'s ref callback once the current pass reached the backend.
  func needsRefCallback(_ node: any AnyNode) {
    pendingRefNodes.append(node)
  }

  /// Whether `id` names a mounted node.
  func isMounted(_ id: NodeID) -> Bool { nodes[id] != nil }

  /// Delivers a command from a ref: appended to the pass under way, or applied at once. A node
  /// that must re-render first (a windowed table mounting the target row) is rendered, then the
  /// command follows in the same batch; during a pass, in the next flush's batch.
  func send(_ command: NativeViewCommand, to node: NodeID) {
    if nodes[node]?.prepare(for: command) == true {
      if passDepth > 0 {
        deferredCommands.append(.command(node, command))
      } else {
        deferredCommands.append(.command(node, command))
        flush()
      }
    } else if passDepth > 0 {
      pendingCommands.append(.command(node, command))
    } else {
      backend?.apply([.command(node, command)])
    }
  }

  // MARK: Transitions

  /// Runs `step` once `delay` has passed on the clock, and applies the mutations it returns.
  func schedule(after delay: Duration, _ step: @escaping @MainActor () -> [Mutation]) {
    let deadline = clock.elapsed() + delay
    lastTransitionID += 1
    let id = lastTransitionID
    let clock = clock
    let lifetime = lifetime
    let task = Task { @MainActor [weak self] in
      defer { lifetime.removeTransition(id: id) }
      do { try await clock.sleep(deadline) } catch { return }
      guard let self else { return }
      self.runPass { $0 = step() }
    }
    lifetime.add(task, id: id)
  }

  // MARK: Registry

  func makeNodeID() -> NodeID {
    nodes.allocateID()
  }

  func register(_ node: any AnyNode) {
    nodes.insert(node)
    guard node.isConnected else { return }
    connectedNodes[node.id] = node
    subscribe(node)
  }

  func unregister(_ node: any AnyNode) {
    nodes.remove(node.id)
    if !busyNodes.isEmpty { busyNodes.remove(node.id) }
    guard node.isConnected else { return }
    connectedNodes[node.id] = nil
    lifetime.removeSubscription(for: node.id)
  }

  /// Gives a mounted connected node a selection listener on the store for its current base
  /// props, replacing the one it had (its parent handed it other props).
  func subscribe(_ node: any AnyNode) {
    guard let store else { return }
    let id = node.id
    let inbox = inbox
    let unsubscribe = node.subscribe(to: store) { [weak self] in
      guard inbox.post(id) else { return }
      Task { @MainActor [weak self] in self?.receiveStoreChanges() }
    }
    guard let unsubscribe else { return }
    lifetime.setSubscription(unsubscribe, for: id)
    newlySubscribed.append(node)
  }

  func traits<D: NodeDescription>(for type: D.Type) -> DescriptionTraitsBox<D> {
    let key = ObjectIdentifier(type)
    // Each key maps to the box of exactly its own type, so the downcasts below cannot fail.
    if let lastTraits, lastTraits.type == key {
      return unsafeDowncast(lastTraits.box, to: DescriptionTraitsBox<D>.self)
    }
    let box: DescriptionTraitsBox<D>
    if let stored = traitsByType[key] {
      box = unsafeDowncast(stored, to: DescriptionTraitsBox<D>.self)
    } else {
      box = DescriptionTraitsBox(DescriptionTraits<D>())
      traitsByType[key] = box
    }
    lastTraits = (key, box)
    return box
  }

  /// - Returns: whether the problem is new (each distinct problem is reported once).
  @discardableResult
  func report(_ error: RendererError) -> Bool {
    guard reportedErrors.insert(error.description).inserted else { return false }
    errors.append(error)
    onError?(error)
    return true
  }

  /// The number of mounted nodes.
  public var mountedNodeCount: Int { nodes.count }

  /// The number of mounted connected nodes, each with its own selection listener on the store.
  public var connectedNodeCount: Int { connectedNodes.count }

  /// How many times, since the renderer was made, a store update marked a connected node for
  /// re-rendering because the props it connects from the state changed. An update that changes
  /// one row of a connected list adds 1, whatever the length of the list.
  public private(set) var storeUpdateCount = 0

  // MARK: BackendEventSink

  /// Hands `event` to the node's description, then to its ancestors until one handles it. While
  /// a press or a choice is handled, the side effects dispatched are the node's work, and its
  /// props say busy until they settle (see ``Dispatcher``).
  public func send(_ event: NodeEvent, to node: NodeID) {
    guard EventOrigin.marksBusy(event), nodes[node] != nil else { return deliver(event, to: node) }
    let origin = EventOrigin(node: node, work: busyWork) { [weak self] in
      Task { @MainActor [weak self] in self?.receiveBusyChanges() }
    }
    EventOrigin.$current.withValue(origin) { deliver(event, to: node) }
    // Work the handler dispatched itself shows as busy in the handler's own batch.
    if busyWork.hasPending { receiveBusyChanges() }
  }

  private func deliver(_ event: NodeEvent, to node: NodeID) {
    var current = nodes[node]
    while let target = current {
      if target.handle(event) { return }
      current = target.parent
    }
  }

  public func containerDidResize(to size: Size) {
    guard rootFollowsContainer, let root, let backend else { return }
    rootDescription = withFrame(rootDescription, Rect(origin: .zero, size: size))
    let description = rootDescription
    runPass(on: backend) { root.update(with: description, animation: .none, inherited: nil, into: &$0) }
  }
}
