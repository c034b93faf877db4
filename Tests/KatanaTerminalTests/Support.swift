import KatanaUI

@testable import KatanaTerminal

/// Props for test nodes: just the frame.
struct TestProps: NodeDescriptionProps {
  var frame: Rect
  var alpha = 1.0
  var key: String?

  init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    frame = Rect(x: x, y: y, width: width, height: height)
  }
}

/// Records what the backend reports.
@MainActor
final class RecordingSink: BackendEventSink {
  var events: [(NodeEvent, NodeID)] = []
  var resizes: [Size] = []

  func send(_ event: NodeEvent, to node: NodeID) {
    events.append((event, node))
  }

  func containerDidResize(to size: Size) {
    resizes.append(size)
  }

  /// The events sent to one node.
  func events(for node: NodeID) -> [NodeEvent] {
    events.filter { $0.1 == node }.map(\.0)
  }
}

extension NodeID {
  static func id(_ raw: Int) -> NodeID { NodeID(rawValue: raw) }
}

/// Mutations that create a node and insert it.
func mount(_ id: Int, _ kind: NativeViewKind, _ props: any NodeDescriptionProps, in parent: Int = 0, at index: Int) -> [Mutation] {
  [.create(.id(id), kind: kind, props: props), .insert(.id(id), parent: .id(parent), at: index)]
}
