/// An in-memory backend: keeps the view tree the mutations describe and an ordered log of every
/// mutation, so tests can inspect exactly what a renderer did.
///
/// ```swift
/// let backend = RecordingBackend(containerSize: Size(width: 640, height: 960))
/// let renderer = Renderer(rootDescription: CounterScreen(props: .init()), store: store)
/// renderer.render(in: backend)
/// #expect(backend.firstView(withKey: "label")?.frame == Rect(x: 0, y: 0, width: 640, height: 480))
/// backend.send(.tap, toKey: "increment")
/// await renderer.settle()
/// ```
///
/// Units: frames are recorded exactly as received, in unrounded `Double` points.
///
/// It also checks the ``Mutation`` invariants and lists every breach in ``violations``, so a test
/// can assert the renderer emitted a well-formed sequence.
@MainActor
public final class RecordingBackend: RendererBackend {
  /// One recorded native view.
  public struct RecordedView {
    /// The node's id.
    public let id: NodeID
    /// The kind it was created with.
    public let kind: NativeViewKind
    /// The newest props received.
    public internal(set) var props: any NodeDescriptionProps
    /// The newest frame received (from props or ``Mutation/setFrame(_:_:)``), relative to the parent.
    public internal(set) var frame: Rect
    /// The parent, once inserted.
    public internal(set) var parent: NodeID?
    /// The children, in order.
    public internal(set) var children: [NodeID] = []
    /// The commands sent to this view through refs, oldest first.
    public internal(set) var commands: [NativeViewCommand] = []

    /// The props' key.
    public var key: String? { props.key }
    /// The props' alpha.
    public var alpha: Double { props.alpha }
  }

  /// Every mutation applied, in order (animated groups kept as they came).
  public private(set) var log: [Mutation] = []
  /// How many times ``apply(_:)`` was called.
  public private(set) var batchCount = 0
  /// Breaches of the ``Mutation`` invariants, in words; empty for a well-behaved renderer.
  public private(set) var violations: [String] = []
  /// The size of the root container, in points.
  public private(set) var containerSize: Size
  /// The nodes inserted directly in the root container.
  public private(set) var rootChildren: [NodeID] = []
  /// The smallest target size, in points, the backend asks descriptions for (see
  /// ``RendererBackend/minimumTargetSize``); zero unless a test sets it to act as a browser page
  /// would (19.2 × 19.2 points for 24 CSS pixels at 1.25 pixels per point). Read at each pass.
  public var minimumTargetSize = Size(width: 0, height: 0)

  /// One view's mutable storage; a class so that applying a mutation edits it in place.
  private final class Entry {
    let id: NodeID
    let kind: NativeViewKind
    var props: any NodeDescriptionProps
    var frame: Rect
    var parent: NodeID?
    var children: [NodeID] = []
    var commands: [NativeViewCommand] = []

    init(id: NodeID, kind: NativeViewKind, props: any NodeDescriptionProps) {
      self.id = id
      self.kind = kind
      self.props = props
      frame = props.frame
    }

    var snapshot: RecordedView {
      RecordedView(
        id: id, kind: kind, props: props, frame: frame, parent: parent, children: children, commands: commands)
    }
  }

  private var views: [NodeID: Entry] = [:]
  private weak var sink: (any BackendEventSink)?

  /// Creates an empty backend whose root container measures `containerSize` points.
  public init(containerSize: Size = Size(width: 640, height: 960)) {
    self.containerSize = containerSize
  }

  public func attach(_ sink: any BackendEventSink) {
    self.sink = sink
  }

  public func apply(_ mutations: [Mutation]) {
    batchCount += 1
    log.append(contentsOf: mutations)
    views.reserveCapacity(views.count + mutations.count / 2)
    for mutation in mutations { apply(mutation) }
  }

