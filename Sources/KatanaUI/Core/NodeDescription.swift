/// A type-erased node description, as returned by ``NodeDescription/childrenDescriptions(props:state:update:dispatch:)``.
public typealias AnyNodeDescription = any NodeDescription

/// The state-changing closure a node's hooks receive: replaces the node's state and schedules a
/// re-render.
///
/// Calling it never re-renders synchronously: the node is marked dirty and rendered in the
/// renderer's next batch, a job the renderer enqueues on the main actor, together with every other
/// node made dirty meanwhile. The one exception is a call from inside
/// ``NodeDescription/descriptionWillReceiveProps(state:currentProps:nextProps:dispatch:update:)``:
/// the new state is then used by the pass already under way. Calls after the node was unmounted
/// are ignored.
public typealias Update<StateType> = @MainActor (StateType) -> Void

/// A declarative description of one piece of UI: its props, its internal state type and how it
/// turns them into children.
///
/// Descriptions are values, cheap to create; the renderer keeps one *node* per mounted
/// description and reconciles new descriptions against it. A node's identity among its siblings is
/// its description type plus its ``NodeDescriptionProps/key``: when either changes the node is
/// unmounted and a new one mounted. The hooks are static, so a description holds no behaviour
/// beyond its props.
///
/// ```swift
/// struct Greeting: NodeDescription {
///   var props: EmptyProps
///
///   static func childrenDescriptions(props: EmptyProps, state: EmptyState,
///                                     update: @escaping Update<EmptyState>,
///                                     dispatch: Dispatcher) -> [AnyNodeDescription] {
///     [Label(props: LabelProps.build { $0.text = "Hello" })]
///   }
/// }
/// ```
///
/// Every hook runs on the main actor.
public protocol NodeDescription {
  /// The props type.
  associatedtype PropsType: NodeDescriptionProps = EmptyProps
  /// The internal state type; a new node starts from `StateType()`.
  associatedtype StateType: NodeDescriptionState = EmptyState
  /// The keys of the children this description lays out (see ``PlasticNodeDescription``).
  associatedtype Keys = EmptyKeys

  /// The description's props.
  var props: PropsType { get set }

  /// Creates a description from its props.
  init(props: PropsType)

  /// The native view a backend creates for this node; ``NativeViewKind/view`` by default.
  static var nativeViewKind: NativeViewKind { get }

  /// The node's children for the given props and state. Required.
  ///
  /// - Parameters:
  ///   - props: the node's props, after `connect` for connected descriptions.
  ///   - state: the node's current state.
  ///   - update: replaces this node's state (see ``Update``); keep it for event handlers.
  ///   - dispatch: dispatches to the renderer's store.
  @MainActor
  static func childrenDescriptions(
    props: PropsType, state: StateType, update: @escaping Update<StateType>, dispatch: Dispatcher
  ) -> [AnyNodeDescription]

  /// Called once the node's view is inserted, before its children are rendered.
  @MainActor
  static func didMount(props: PropsType, dispatch: Dispatcher, update: @escaping Update<StateType>)

  /// Called after the node is removed from the tree.
  @MainActor
  static func didUnmount(props: PropsType, dispatch: Dispatcher)

  /// Called before a node re-renders with props different from its current ones.
  ///
  /// Calling `update` synchronously here replaces the state used for this very pass; no extra
  /// render happens.
  @MainActor
  static func descriptionWillReceiveProps(
    state: StateType, currentProps: PropsType, nextProps: PropsType, dispatch: Dispatcher,
    update: @escaping Update<StateType>)

  /// Whether the node must re-render; by default, when the props or the state differ.
  ///
  /// Returning `false` keeps the node's view and subtree untouched, although the node stores the
  /// new description and state (so event handlers see the newest props).
  @MainActor
  static func shouldUpdate(
    currentProps: PropsType, nextProps: PropsType, currentState: StateType, nextState: StateType
  ) -> Bool

  /// Handles an event a backend reported on this node.
  ///
  /// - Returns: `true` when handled; `false` (the default) passes the event to the parent.
  @MainActor
  static func handle(
    event: NodeEvent, props: PropsType, state: StateType, dispatch: Dispatcher,
    update: @escaping Update<StateType>
  ) -> Bool

  /// Decides how the children animate when this node moves from the current props and state to
  /// the next ones. By default nothing animates.
  @MainActor
  static func updateChildrenAnimations(
    container: inout ChildrenAnimations<Keys>, currentProps: PropsType, nextProps: PropsType,
    currentState: StateType, nextState: StateType)
}

extension NodeDescription {
  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .view }

  @MainActor
  public static func didMount(props: PropsType, dispatch: Dispatcher, update: @escaping Update<StateType>) {}

  @MainActor
  public static func didUnmount(props: PropsType, dispatch: Dispatcher) {}

  @MainActor
  public static func descriptionWillReceiveProps(
    state: StateType, currentProps: PropsType, nextProps: PropsType, dispatch: Dispatcher,
    update: @escaping Update<StateType>
  ) {}

  @MainActor
  public static func shouldUpdate(
    currentProps: PropsType, nextProps: PropsType, currentState: StateType, nextState: StateType
  ) -> Bool {
    currentProps != nextProps || currentState != nextState
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: PropsType, state: StateType, dispatch: Dispatcher,
    update: @escaping Update<StateType>
  ) -> Bool {
    false
  }

  @MainActor
  public static func updateChildrenAnimations(
    container: inout ChildrenAnimations<Keys>, currentProps: PropsType, nextProps: PropsType,
    currentState: StateType, nextState: StateType
  ) {}
}
