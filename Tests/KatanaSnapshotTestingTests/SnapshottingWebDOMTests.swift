import Foundation
import Katana
import KatanaSnapshotTesting
import KatanaTesting
import KatanaUI
import KatanaWeb
import SnapshotTesting
import Testing

@Suite("Web page snapshots")
@MainActor
struct SnapshottingWebDOMTests {
  /// A reference folder of its own, so these tests never touch the package's snapshots.
  let folder = NSTemporaryDirectory() + "katana-web-snapshots-\(UUID().uuidString)"
  let store = Store<TallyState, EmptySideEffectDependencyContainer>()

  func page(_ viewport: PageViewport) async -> HeadlessPage {
    let page = HeadlessPage(
      root: TallyScreen(props: TallyProps()), store: store, viewport: viewport, clock: ManualClock())
    await page.start()
    return page
  }

  @Test("a reference passes on the same page and fails on a changed text, printing the changed line")
  func failsOnAChangedText() async throws {
    let page = await page(.phone)
    let recorded = verifySnapshot(
      of: page.dom, as: .webDOM, named: "tally", record: .all, snapshotDirectory: folder, testName: "page")
    // Recording always reports (that is how record mode says a reference was written).
    #expect(recorded != nil)
    let same = verifySnapshot(
      of: page.dom, as: .webDOM, named: "tally", record: .never, snapshotDirectory: folder, testName: "page")
    #expect(same == nil)
    try await page.click("+1")
    let changed = try #require(
      verifySnapshot(
        of: page.dom, as: .webDOM, named: "tally", record: .never, snapshotDirectory: folder, testName: "page"))
    // Only the label's line changed: the diff shows it, old and new, and not the buttons.
    #expect(changed.contains("−    <div class=\"k k-label") || changed.contains("-    <div class=\"k k-label"))
    #expect(changed.contains("\"Count: 0\""))
    #expect(changed.contains("+    <div class=\"k k-label"))
    #expect(changed.contains("\"Count: 1\""))
    #expect(!changed.contains("+    <button"))
  }

  @Test("the strategy stores the normalised HTML, one element per line, names for assistive technology kept")
  func normalisedHTML() async throws {
    let page = await page(.desktop)
    let lines = page.dom.normalizedHTML.split(separator: "\n")
    #expect(lines.first == "<div id=\"katana-root\">")
    // The root view, the label and the two buttons: one line each.
    #expect(lines.count == 5)
    #expect(lines.contains { $0.contains("aria-label=\"Add ten\"") && $0.hasSuffix("\"+10\"") })
  }
}
