import Katana
import KatanaUI

/// A small app with a list, items and a modal sheet, for the navigation tests.
enum ShopRoute: Hashable, Sendable, Codable {
  case list
  case item(Int)
  case basket
  case notFound(String)
}

struct ShopState: NavigableState, Equatable {
  var routes = RouteStack(root: ShopRoute.list)
  var items = ["apples", "pears", "plums"]
  var basketCount = 0
  /// How many times the basket screen was unmounted: counted in the store of the renderer that
  /// unmounted it, so tests running at the same time never see each other's.
  var basketUnmounts = 0
}

struct CountBasketUnmount: StateUpdater {
  func updateState(_ state: inout ShopState) { state.basketUnmounts += 1 }
}

struct AddToBasket: StateUpdater {
  func updateState(_ state: inout ShopState) { state.basketCount += 1 }
}

typealias ShopStore = Store<ShopState, EmptySideEffectDependencyContainer>

/// The list: one label per item.
struct ShopListScreen: ConnectedNodeDescription {
  typealias StoreState = ShopState
  struct Props: NodeDescriptionProps {
    var items: [String] = []
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?
  }
  var props: Props

  static func connect(props: inout Props, to storeState: ShopState) {
    props.items = storeState.items
  }

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.items.enumerated().map { index, item in
      Label(props: LabelProps.build {
        $0.key = "list.\(index)"
        $0.text = item
        $0.frame = Rect(x: 0, y: Double(index) * 16, width: 100, height: 16)
      })
    }
  }
}

/// One item: its name and a button that opens the basket modally.
struct ShopItemScreen: ConnectedNodeDescription {
  typealias StoreState = ShopState
  struct Props: NodeDescriptionProps {
    var index = 0
    var name = ""
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?
  }
  var props: Props

  static func connect(props: inout Props, to storeState: ShopState) {
    props.name = storeState.items.indices.contains(props.index) ? storeState.items[props.index] : "?"
  }

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      Label(props: LabelProps.build {
        $0.key = "item.name"
        $0.text = props.name
        $0.frame = Rect(x: 0, y: 0, width: 100, height: 16)
      }),
      Button(props: ButtonProps.build {
        $0.key = "item.basket"
        $0.titles[.normal] = "basket"
        $0.frame = Rect(x: 0, y: 16, width: 48, height: 16)
        $0.touchHandlers = [.touchUpInside: { dispatch(Navigation.Present<ShopState>(.basket)) }]
      }),
    ]
  }
}

/// A plain (unconnected) screen, counting its unmounts in the store (``ShopState/basketUnmounts``).
struct ShopBasketScreen: NodeDescription {
  struct Props: NodeDescriptionProps {
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?
  }
  var props: Props

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Label(props: LabelProps.build { $0.key = "basket.title"; $0.text = "Basket" })]
  }

  static func didUnmount(props: Props, dispatch: Dispatcher) {
    dispatch(CountBasketUnmount())
  }
}

enum ShopScreens: NavigationScreens {
  typealias StoreState = ShopState

  static func screen(for route: ShopRoute, frame: Rect) -> AnyNodeDescription {
    switch route {
    case .list: ShopListScreen(props: .init(frame: frame))
    case .item(let index): ShopItemScreen(props: .init(index: index, frame: frame))
    case .basket: ShopBasketScreen(props: .init(frame: frame))
    case .notFound(let path):
      View(props: ViewProps.build {
        $0.frame = frame
        $0.children = [Label(props: LabelProps.build { $0.key = "notFound"; $0.text = "No page at \(path)" })]
      })
    }
  }

  static func title(for route: ShopRoute, in state: ShopState) -> String {
    switch route {
    case .list: "Shop"
    case .item(let index): state.items.indices.contains(index) ? state.items[index] : "?"
    case .basket: "Basket (\(state.basketCount))"
    case .notFound: "Not found"
    }
  }

  static func path(for route: ShopRoute) -> String? {
    switch route {
    case .list: "/"
    case .item(let index): "/items/\(index)"
    case .basket: "/basket"
    case .notFound(let path): path
    }
  }

  static func stack(forPath path: String) -> RouteStack<ShopRoute>? {
    var stack = RouteStack(root: ShopRoute.list)
    if path == "/" { return stack }
    if path == "/basket" {
      stack.present(.basket)
    } else if path.hasPrefix("/items/"), let index = Int(path.dropFirst("/items/".count)) {
      stack.push(.item(index))
    } else {
      stack.push(.notFound(path))
    }
    return stack
  }
}

/// Work that only ends when cancelled: loading that a screen started.
struct LoadForever: SideEffect {
  func sideEffect(_ context: SideEffectContext<ShopState, EmptySideEffectDependencyContainer>) async throws {
    try await Task.sleep(for: .seconds(3600))
  }
}

/// Work that ends as soon as it starts.
struct LoadNothing: SideEffect {
  func sideEffect(_ context: SideEffectContext<ShopState, EmptySideEffectDependencyContainer>) async throws {}
}
