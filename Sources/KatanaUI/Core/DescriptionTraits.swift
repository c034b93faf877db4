/// What the renderer needs to know about a description type beyond ``NodeDescription``: whether
/// it is connected, laid out with Plastic, or declares a reference size. Computed once per type.
struct DescriptionTraits<D: NodeDescription> {
  /// Runs `D`'s Plastic layout.
  struct LayoutRunner {
    let run:
      (
        _ props: D.PropsType, _ state: D.StateType, _ size: Size, _ multiplier: Double, _ characterCell: Size?,
        _ minimumTargetSize: Size,
        _ children: [AnyNodeDescription], _ cache: inout PlasticLayoutPass.Cache,
        _ partial: inout [AnyNodeDescription]
      ) throws -> [AnyNodeDescription]
  }

  /// Calls the ref callback of `D`'s props, for ``NodeDescriptionWithRef`` descriptions.
  struct RefCaller {
    let call: @MainActor (_ props: D.PropsType, _ handle: NativeViewHandle) -> Void
  }

  /// Runs `D`'s ``WindowedChildren`` hooks.
  struct WindowRunner {
    let mounted:
      @MainActor (_ laidOut: [AnyNodeDescription], _ props: D.PropsType, _ state: D.StateType) -> [AnyNodeDescription]
    let prepare:
      @MainActor (_ command: NativeViewCommand, _ props: D.PropsType, _ state: D.StateType, _ multiplier: Double) ->
        D.StateType?
  }

  let connector: Connector<D.PropsType>?
  let refCaller: RefCaller?
  let window: WindowRunner?
  let referenceSize: Size?
  let layout: LayoutRunner?
  /// Resolves scalable styling (``PlasticStyledProps``) for a multiplier; `nil` for other props.
  let resolveStyling: ((inout D.PropsType, Double) -> Void)?
  /// The `update` closure of stateless nodes, made once per type: a closure created inside the
  /// generic node would capture its generic context, one allocation per node.
  let statelessUpdate: Update<D.StateType>?

  init() {
    if D.StateType.self == EmptyState.self {
      let doNothing: Update<D.StateType> = { _ in }
      statelessUpdate = doNothing
    } else {
      statelessUpdate = nil
    }
    connector = Connector.make(for: D.self)
    referenceSize = (D.self as? any PlasticReferenceSizeable.Type)?.referenceSize
    if let plastic = D.self as? any PlasticNodeDescription.Type {
      layout = Self.openLayout(plastic) as? LayoutRunner
    } else {
      layout = nil
    }
    if let styled = D.PropsType.self as? any PlasticStyledProps.Type {
      resolveStyling = Self.openStyling(styled) as? (inout D.PropsType, Double) -> Void
    } else {
      resolveStyling = nil
    }
    if let windowed = D.self as? any WindowedChildren.Type {
      window = Self.openWindow(windowed) as? WindowRunner
    } else {
      window = nil
    }
    if let withRef = D.self as? any NodeDescriptionWithRef.Type {
      refCaller = Self.openRefCaller(withRef) as? RefCaller
    } else {
      refCaller = nil
    }
  }

  private static func openWindow<W: WindowedChildren>(_ type: W.Type) -> Any {
    DescriptionTraits<W>.WindowRunner(
      mounted: { laidOut, props, state in W.mountedChildren(laidOut, props: props, state: state) },
      prepare: { command, props, state, multiplier in
        W.state(preparing: command, props: props, state: state, multiplier: multiplier)
      })
  }

  private static func openStyling<P: PlasticStyledProps>(_ type: P.Type) -> Any {
    let resolve: (inout P, Double) -> Void = { props, multiplier in props.resolveStyling(multiplier: multiplier) }
    return resolve
  }

  private static func openRefCaller<R: NodeDescriptionWithRef>(_ type: R.Type) -> Any {
    DescriptionTraits<R>.RefCaller { props, handle in
      props.refCallback?(R.PropsType.RefType(nativeView: handle))
    }
  }

  private static func openLayout<P: PlasticNodeDescription>(_ type: P.Type) -> Any {
    DescriptionTraits<P>.LayoutRunner {
      props, state, size, multiplier, characterCell, minimumTargetSize, children, cache, partial in
      try PlasticLayoutPass.run(
        P.self, props: props, state: state, size: size, multiplier: multiplier, characterCell: characterCell,
        minimumTargetSize: minimumTargetSize, children: children, cache: &cache, partial: &partial)
    }
  }

  /// The multiplier of a node of this type with `frame`, whose parent's multiplier is `inherited`.
  func multiplier(frame: Rect, inherited: Double) -> Double {
    guard let referenceSize, referenceSize.width > 0, referenceSize.height > 0 else { return inherited }
    return min(frame.width / referenceSize.width, frame.height / referenceSize.height)
  }
}

/// Holds the traits of one type, so the renderer can cache them as `AnyObject` and downcast
/// without a dynamic cast.
final class DescriptionTraitsBox<D: NodeDescription> {
  let traits: DescriptionTraits<D>
  /// `Node<D>`'s metatype, fetched once: creating a node through it skips the runtime's generic
  /// metadata lookup that `Node<D>(…)` in generic code costs on every call.
  private let nodeType = Node<D>.self

  /// A new node of type `D`.
  @MainActor
  func makeNode(_ description: D, parent: (any AnyNode)?, renderer: Renderer) -> Node<D> {
    nodeType.init(description: description, parent: parent, traitsBox: self, renderer: renderer)
  }

  init(_ traits: DescriptionTraits<D>) {
    self.traits = traits
  }
}
