public import KatanaUI

/// The app's screens. The route stack lives in ``TodosState/routes``.
///
/// Browser URLs: `/` is the list, `/todos/ID` an item, `/settings` the settings; any other path
/// opens the not-found screen over the list.
public enum TodosRoute: Hashable, Sendable, Codable {
  /// The list of items, always at the bottom of the stack.
  case list
  /// One item's details: title, notes, due date.
  case item(id: Int)
  /// The settings and the keys.
  case settings
  /// A link to a path the app does not know.
  case notFound(path: String)

  /// The URL path of the screen.
  public var path: String {
    switch self {
    case .list: "/"
    case .item(let id): "/todos/\(id)"
    case .settings: "/settings"
    case .notFound(let path): path
    }
  }

  /// The stack a link to `path` opens: every screen sits on the list, so Back leads there.
  /// A trailing slash is ignored; an unknown path, or an item id that is not a positive number,
  /// opens ``notFound(path:)``.
  public static func stack(forPath path: String) -> RouteStack<TodosRoute> {
    var stack = RouteStack(root: TodosRoute.list)
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    let segments = trimmed.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    switch Array(segments) {
    case [""]:
      break
    case ["settings"]:
      stack.push(.settings)
    case let parts where parts.count == 2 && parts[0] == "todos":
      if let id = Int(parts[1]), id > 0, parts[1].allSatisfy(\.isASCII) {
        stack.push(.item(id: id))
      } else {
        stack.push(.notFound(path: path))
      }
    default:
      stack.push(.notFound(path: path))
    }
    return stack
  }
}
