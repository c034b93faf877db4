import Katana
import Testing

@testable import KatanaDevTools

/// The recording's ring: what the list shows after it wrapped, however many times.
@Suite struct RecordRingTests {
  private func record(_ sequence: Int) -> RecordedItem {
    RecordedItem(
      id: sequence, sequence: sequence, item: AddItem(name: "item \(sequence)"), kind: .stateUpdater, parent: nil,
      queueWait: 0, duration: 0, end: 0, error: nil, callSite: nil, stateSequence: 0)
  }

  @Test func keepsTheNewestInOrderAfterWrappingSeveralTimes() {
    var ring = RecordRing(capacity: 3)
    var dropped = 0
    for sequence in 1...8 where ring.append(record(sequence)) { dropped += 1 }

    #expect(ring.map(\.sequence) == [6, 7, 8])
    #expect(ring.first?.sequence == 6)
    #expect(ring.last?.sequence == 8)
    #expect(ring[ring.count - 2].sequence == 7)
    #expect(dropped == 5)
  }

  @Test func dropsNothingUntilFull() {
    var ring = RecordRing(capacity: 3)
    let dropped = (1...4).map { ring.append(record($0)) }
    #expect(dropped == [false, false, false, true])
    #expect(ring.map(\.sequence) == [2, 3, 4])
  }

  @Test func startsAfreshAfterRemoveAll() {
    var ring = RecordRing(capacity: 2)
    for sequence in 1...5 { _ = ring.append(record(sequence)) }
    ring.removeAll()
    #expect(ring.isEmpty)

    let dropped = (10...12).map { ring.append(record($0)) }
    #expect(dropped == [false, false, true])
    #expect(ring.map(\.sequence) == [11, 12])
  }
}
