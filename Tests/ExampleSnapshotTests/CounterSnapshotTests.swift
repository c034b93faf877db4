import Katana
import KatanaTerminal
import KatanaTesting
import Testing

@testable import Counter
@testable import CounterCore

@Suite("Counter's screen, snapshotted")
@MainActor
struct CounterSnapshotTests {
  @Test("the counter screen, at first and after an increment, at both sizes", arguments: snapshotSizes)
  func counter(size: TerminalSize) async throws {
    let store = Store<CounterState, AppDependencies>()
    let terminal = HeadlessTerminal(
      root: CounterScreen(props: CounterScreenProps()), store: store, size: size, geometry: .fontCell,
      clock: ManualClock())
    await terminal.start()
    assertScreen(terminal, named: "counter")
    try await terminal.click("Increment")
    assertScreen(terminal, named: "counter-incremented")
  }
}
