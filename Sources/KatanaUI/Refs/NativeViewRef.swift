/// A typed reference to a mounted native view, handed to a ``NodeDescriptionWithRefProps``'s
/// ``NodeDescriptionWithRefProps/refCallback``.
///
/// Conforming types wrap a ``NativeViewHandle`` and offer the imperative operations of one kind of
/// view, such as ``TableRef/scroll(at:at:animated:)``. A ref holds the view weakly: check
/// ``isValid`` before relying on it; operations on an invalid ref do nothing.
@MainActor
public protocol NativeViewRef {
  /// Wraps the handle of the mounted view.
  init(nativeView: NativeViewHandle)
  /// Whether the view is still mounted.
  var isValid: Bool { get }
}

/// The closure a description's props receive its ref through. Called on the main actor after
/// every render of the node that reached the backend: once mounted, then after each update.
public typealias RefCallback<Ref: NativeViewRef> = @MainActor (Ref) -> Void
