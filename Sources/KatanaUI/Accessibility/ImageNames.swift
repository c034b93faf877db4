/// The debug-build check that every image says what it shows or is marked decorative.
///
/// A type-level requirement would make every ``ImageProps`` value carry a name from its
/// initialiser, breaking the `build` style every element shares; a diagnostic names the image
/// while the app runs and costs release builds nothing.
enum ImageNames {
  /// Reports ``RendererError/unnamedImage(parent:key:)`` for each image among `descriptions`
  /// with no accessibility label that is not hidden (once per distinct image, like every renderer
  /// error), and prints it to standard error.
  @MainActor
  static func reportUnnamed(in descriptions: [AnyNodeDescription], parent: Any.Type, to renderer: Renderer) {
    for description in descriptions {
      guard let image = description.props as? ImageProps, !image.accessibility.isHidden,
        (image.accessibility.label ?? "").isEmpty
      else { continue }
      let error = RendererError.unnamedImage(parent: String(reflecting: parent), key: image.key)
      if renderer.report(error) { SiblingKeys.warnInDebug(error.description) }
    }
  }
}
