public import KatanaUI

/// The app's screens. The route stack lives in ``NotesState/routes``.
///
/// Browser URLs: `/` is the list, `/notes/ID` a note, `/notes/ID/read` the note to read,
/// `/search` the search, `/transfer` import and export; any other path opens the not-found screen over the list.
public enum NotesRoute: Hashable, Sendable, Codable {
  /// The notes of a folder, always at the bottom of the stack.
  case list
  /// One note: its title, body, folder and pin.
  case note(id: Int)
  /// One note to read: its whole text in a scrolling viewport.
  case read(id: Int)
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
    case .read(let id): "/notes/\(id)/read"
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
    case let parts where (parts.count == 2 || parts.count == 3 && parts[2] == "read") && parts[0] == "notes":
      if parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(parts[1]), id > 0 {
        stack.push(parts.count == 3 ? .read(id: id) : .note(id: id))
      } else {
        stack.push(.notFound(path: path))
      }
    default:
      stack.push(.notFound(path: path))
    }
    return stack
  }
}
