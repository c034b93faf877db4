import Testing

@testable import Katana

/// `applyUpdater(_:to:)`, the erased path's in-place apply, against its portable form: both run
/// here, on every platform, and must leave the same state.
@Suite("Apply updater")
struct ApplyUpdaterTests {
  struct Shelf: State {
    var books: [String] = ["a"]
    var count = 0
  }

  struct Shelve: StateUpdater {
    let title: String
    func updateState(_ state: inout Shelf) {
      state.books.append(title)
      state.count += 1
    }
  }

  /// Applies `updater` seen only as `any StateUpdater`, as the store's erased path does.
  static func apply(_ updater: any StateUpdater, to state: inout Shelf, portably: Bool) {
    func open<T: StateUpdater>(_ typed: T) {
      if portably { applyUpdaterPortably(typed, to: &state) } else { applyUpdater(typed, to: &state) }
    }
    open(updater)
  }

  @Test("in place and portably, an erased updater leaves the same state")
  func sameStateBothWays() {
    var inPlace = Shelf()
    var portable = Shelf()
    for title in ["b", "c"] {
      Self.apply(Shelve(title: title), to: &inPlace, portably: false)
      Self.apply(Shelve(title: title), to: &portable, portably: true)
    }
    #expect(inPlace.books == ["a", "b", "c"] && inPlace.count == 2)
    #expect(inPlace.books == portable.books && inPlace.count == portable.count)
  }
}
