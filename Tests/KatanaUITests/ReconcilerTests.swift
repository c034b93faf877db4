import Katana
import Testing

@testable import KatanaUI

@MainActor
@Suite("Reconciliation")
struct ReconcilerTests {
  @Test("mounting creates and inserts every node, parents first, in a well-formed sequence")
  func mount() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: ["a", "b", "c"]))
    let backend = harness.backend
    #expect(backend.counts == MutationCounts(create: 4, insert: 4))
    #expect(backend.violations.isEmpty)
    #expect(harness.childKeys == ["a", "b", "c"])
    guard case .create(let rootID, let kind, let props) = backend.log.first else {
      Issue.record("the first mutation is not the root's creation")
      return
    }
    #expect(kind == .view)
    #expect(props.frame == Rect(x: 0, y: 0, width: 640, height: 960), "a zero-frame root takes the container size")
    guard case .insert(rootID, .container, 0) = backend.log[1] else {
      Issue.record("the root is not inserted second")
      return
    }
  }

  @Test("a keyed reorder moves nodes instead of recreating them")
  func keyedReorder() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: ["a", "b", "c", "d"]))
    let idsBefore = Dictionary(uniqueKeysWithValues: harness.rootChildren.map { (harness.backend.view($0)!.key!, $0) })
    let log = try await harness.dispatch(SetItems(items: ["d", "b", "a", "c"]))
    let counts = MutationCounts(log)
    #expect(counts.create == 0)
    #expect(counts.remove == 0)
    #expect(counts.move > 0)
    #expect(counts.updateProps == 1, "only the root's props (its item list) changed")
    #expect(harness.childKeys == ["d", "b", "a", "c"])
    #expect(harness.rootChildren == ["d", "b", "a", "c"].map { idsBefore[$0]! }, "same nodes, new order")
    #expect(harness.backend.violations.isEmpty)
  }

  @Test(
    "reorders take the fewest moves",
    arguments: [
      (["a", "b", "c", "d", "e"], ["b", "c", "d", "e", "a"], 1),
      (["a", "b", "c", "d", "e"], ["e", "a", "b", "c", "d"], 1),
      (["a", "b", "c", "d", "e"], ["e", "d", "c", "b", "a"], 4),
      (["a", "b", "c", "d", "e"], ["a", "d", "c", "b", "e", "x"], 2),
      (["a", "b", "c"], ["c", "x", "a", "y"], 1),
    ])
  func fewestMoves(before: [String], after: [String], moves: Int) async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: before))
    let idsBefore = Dictionary(uniqueKeysWithValues: harness.rootChildren.map { (harness.backend.view($0)!.key!, $0) })
    let log = try await harness.dispatch(SetItems(items: after))
    #expect(MutationCounts(log).move == moves)
    #expect(harness.childKeys == after)
    for (key, id) in idsBefore where after.contains(key) {
      #expect(harness.rootChildren.contains(id), "\(key) was kept")
    }
    #expect(harness.backend.violations.isEmpty)
  }

  @Test("insertions and removals among keyed siblings touch only those siblings")
  func insertAndRemove() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: ["a", "b", "c"]))
    let log = try await harness.dispatch(SetItems(items: ["a", "x", "c"]))
    #expect(MutationCounts(log) == MutationCounts(create: 1, updateProps: 1, insert: 1, remove: 1))
    #expect(harness.childKeys == ["a", "x", "c"])
    #expect(harness.backend.violations.isEmpty)
  }

  @Test("a type change under the same key remounts the node")
  func typeChangeRemounts() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: ["a", "b"]))
    let oldB = harness.rootChildren[1]
    let log = try await harness.dispatch(SetItems(items: ["a", "b!"]))
    #expect(MutationCounts(log) == MutationCounts(create: 1, updateProps: 1, insert: 1, remove: 1))
    #expect(log.contains { if case .remove(oldB) = $0 { true } else { false } })
    #expect(harness.backend.view(oldB) == nil)
    #expect(harness.childKeys == ["a", "b"])
  }

  @Test("a changed key remounts; unkeyed siblings of one type match by order")
  func keysAndOrder() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: ["_", "_", "k"]))
    let before = harness.rootChildren
    let log = try await harness.dispatch(SetItems(items: ["_", "_", "j"]))
    #expect(MutationCounts(log) == MutationCounts(create: 1, updateProps: 1, insert: 1, remove: 1))
    #expect(Array(harness.rootChildren.prefix(2)) == Array(before.prefix(2)))
  }

  @Test("equal props and state skip the subtree; changed props update only that node")
  func equalPropsSkip() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: ["a", "b=1"]))
    let unrelated = try await harness.dispatch(SetA(value: 9))
    #expect(unrelated.isEmpty, "the connected root's selection did not change")

    let log = try await harness.dispatch(SetItems(items: ["a", "b=2"]))
    #expect(MutationCounts(log) == MutationCounts(updateProps: 2), "the root and leaf b")
    let b = harness.rootChildren[1]
    #expect(harness.backend.props(of: b, as: LeafProps.self)?.value == 2)
  }

  @Test("mutations reference only live nodes and removal drops the whole subtree")
  func removalDropsSubtree() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: ["a", "b"]))
    #expect(harness.backend.viewCount == 3)
    try await harness.dispatch(SetItems(items: []))
    #expect(harness.backend.viewCount == 1)
    #expect(harness.renderer.mountedNodeCount == 1)
    #expect(harness.backend.violations.isEmpty)
  }
}
