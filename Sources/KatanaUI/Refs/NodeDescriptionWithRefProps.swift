/// Props that ask for a reference to their node's native view.
///
/// Leave ``refCallback`` out of `==`: closures cannot be compared, and the renderer always calls
/// the newest one.
public protocol NodeDescriptionWithRefProps: NodeDescriptionProps {
  /// The kind of ref handed to ``refCallback``.
  associatedtype RefType: NativeViewRef
  /// Called with the ref after each render of the node that reached the backend (see
  /// ``RefCallback``); `nil` for none.
  var refCallback: RefCallback<RefType>? { get set }
}
