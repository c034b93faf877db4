/// A description that mounts only some of its laid-out children (the rows of a ``Table`` near
/// its visible part), and can move that window so an imperative command finds its target.
///
/// Internal: the renderer applies it after the Plastic layout, when every child's frame is known.
protocol WindowedChildren: PlasticNodeDescription {
  /// The children to mount, among `laidOut` (the children after layout, frames in points
  /// relative to this node).
  @MainActor
  static func mountedChildren(
    _ laidOut: [AnyNodeDescription], props: PropsType, state: StateType
  ) -> [AnyNodeDescription]

  /// The state that mounts what `command` is about, or `nil` when it is already mounted.
  ///
  /// - Parameter multiplier: the node's Plastic multiplier, to scale values as its layout does.
  @MainActor
  static func state(
    preparing command: NativeViewCommand, props: PropsType, state: StateType, multiplier: Double
  ) -> StateType?
}
