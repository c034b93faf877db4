import Katana
import KatanaTesting
import KatanaUI
import KatanaWeb
import Testing

@testable import Counter
@testable import CounterCore

@Suite("Counter's page, snapshotted")
@MainActor
struct CounterPageSnapshotTests {
  @Test("the counter page, at first and after a click on Increment, in both windows", arguments: pageViewports)
  func counter(viewport: PageViewport) async throws {
    // The store the executable serves with `--web`.
    let store = Store<CounterState, AppDependencies>()
    let page = HeadlessPage(
      root: CounterScreen(props: CounterScreenProps()), store: store, viewport: viewport, clock: ManualClock())
    await page.start()
    assertPage(page, named: "counter-main")
    try await page.click("Increment")
    assertPage(page, named: "counter-incremented")
  }
}
