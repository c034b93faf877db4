import KatanaSupport
import Testing

@testable import Katana

/// The one way the store reports an updater's end (`updaterEnded`): with the states when it has
/// them, else with none, through the seam's defaults for an instrumentation that implements less.
@Suite("Updater end")
struct UpdaterEndTests {
  struct Tally: State {
    var count = 0
  }

  struct Bump: StateUpdater {
    func updateState(_ state: inout Tally) { state.count += 1 }
  }

  /// Records which end it was told, and the states it was handed.
  final class Ends: DispatchInstrumentation {
    let seen = LockedValue<[String]>([])
    let observesStateChanges = true

    func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? { nil }

    func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
      seen.withLock { $0.append("dispatchDidEnd") }
    }

    func updaterDidEnd<Value: State>(
      _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, before: consuming Value,
      after: consuming Value, sequence: UInt64
    ) {
      let before = (before as? Tally)?.count ?? -1
      let after = (after as? Tally)?.count ?? -1
      seen.withLock { $0.append("states \(before) → \(after) #\(sequence)") }
    }
  }

  static let event = DispatchEvent(item: Bump(), kind: .stateUpdater, queueWait: .zero, parent: nil)

  @Test("with states, the typed end; the states are moved out to it")
  func withStates() {
    let ends = Ends()
    withUnsafeTemporaryAllocation(of: Tally.self, capacity: 2) { states in
      let before = states.baseAddress!
      before.initialize(to: Tally(count: 1))
      (before + 1).initialize(to: Tally(count: 2))
      ends.updaterEnded(Self.event, token: nil, outcome: .completed, states: before, sequence: 7)
    }
    #expect(ends.seen.withLock { $0 } == ["states 1 → 2 #7"])
  }

  @Test("without states, the end with no change, which by default is the plain end")
  func withoutStates() {
    let ends = Ends()
    ends.updaterEnded(Self.event, token: nil, outcome: .completed, states: UnsafeMutablePointer<Tally>?.none, sequence: 0)
    ends.updaterEnded(Self.event, token: nil, outcome: .completed, applied: AppliedChange<Tally>?.none)
    #expect(ends.seen.withLock { $0 } == ["dispatchDidEnd", "dispatchDidEnd"])
  }

  @Test("a change the machine recorded goes as the typed end")
  func withRecordedChange() {
    let ends = Ends()
    let change = AppliedChange(before: Tally(count: 3), after: Tally(count: 4), sequence: 9)
    ends.updaterEnded(Self.event, token: nil, outcome: .completed, applied: change)
    #expect(ends.seen.withLock { $0 } == ["states 3 → 4 #9"])
  }
}
