import KatanaUI
import NotesCore

/// The app's screens: a folder's notes, a note, the search, import and export, and the not-found
/// screen, under the navigation root's title bar. Browser URLs come from ``NotesRoute``.
enum NotesScreens: NavigationScreens {
  typealias StoreState = NotesState

  static func screen(for route: NotesRoute, frame: Rect) -> AnyNodeDescription {
    switch route {
    case .list:
      NotesListScreen(props: NotesListScreenProps(frame: frame))
    case .note(let id):
      NoteScreen(props: NoteScreenProps(id: id, frame: frame))
    case .read(let id):
      ReaderScreen(props: ReaderScreenProps(id: id, frame: frame))
    case .search:
      SearchScreen(props: SearchScreenProps(frame: frame))
    case .transfer:
      TransferScreen(props: TransferScreenProps(frame: frame))
    case .notFound(let path):
      NotesNotFoundScreen(props: NotesNotFoundScreenProps(path: path, frame: frame))
    }
  }

  static func title(for route: NotesRoute, in state: NotesState) -> String {
    switch route {
    case .list: "Notes"
    case .note(let id): state.note(id: id)?.title ?? "Note \(id)"
    case .read(let id): state.note(id: id).map { "Reading \($0.title)" } ?? "Note \(id)"
    case .search: "Search"
    case .transfer: "Import and export"
    case .notFound: "Not found"
    }
  }

  static func path(for route: NotesRoute) -> String? { route.path }

  static func stack(forPath path: String) -> RouteStack<NotesRoute>? { NotesRoute.stack(forPath: path) }
}
