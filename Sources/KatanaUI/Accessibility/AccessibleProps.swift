/// Props that carry an ``Accessibility`` value: every built-in element's, and any custom
/// description's that wants its element to mean something to assistive technology.
///
/// A backend reads it from the props of each node it creates and resolves it with
/// ``Accessibility/resolved(kind:props:)``.
public protocol AccessibleProps: NodeDescriptionProps {
  /// What the element is to assistive technology.
  var accessibility: Accessibility { get set }
}
