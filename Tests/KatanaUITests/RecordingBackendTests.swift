import Testing

@testable import KatanaUI

@MainActor
@Suite("RecordingBackend invariant checks")
struct RecordingBackendTests {
  @Test("a node created twice, commands to unknown or uninserted nodes and bad inserts are reported")
  func violations() {
    let backend = RecordingBackend()
    let (a, b, ghost) = (NodeID(rawValue: 1), NodeID(rawValue: 2), NodeID(rawValue: 9))
    let scroll = NativeViewCommand.scrollToRow(TableIndexPath(section: 0, row: 0), position: .top, animated: false)
    backend.apply([
      .create(a, kind: .view, props: EmptyProps()),
      .create(a, kind: .view, props: EmptyProps()),
      .command(a, scroll),
      .insert(a, parent: .container, at: 0),
      .create(b, kind: .view, props: EmptyProps()),
      .insert(b, parent: a, at: 1),
      .insert(b, parent: a, at: 0),
      .command(ghost, scroll),
      .command(b, scroll),
    ])
    #expect(
      backend.violations == [
        "create #1: already exists",
        "command #1: node not created and inserted",
        "insert #2: index 1 out of 0...0",
        "command #9: node not created and inserted",
      ])
    #expect(backend.children(of: a) == [b])
    #expect(backend.view(b)?.commands == [scroll])
    #expect(backend.counts == MutationCounts(create: 3, insert: 3, command: 3))
  }
}
