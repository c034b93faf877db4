import Foundation
import Testing

@testable import KatanaDevTools

@Suite struct SessionTestWriterTests {
  @Test("recorded text becomes a raw string literal with as many # as it needs")
  func rawLiterals() {
    #expect(SessionTestWriter.literal(#"{"a":1}"#) == ##"#"{"a":1}"#"##)
    // A quote or a backslash followed by # would end the literal or start an interpolation.
    #expect(SessionTestWriter.literal(##"{"a":"x"#"}"##) == ###"##"{"a":"x"#"}"##"###)
    #expect(SessionTestWriter.literal(##"{"a":"\\#(b)"}"##) == ###"##"{"a":"\\#(b)"}"##"###)
    #expect(SessionTestWriter.literal("a\nb") == ##"#"a\#nb"#"##)
  }

  @Test("a long diff is cut in the step's comment")
  func longDiffsAreCut() {
    let replay = SessionTestPlan.Replay(
      itemID: 7, type: "App.Add", registeredName: "app.add", updater: "{}", callSite: nil,
      changes: (1...6).map { "items[\($0)]: (absent) → " + String(repeating: "x", count: 200) }, expectation: .state("{}"))
    let plan = SessionTestPlan(
      testName: "session", stateType: "App.AppState", modules: ["App"], exportedAt: Date(timeIntervalSince1970: 0),
      initialState: "{}", initialStateIsRedacted: false, steps: [.replay(replay)], notReplayed: [])
    let source = SessionTestWriter.source(of: plan)
    #expect(source.hasPrefix("// Exported by Katana DevTools on 1970-01-01 at 00:00:00 UTC from a recorded session.\n"))
    #expect(source.contains("  // #7 app.add\n"))
    let shown = source.split(separator: "\n").filter { $0.hasPrefix("  //   items[") }
    #expect(shown.count == SessionTestWriter.changesShown && shown.allSatisfy { $0.hasSuffix("…") })
    #expect(source.contains("  //   and 2 more changes\n"))
  }
}
