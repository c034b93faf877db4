import Testing

@testable import Katana

/// `dynamicItemType(of:)`: the hot path's `type(of:)` for items, which the logger, the observer
/// and the chain's end key their caches on; it must name the same type `type(of:)` does.
@Suite("Dynamic item type")
struct DynamicItemTypeTests {
  struct StructItem: StateUpdater {
    func updateState(_ state: inout AppState) {}
  }

  enum EnumItem: StateUpdater {
    case only
    func updateState(_ state: inout AppState) {}
  }

  class BaseItem: StateUpdater, @unchecked Sendable {
    func updateState(_ state: inout AppState) {}
  }

  final class DerivedItem: BaseItem, @unchecked Sendable {}

  static func names(_ item: any Dispatchable, _ expected: any Dispatchable.Type) -> Bool {
    ObjectIdentifier(dynamicItemType(of: item)) == ObjectIdentifier(expected)
  }

  static func matches(_ item: any Dispatchable) -> Bool {
    ObjectIdentifier(dynamicItemType(of: item)) == ObjectIdentifier(type(of: item))
  }

  @Test("a struct's and an enum's type are the type they were stored as")
  func valueTypes() {
    #expect(Self.matches(StructItem()))
    #expect(Self.matches(EnumItem.only))
    #expect(Self.names(StructItem(), StructItem.self))
  }

  @Test("a class instance stored under its superclass's type names the subclass")
  func subclassUnderBaseType() {
    let stored: BaseItem = DerivedItem()
    #expect(Self.names(stored, DerivedItem.self))
    #expect(Self.matches(stored))
    #expect(Self.names(BaseItem(), BaseItem.self))
  }
}
