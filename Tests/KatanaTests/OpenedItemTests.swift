import Testing

@testable import Katana

/// `openedItem(_:as:)`, the end of the chain's bit cast, against its portable form, the dynamic
/// cast: both run here, on every platform, and must give the same value.
@Suite("Opened item")
struct OpenedItemTests {
  struct Small: StateUpdater {
    var index: Int
    func updateState(_ state: inout AppState) {}
  }

  /// Larger than an existential's inline buffer (three words): stored boxed.
  struct Large: StateUpdater {
    var name: String
    var values: [Int]
    var a = 1, b = 2, c = 3
    func updateState(_ state: inout AppState) {}
  }

  enum Choice: StateUpdater {
    case one, two(String)
    func updateState(_ state: inout AppState) {}
  }

  final class Boxed: StateUpdater, @unchecked Sendable {
    let id: Int
    init(id: Int) { self.id = id }
    func updateState(_ state: inout AppState) {}
  }

  @Test("a small struct, a boxed one, an enum and a class come out as the portable cast gives them")
  func matchesTheDynamicCast() {
    let small: any Dispatchable = Small(index: 7)
    #expect(openedItem(small, as: Small.self).index == 7)
    #expect(openedItemPortably(small, as: Small.self).index == 7)

    let large: any Dispatchable = Large(name: "katana", values: [1, 2, 3])
    let fast = openedItem(large, as: Large.self)
    let portable = openedItemPortably(large, as: Large.self)
    #expect(fast.name == portable.name && fast.values == portable.values && fast.c == 3)

    let choice: any Dispatchable = Choice.two("x")
    guard case .two(let text) = openedItem(choice, as: Choice.self) else {
      Issue.record("the enum's case was lost")
      return
    }
    #expect(text == "x")

    let object = Boxed(id: 3)
    let boxed: any Dispatchable = object
    #expect(openedItem(boxed, as: Boxed.self) === object)
    #expect(openedItemPortably(boxed, as: Boxed.self) === object)
  }
}
