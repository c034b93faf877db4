import Foundation
import Testing

@testable import KatanaDevTools

@Suite struct DevToolsSourceTests {
  @Test func errorsExplainThemselvesToThePage() {
    #expect(DevToolsCommandError.unknownItem(7).description.contains("item 7"))
    #expect(DevToolsCommandError.notAnUpdater(3).description.contains("side effect"))
  }
}