  private func apply(_ mutation: Mutation) {
    switch mutation {
    case .create(let id, let kind, let props):
      // One hash lookup: insert, and report the id if it was already there.
      if views.updateValue(Entry(id: id, kind: kind, props: props), forKey: id) != nil {
        violations.append("create \(id): already exists")
      }
    case .updateProps(let id, let props):
      guard let view = views[id] else { return violations.append("updateProps \(id): unknown node") }
      view.props = props
      view.frame = props.frame
    case .setFrame(let id, let frame):
      guard let view = views[id] else { return violations.append("setFrame \(id): unknown node") }
      view.frame = frame
      view.props.frame = frame
    case .insert(let id, let parent, let index):
      guard let view = views[id] else { return violations.append("insert \(id): unknown node") }
      guard view.parent == nil else { return violations.append("insert \(id): already inserted") }
      let parentView = parent == .container ? nil : views[parent]
      guard parent == .container || parentView != nil else {
        return violations.append("insert \(id): unknown parent \(parent)")
      }
      let count = parentView?.children.count ?? rootChildren.count
      guard (0...count).contains(index) else {
        return violations.append("insert \(id): index \(index) out of 0...\(count)")
      }
      view.parent = parent
      if let parentView {
        // Appending is the common case (mounting); `insert(at: count)` would do the same, slower.
        if index == count { parentView.children.append(id) } else { parentView.children.insert(id, at: index) }
      } else {
        rootChildren.insert(id, at: index)
      }
    case .move(let id, let parent, let index):
      guard let position = children(of: parent).firstIndex(of: id) else {
        return violations.append("move \(id): not a child of \(parent)")
      }
      let count = children(of: parent).count
      guard (0..<count).contains(index) else {
        return violations.append("move \(id): index \(index) out of 0..<\(count)")
      }
      mutateChildren(of: parent) {
        $0.remove(at: position)
        $0.insert(id, at: index)
      }
    case .remove(let id):
      guard let view = views[id] else { return violations.append("remove \(id): unknown node") }
      if let parent = view.parent {
        mutateChildren(of: parent) { $0.removeAll { $0 == id } }
      }
      forget(id)
    case .animate(_, let nested):
      for inner in nested { apply(inner) }
    case .command(let id, let command):
      guard let view = views[id], view.parent != nil else {
        return violations.append("command \(id): node not created and inserted")
      }
      view.commands.append(command)
    }
  }

  private func mutateChildren(of parent: NodeID, _ body: (inout [NodeID]) -> Void) {
    if parent == .container {
      body(&rootChildren)
    } else {
      views[parent].map { body(&$0.children) }
    }
  }

  private func forget(_ id: NodeID) {
    guard let view = views.removeValue(forKey: id) else { return }
    for child in view.children { forget(child) }
  }

  // MARK: Inspecting

  /// The view of a node, if it exists.
  public func view(_ id: NodeID) -> RecordedView? { views[id]?.snapshot }

  /// The children of a node (or of ``NodeID/container``), in order.
  public func children(of id: NodeID) -> [NodeID] {
    id == .container ? rootChildren : views[id]?.children ?? []
  }

  /// The number of views in the tree.
  public var viewCount: Int { views.count }

  /// The first view, depth-first from the root, whose props key is `key`.
  public func firstView(withKey key: String) -> RecordedView? {
    var stack = Array(rootChildren.reversed())
    while let id = stack.popLast() {
      guard let view = views[id] else { continue }
      if view.props.key == key { return view.snapshot }
      stack.append(contentsOf: view.children.reversed())
    }
    return nil
  }

  /// The props of a node, if they are of type `P`.
  public func props<P: NodeDescriptionProps>(of id: NodeID, as type: P.Type = P.self) -> P? {
    views[id]?.props as? P
  }

  /// The frame of a node in the root container's coordinates.
  public func absoluteFrame(of id: NodeID) -> Rect? {
    guard var frame = views[id]?.frame else { return nil }
    var parent = views[id]?.parent
    while let ancestor = parent, ancestor != .container, let view = views[ancestor] {
      frame = frame.offsetBy(dx: view.frame.minX, dy: view.frame.minY)
      parent = view.parent
    }
    return frame
  }

  /// The counts of every mutation logged so far.
  public var counts: MutationCounts { MutationCounts(log) }

  /// Empties ``log`` (the tree is kept), to look at the next mutations only.
  public func clearLog() {
    log.removeAll()
    batchCount = 0
  }

  /// The tree as indented text: kind, key and frame of each view.
  public func treeDescription() -> String {
    var lines: [String] = []
    func visit(_ id: NodeID, depth: Int) {
      guard let view = views[id] else { return }
      let key = view.props.key.map { " \"\($0)\"" } ?? ""
      let frame = view.frame
      lines.append(
        String(repeating: "  ", count: depth)
          + "\(view.kind)\(key) (\(frame.minX), \(frame.minY), \(frame.width), \(frame.height))")
      for child in view.children { visit(child, depth: depth + 1) }
    }
    for id in rootChildren { visit(id, depth: 0) }
    return lines.joined(separator: "\n")
  }

  // MARK: Simulating the user

  /// Reports `event` on `node` to the renderer, as a real backend would.
  public func send(_ event: NodeEvent, to node: NodeID) {
    sink?.send(event, to: node)
  }

  /// Reports `event` on the first view with props key `key`.
  ///
  /// - Returns: `false` when no view has that key (nothing is sent).
  @discardableResult
  public func send(_ event: NodeEvent, toKey key: String) -> Bool {
    guard let view = firstView(withKey: key) else { return false }
    sink?.send(event, to: view.id)
    return true
  }

  /// Changes the root container's size and tells the renderer.
  public func resize(to size: Size) {
    containerSize = size
    sink?.containerDidResize(to: size)
  }
}
