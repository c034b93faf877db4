// A small app with nested state, so diffs have paths worth checking.
import Foundation
import Katana
import KatanaPersistence

struct ShopState: State, Codable, Equatable {
  struct Item: Codable, Equatable, Sendable {
    var name: String
    var quantity: Int
  }

  var items: [Item] = []
  var note = ""
  var visits = 0
}

/// Undoable, so that stores with History can undo it.
struct AddItem: StateUpdater, Undoable, Codable {
  var name: String
  func updateState(_ state: inout ShopState) {
    state.items.append(.init(name: name, quantity: 1))
  }
}

struct SetQuantity: StateUpdater, Codable {
  var index: Int
  var quantity: Int
  func updateState(_ state: inout ShopState) {
    state.items[index].quantity = quantity
  }
}

/// Not registered in the journal: an export skips it.
struct Visit: StateUpdater {
  func updateState(_ state: inout ShopState) {
    state.visits += 1
  }
}

/// Changes nothing.
struct Nothing: StateUpdater {
  func updateState(_ state: inout ShopState) {}
}

struct ShopFailure: Error, CustomStringConvertible {
  var description: String { "the shop is closed" }
}

/// Adds two items from its body; the parent of both.
struct Restock: SideEffect {
  func sideEffect(_ context: SideEffectContext<ShopState, EmptySideEffectDependencyContainer>) async throws {
    try await context.dispatch(AddItem(name: "pear")).value
    try await context.dispatch(AddItem(name: "plum")).value
  }
}

/// Fails from its body.
struct CloseShop: SideEffect {
  func sideEffect(_ context: SideEffectContext<ShopState, EmptySideEffectDependencyContainer>) async throws {
    throw ShopFailure()
  }
}

/// Counts the items.
struct CountItems: ReturningSideEffect {
  func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
    (context.getAnyState() as? ShopState)?.items.count ?? -1
  }
}

typealias ShopStore = Store<ShopState, EmptySideEffectDependencyContainer>

var shopRegistry: JournalRegistry<ShopState> {
  var registry = JournalRegistry<ShopState>()
  registry.register(AddItem.self, as: "shop.add")
  registry.register(SetQuantity.self, as: "shop.quantity")
  return registry
}
