/// A native view tree that a ``Renderer`` drives: a terminal, a window system, or the in-memory
/// ``RecordingBackend``.
///
/// The renderer computes descriptions, layout and reconciliation, then calls ``apply(_:)`` with the
/// ordered list of ``Mutation``s; the backend only creates, updates, orders and removes its views.
/// User input travels the other way: the backend reports `(event, node)` pairs to the
/// ``BackendEventSink`` it received in ``attach(_:)``.
///
/// ## Units
/// Frames are ``Rect``s of `Double` **points**, relative to the parent node, exactly as Plastic
/// computed them; KatanaUI never rounds. Each backend maps points to its own unit and documents
/// its rounding (for example: one point is one pixel, rounded to the nearest pixel; or one point is
/// one terminal cell, origins floored and far edges rounded). ``containerSize`` is in points too.
///
/// ## Threading
/// Every requirement is called on the main actor, the one isolation domain of KatanaUI. A backend
/// whose input arrives on another thread hops to the main actor before calling the sink.
@MainActor
public protocol RendererBackend: AnyObject {
  /// The size, in points, of the root container the root node is rendered into.
  ///
  /// A root description whose frame is ``Rect/zero`` is given this size.
  var containerSize: Size { get }

  /// Gives the backend the sink for user events; called once by ``Renderer/render(in:)`` before the
  /// first ``apply(_:)``. Hold it weakly: the renderer owns the backend.
  func attach(_ sink: any BackendEventSink)

  /// Applies mutations in order. See ``Mutation`` for the invariants the list respects.
  func apply(_ mutations: [Mutation])

  /// The size, in points, of one character cell when this backend draws on a character grid,
  /// or `nil` (the default) when it places elements freely.
  ///
  /// The renderer reads it once, in ``Renderer/render(in:)``, and hands it to every Plastic
  /// layout as ``ViewsContainer/characterCell``, so one description can pick shapes that suit
  /// each medium while staying backend-agnostic.
  var characterCell: Size? { get }

  /// The smallest size, in points, an element a person operates should have in the current
  /// ``containerSize``: 24 × 24 CSS pixels on a desktop page and 44 × 44 on a phone's, one
  /// character cell in a terminal; zero (the default) for none.
  ///
  /// The renderer reads it at the start of each pass and hands it to descriptions as
  /// ``RenderingMedium/minimumTargetSize`` of ``RenderingMedium/current``.
  var minimumTargetSize: Size { get }
}

extension RendererBackend {
  /// No character grid: elements are placed freely.
  public var characterCell: Size? { nil }

  /// No minimum target.
  public var minimumTargetSize: Size { Size(width: 0, height: 0) }
}

/// Receives what the user did, from a backend. The ``Renderer`` is the sink.
@MainActor
public protocol BackendEventSink: AnyObject {
  /// Delivers an event that happened on `node`. Unknown or already removed nodes are ignored.
  func send(_ event: NodeEvent, to node: NodeID)

  /// Reports that the root container now measures `size` points; the root is laid out again.
  func containerDidResize(to size: Size)
}
