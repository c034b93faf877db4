import KatanaSupport
import Testing

/// `UnretainedSlot`: the lock-free "last entry" of the logger's type cache.
@Suite("Unretained slot")
struct UnretainedSlotTests {
  final class Entry: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test("empty until the first store, then the object last stored")
  func loadsWhatWasStored() {
    let slot = UnretainedSlot<Entry>()
    #expect(slot.load() == nil)
    let first = Entry(1)
    let second = Entry(2)
    slot.store(first)
    #expect(slot.load()?.takeUnretainedValue() === first)
    slot.store(second)
    #expect(slot.load()?.takeUnretainedValue() === second)
    withExtendedLifetime((first, second)) {}
  }

  @Test("readers on other threads see a stored object whole")
  func concurrentReadersSeeWholeObjects() async {
    let slot = UnretainedSlot<Entry>()
    // Kept alive for the whole test, as the slot's owner must.
    let entries = (0..<64).map { Entry($0 * 3) }
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for round in 0..<2_000 { slot.store(entries[round % entries.count]) }
        return true
      }
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<2_000 {
            guard let loaded = slot.load() else { continue }
            if loaded.takeUnretainedValue().value % 3 != 0 { return false }
          }
          return true
        }
      }
      for await whole in group { #expect(whole) }
    }
    withExtendedLifetime(entries) {}
  }
}
