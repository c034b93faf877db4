import KatanaUI
import Testing
import TodosCore

@Suite("Todos routes and their URLs")
struct TodosRouteTests {
  @Test("each screen has its path, and a link to that path opens it on the list")
  func roundTrip() {
    for route in [TodosRoute.list, .item(id: 3), .settings] {
      let stack = TodosRoute.stack(forPath: route.path)
      #expect(stack.top == route)
      #expect(stack.root == .list)
    }
    #expect(TodosRoute.item(id: 12).path == "/todos/12")
    #expect(TodosRoute.stack(forPath: "/settings/").top == .settings)
  }

  @Test("unknown paths and malformed ids open the not-found screen over the list")
  func unknown() {
    for path in ["/todos", "/todos/abc", "/todos/0", "/todos/-1", "/todos/3/edit", "/nope", "/todos/٣"] {
      #expect(TodosRoute.stack(forPath: path).routes == [.list, .notFound(path: path)], "\(path)")
    }
  }
}
