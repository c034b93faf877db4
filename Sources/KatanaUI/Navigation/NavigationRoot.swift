import Katana

/// The root description of an app with several screens: it renders the top of the store's
/// ``RouteStack`` with the description ``NavigationScreens/screen(for:frame:)`` gives, under a
/// one-line title bar (a Back button and where the user is).
///
/// ```swift
/// let renderer = Renderer(rootDescription: NavigationRoot<AppScreens>(), store: store)
/// ```
///
/// - **Screens come and go with the stack.** Each screen is keyed by its route (see
///   ``NavigationScreens/screenKey(for:)``), so pushing a route mounts its screen and unmounts
///   the one it covers, subtree and all; popping does the reverse. Only the top screen is mounted: what must survive a round trip (a filter, a
///   draft) belongs in the app state.
/// - **Back.** Esc (a key event no screen handled) and the title bar's Back button dispatch
///   ``Navigation/Pop``. Backends keep Esc for themselves while a text field is being edited.
/// - **Where the user is.** Its props carry a ``NavigationLocation``: a browser mirrors it in the
///   address bar and history (so Back, Forward, links and reloads work), a terminal in its window
///   title.
/// - **Work that ends with its screen.** Items dispatched with
///   ``Dispatcher/callAsFunction(_:cancellingWhenLeaving:fileID:line:function:)`` are cancelled when their route
///   leaves the stack.
/// - **Links.** A ``NodeEvent/navigate(paths:)`` event (a browser reporting Back, Forward or a
///   link) opens ``NavigationScreens/stack(forPaths:)`` with ``Navigation/Open``.
/// - **Landmarks.** The screen is the page's main content (a ``View`` marked
///   ``Landmark/main``, keyed by the route, holding the screen) and the title bar its banner, so
///   assistive technology can jump between them; the terminal draws neither.
/// - **Targets.** The title bar is at least ``RenderingMedium/minimumTargetSize`` high, so Back
///   can be hit on a phone; in a terminal that is its one row.
///
/// The root must be the renderer's root description, so that backends find it.
public struct NavigationRoot<Screens: NavigationScreens>: ConnectedNodeDescription {
  /// The store's state type.
  public typealias StoreState = Screens.StoreState

  /// The keys of the title bar's elements, for tests and styling.
  public enum Keys: String {
    /// The Back button, shown when there is a screen to go back to.
    case back = "navigation.back"
    /// The label showing where the user is.
    case title = "navigation.title"
    /// The title bar: the page's banner landmark.
    case bar = "navigation.bar"
  }

  /// The description's props.
  public var props: NavigationRootProps<Screens>

  /// Creates the description from its props.
  public init(props: NavigationRootProps<Screens>) {
    self.props = props
  }

  /// A root that fills the backend's container.
  public init() {
    props = NavigationRootProps()
  }

  /// Copies the stack and its location from the store.
  public static func connect(props: inout NavigationRootProps<Screens>, to storeState: StoreState) {
    props.routes = storeState.routes
    props.location = Screens.location(of: storeState.routes, in: storeState)
  }

  @MainActor
  public static func childrenDescriptions(
    props: NavigationRootProps<Screens>, state: EmptyState, update: @escaping Update<EmptyState>,
    dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    guard let routes = props.routes else { return [] }
    let target = RenderingMedium.current.minimumTargetSize
    let barHeight = Screens.titleBarHeight > 0 ? max(Screens.titleBarHeight, target.height) : 0
    let width = props.frame.width
    let screenFrame = Rect(x: 0, y: barHeight, width: width, height: max(0, props.frame.height - barHeight))
    // The screen first: a terminal starts its focus at the first control, which belongs to it.
    let screen = Screens.screen(for: routes.top, frame: Rect(origin: .zero, size: screenFrame.size))
    var main = ViewProps()
    main.key = Screens.screenKey(for: routes.top)
    main.frame = screenFrame
    main.accessibility = .landmark(.main)
    main.children = [screen]
    var children: [AnyNodeDescription] = [View(props: main)]
    guard barHeight > 0 else { return children }
    let theme = Screens.theme
    // One character is half the line high on the terminal's font cells (8 × 16 points).
    let column = Screens.titleBarHeight / 2
    var bar: [AnyNodeDescription] = []
    var titleX = column
    if routes.canGoBack {
      let title = "‹ Back"
      bar.append(Button(props: ButtonProps.build { button in
        button.key = Keys.back.rawValue
        button.frame = Rect(x: 0, y: 0, width: max(Double(title.count) * column, target.width), height: barHeight)
        button.accessibility.label = "Back"
        button.titles[.normal] = title
        theme.apply(to: &button)
        button.touchHandlers = [.touchUpInside: { dispatch(Navigation.Pop<StoreState>()) }]
      }))
      titleX = max(Double(title.count) * column, target.width) + column
    }
    bar.append(Label(props: LabelProps.build { label in
      label.key = Keys.title.rawValue
      label.frame = Rect(x: titleX, y: 0, width: max(0, width - titleX - column), height: barHeight)
      label.text = props.location?.breadcrumb ?? ""
      label.textColor = theme.accent
      label.lineBreakMode = .byTruncatingHead
    }))
    var banner = ViewProps()
    banner.key = Keys.bar.rawValue
    banner.frame = Rect(x: 0, y: 0, width: width, height: barHeight)
    banner.accessibility = .landmark(.banner)
    banner.children = bar
    children.append(View(props: banner))
    return children
  }

  /// Cancels the work of the screens that left the stack (see
  /// ``Dispatcher/callAsFunction(_:cancellingWhenLeaving:fileID:line:function:)``).
  @MainActor
  public static func descriptionWillReceiveProps(
    state: EmptyState, currentProps: NavigationRootProps<Screens>, nextProps: NavigationRootProps<Screens>,
    dispatch: Dispatcher, update: @escaping Update<EmptyState>
  ) {
    guard let old = currentProps.routes, let new = nextProps.routes, old != new else { return }
    for route in Set(old.routes) where !new.contains(route) {
      dispatch.cancelWork(of: route)
    }
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: NavigationRootProps<Screens>, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    switch event {
    case .key(let press) where press.key == .escape && press.modifiers.isEmpty:
      guard props.routes?.canGoBack == true else { return false }
      dispatch(Navigation.Pop<StoreState>())
      return true
    case .navigate(let paths):
      guard let stack = Screens.stack(forPaths: paths) else { return false }
      if stack != props.routes { dispatch(Navigation.Open<StoreState>(stack)) }
      return true
    default:
      return false
    }
  }

}
