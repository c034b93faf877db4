import KatanaUI
import NotesCore
import Testing

@Suite("Notes routes")
struct NotesRouteTests {
  @Test("each screen has an address, and each address opens its screen over the list")
  func roundTrip() {
    for route in [NotesRoute.list, .note(id: 7), .read(id: 7), .search, .transfer] {
      #expect(NotesRoute.stack(forPath: route.path).top == route)
      #expect(NotesRoute.stack(forPath: route.path).routes.first == .list)
    }
    #expect(NotesRoute.stack(forPath: "/notes/7/").top == .note(id: 7))
  }

  @Test("unknown paths and bad ids open the not-found screen")
  func notFound() {
    for path in ["/nope", "/notes/0", "/notes/-1", "/notes/x", "/notes/٣", "/notes/1/2", "/notes/x/read", "/notes/1/read/2"] {
      #expect(NotesRoute.stack(forPath: path).top == .notFound(path: path), "\(path)")
    }
  }
}
