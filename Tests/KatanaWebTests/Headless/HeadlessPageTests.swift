import Katana
import KatanaUI
import Testing

@testable import KatanaWeb

@Suite("Headless page")
@MainActor
struct HeadlessPageTests {
  let store = TestStore()

  func start(_ viewport: PageViewport = PageViewport(width: 400, height: 300), path: String = "/") async -> HeadlessPage {
    let page = HeadlessPage(root: TestScreen(props: TestScreenProps()), store: store, viewport: viewport, path: path)
    await page.start()
    return page
  }

  /// The line of the normalised HTML holding `text`.
  func line(_ page: HeadlessPage, containing text: String) -> String? {
    page.dom.normalizedHTML.split(separator: "\n").first { $0.contains(text) }.map(String.init)
  }

  @Test("the page is built as the script builds it: tags, classes, roles, frames in CSS pixels, text")
  func builtLikeThePage() async throws {
    let page = await start()
    let html = page.dom.normalizedHTML
    #expect(html.hasPrefix("<div id=\"katana-root\">\n"))
    // 1.25 CSS pixels per point: the page reported 320 × 240 points, and the label fills the top half.
    #expect(line(page, containing: "Count: 0") == "    <div class=\"k k-label k-clip\"> @0,0 400x150 \"Count: 0\"")
    #expect(line(page, containing: "\"Add\"") == "    <button class=\"k k-button k-clip\" type=\"button\"> @0,150 125x25 \"Add\"")
    #expect(line(page, containing: "k-textField")?.contains("type=\"text\"> @125,150 125x25 value=\"\"") == true)
    #expect(html.contains("<div class=\"k-content\" role=\"list\">"))
    // Each row is a list item of the table's list, holding its label.
    let lines = html.split(separator: "\n")
    let label = try #require(lines.firstIndex { $0.hasSuffix("\"row 1\"") })
    #expect(lines[label - 1].contains("role=\"listitem\""))
    #expect(line(page, containing: "k-image")?.contains("role=\"img\" title=\"logo\"> @250,150 25x25 \"logo\"") == true)
  }

  @Test("a click by accessible name reaches the control, and the page shows the store's new state")
  func clickByName() async throws {
    let page = await start()
    try await page.click("Add")
    try await page.click("Add")
    #expect(store.state.count == 2)
    #expect(line(page, containing: "Count: 2") != nil)
  }

  @Test("a name no control has is an error, and nothing is sent")
  func unknownName() async {
    let page = await start()
    let sent = page.backend.sentMessageCount
    await #expect(throws: HeadlessControlError.noControl(named: "Remove")) { try await page.click("Remove") }
    #expect(store.state.count == 0)
    #expect(page.backend.sentMessageCount == sent)
  }

  @Test("a click on a table row reports the row to the table")
  func rowClick() async throws {
    let page = await start()
    try await page.click("row 1")
    #expect(store.state.tappedRows == [1])
  }

  @Test("Tab moves the focus as the browser does, and typing goes into the focused field")
  func typing() async throws {
    let page = await start()
    await page.press(KeyPress(.tab))
    await page.press(KeyPress(.tab))
    await page.type("hi")
    #expect(store.state.text == "hi")
    #expect(line(page, containing: "k-textField")?.contains("value=\"hi\"") == true)
    await page.press(KeyPress(.backspace))
    #expect(store.state.text == "h")
  }

  @Test("the field shows the server's text again once its input is acknowledged")
  func fieldTakesTheServersText() async throws {
    let page = await start()
    await page.press(KeyPress(.tab))
    await page.press(KeyPress(.tab))
    await page.type("a")
    try await store.dispatch(SetText(text: "from the store")).value
    await page.settle()
    #expect(line(page, containing: "k-textField")?.contains("value=\"from the store\"") == true)
  }

  @Test("a resize reports the new viewport and the app lays itself out for it")
  func resize() async throws {
    let page = await start()
    await page.resize(to: PageViewport(width: 800, height: 600))
    #expect(page.backend.containerSize == Size(width: 640, height: 480))
    #expect(line(page, containing: "Count: 0")?.contains("@0,0 800x300") == true)
  }

  @Test("Enter on the focused button clicks it; Esc leaves a field")
  func keysOnControls() async throws {
    let page = await start()
    await page.press(KeyPress(.tab))
    await page.press(KeyPress(.enter))
    #expect(store.state.count == 1)
    await page.press(KeyPress(.tab))
    await page.press(KeyPress(.escape))
    await page.type("x")
    // Out of the field, a character is a key for the app, not text.
    #expect(store.state.text == "")
  }
}
