import Foundation
import Testing

@testable import KatanaDevTools

@Suite struct JSONDiffTests {
  private func json(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
  }

  @Test func nestedFieldsAreNamedByTheirPath() throws {
    let changes = JSONDiff.changes(
      from: try json(#"{"a":1,"b":{"c":"x","d":[1,2]}}"#), to: try json(#"{"a":1,"b":{"c":"y","d":[1,3,4]}}"#))
    #expect(
      changes == [
        DevToolsChange(path: "b.c", old: #""x""#, new: #""y""#),
        DevToolsChange(path: "b.d[1]", old: "2", new: "3"),
        DevToolsChange(path: "b.d[2]", old: nil, new: "4"),
      ])
  }

  @Test func addedRemovedAndRetypedValuesAreShownWhole() throws {
    let changes = JSONDiff.changes(from: try json(#"{"gone":true,"kind":1}"#), to: try json(#"{"kind":"one","new":null}"#))
    #expect(
      changes == [
        DevToolsChange(path: "gone", old: "true", new: nil),
        DevToolsChange(path: "kind", old: "1", new: #""one""#),
        DevToolsChange(path: "new", old: nil, new: "null"),
      ])
  }

  @Test func aTopLevelValueIsCalledState() throws {
    #expect(JSONDiff.changes(from: try json("1"), to: try json("2")) == [DevToolsChange(path: "state", old: "1", new: "2")])
    #expect(JSONDiff.changes(from: try json("[1]"), to: try json("[1]")).isEmpty)
  }

  @Test func largeIntegersStayExact() throws {
    let changes = JSONDiff.changes(from: try json("9007199254740993"), to: try json("9007199254740995"))
    #expect(changes == [DevToolsChange(path: "state", old: "9007199254740993", new: "9007199254740995")])
  }

  @Test func aFloodOfChangesIsCutWithASummary() throws {
    let before = try json("[" + (0..<600).map { _ in "0" }.joined(separator: ",") + "]")
    let after = try json("[" + (0..<600).map { _ in "1" }.joined(separator: ",") + "]")
    let changes = JSONDiff.changes(from: before, to: after)
    #expect(changes.count == JSONDiff.maximumChanges + 1)
    #expect(changes.last == DevToolsChange(path: "…", old: nil, new: "100 more changes not shown"))
  }
}
