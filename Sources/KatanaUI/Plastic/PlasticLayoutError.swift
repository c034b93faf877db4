/// A mistake in a Plastic layout call, reported instead of producing a wrong layout.
///
/// The array layouts throw it; the renderer reports it through ``Renderer/errors`` and keeps the
/// frames the layout had set before the failing call.
public enum PlasticLayoutError: Error, Hashable, Sendable {
  /// A spacing list did not have one value fewer than the views (`expected` = views − 1).
  case wrongSpacingCount(expected: Int, actual: Int)
  /// A weight list (`widths:` or `heights:`) did not have one value per view.
  case wrongWeightCount(expected: Int, actual: Int)
  /// Weights must be finite, non-negative, and not all zero.
  case invalidWeights([Double])
}

extension PlasticLayoutError: CustomStringConvertible {
  /// A readable form for logs and test failures.
  public var description: String {
    switch self {
    case .wrongSpacingCount(let expected, let actual):
      "Plastic: \(actual) spacings given for a group that needs \(expected) (one between each pair of views)"
    case .wrongWeightCount(let expected, let actual):
      "Plastic: \(actual) weights given for \(expected) views; give one weight per view"
    case .invalidWeights(let weights):
      "Plastic: weights \(weights) must be finite, non-negative and not all zero"
    }
  }
}
