import Foundation
import KatanaUI
import Testing

@Suite("Route stack")
struct RouteStackTests {
  @Test("push and pop move the top; the root is never popped")
  func pushPop() {
    var stack = RouteStack(root: ShopRoute.list)
    #expect(!stack.canGoBack)
    #expect(stack.pop() == nil)
    stack.push(.item(1))
    stack.push(.item(2))
    #expect(stack.top == .item(2))
    #expect(stack.depth == 2)
    #expect(stack.pop() == RouteStack.Entry(.item(2)))
    #expect(stack.routes == [.list, .item(1)])
    stack.popToRoot()
    #expect(stack.routes == [.list])
    #expect(stack.pop() == nil)
  }

  @Test("dismiss closes the latest modal flow with what was pushed on it, and nothing without one")
  func dismiss() {
    var stack = RouteStack(root: ShopRoute.list)
    stack.push(.item(0))
    #expect(stack.dismiss().isEmpty)
    #expect(stack.routes == [.list, .item(0)])
    stack.present(.basket)
    stack.push(.item(2))
    #expect(stack.isPresentingModal)
    let removed = stack.dismiss()
    #expect(removed.map(\.route) == [.item(2), .basket])
    #expect(stack.routes == [.list, .item(0)])
    #expect(!stack.isPresentingModal)
  }

  @Test("an empty stack is refused, built or decoded")
  func emptyIsRefused() throws {
    #expect(throws: NavigationError.emptyStack) { try RouteStack<ShopRoute>(entries: []) }
    let json = Data(#"{"entries":[]}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(RouteStack<ShopRoute>.self, from: json) }
  }

  @Test("a stack survives a JSON round trip, presentations included")
  func codable() throws {
    var stack = RouteStack(root: ShopRoute.list)
    stack.push(.item(1))
    stack.present(.basket)
    let decoded = try JSONDecoder().decode(RouteStack<ShopRoute>.self, from: JSONEncoder().encode(stack))
    #expect(decoded == stack)
    #expect(decoded.topEntry.presentation == .modal)
  }

  @Test("removeAll drops matching screens above the root, never the root")
  func removeAll() {
    var stack = RouteStack(root: ShopRoute.list)
    stack.push(.item(1))
    stack.push(.basket)
    stack.push(.item(1))
    #expect(stack.removeAll { $0 == .item(1) || $0 == .list } == 2)
    #expect(stack.routes == [.list, .basket])
  }

  @Test("a history entry's paths open the stack they stand for")
  func stackForPaths() {
    #expect(ShopScreens.stack(forPaths: ["/items/2"])?.routes == [.list, .item(2)])
    let stack = ShopScreens.stack(forPaths: ["/", "/items/1", "/basket"])
    #expect(stack?.routes == [.list, .item(1), .basket])
    #expect(stack?.topEntry.presentation == .modal)
    #expect(ShopScreens.stack(forPaths: ["/nope"])?.top == .notFound("/nope"))
    #expect(ShopScreens.stack(forPaths: []) == nil)
  }
}
