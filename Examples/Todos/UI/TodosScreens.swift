import KatanaUI
import TodosCore

/// The app's screens: the list, an item's details, the settings, and the not-found screen, under
/// the navigation root's title bar. Browser URLs come from ``TodosRoute``.
enum TodosScreens: NavigationScreens {
  typealias StoreState = TodosState

  static func screen(for route: TodosRoute, frame: Rect) -> AnyNodeDescription {
    switch route {
    case .list:
      TodosScreen(props: TodosScreenProps(frame: frame))
    case .item(let id):
      TodoDetailScreen(props: TodoDetailScreenProps(id: id, frame: frame))
    case .settings:
      TodosSettingsScreen(props: TodosSettingsScreenProps(frame: frame))
    case .notFound(let path):
      TodosNotFoundScreen(props: TodosNotFoundScreenProps(path: path, frame: frame))
    }
  }

  static func title(for route: TodosRoute, in state: TodosState) -> String {
    switch route {
    case .list: "Todos"
    case .item(let id): state.item(id: id)?.title ?? "Item \(id)"
    case .settings: "Settings"
    case .notFound: "Not found"
    }
  }

  static func path(for route: TodosRoute) -> String? { route.path }

  static func stack(forPath path: String) -> RouteStack<TodosRoute>? { TodosRoute.stack(forPath: path) }
}
