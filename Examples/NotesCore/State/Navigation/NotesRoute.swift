public import KatanaUI

/// The app's screens. The route stack lives in ``NotesState/routes``.
///
/// Browser URLs: `/` is the list, `/notes/ID` a note, `/search` the search, `/transfer` import
/// and export; any other path opens the not-found screen over the list.
public enum NotesRoute: Hashable, Sendable, Codable {
  /// The notes of a folder, always at the bottom of the stack.
  case list
  /// One note: its title, body, folder and pin.
  case note(id: Int)
  /// Search every note.
  case search
  /// Import and export.
  case transfer
  /// A link to a path the app does not know.
  case notFound(path: String)

  /// The URL path of the screen.
  public var path: String {
    switch self {
    case .list: "/"
    case .note(let id): "/notes/\(id)"
    case .search: "/search"
    case .transfer: "/transfer"
    case .notFound(let path): path
    }
  }

  /// The stack a link to `path` opens: every screen sits on the list, so Back leads there.
  /// A trailing slash is ignored; an unknown path, or a note id that is not a positive number,
  /// opens ``notFound(path:)``.
  public static func stack(forPath path: String) -> RouteStack<NotesRoute> {
    var stack = RouteStack(root: NotesRoute.list)
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    let segments = trimmed.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    switch Array(segments) {
    case [""]:
      break
    case ["search"]:
      stack.push(.search)
    case ["transfer"]:
      stack.push(.transfer)
    case let parts where parts.count == 2 && parts[0] == "notes":
      if parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(parts[1]), id > 0 {
        stack.push(.note(id: id))
      } else {
        stack.push(.notFound(path: path))
      }
    default:
      stack.push(.notFound(path: path))
    }
    return stack
  }
}
