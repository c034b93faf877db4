/// One axis of a ``PlasticView``'s frame: where the view starts on it and how long it is.
///
/// The X setters (`left`, `right`, `centerX`, `width`) and the Y setters (`top`, `bottom`,
/// `centerY`, `height`) are the same four rules on two axes, so both go through
/// ``assign(_:_:keeping:)``.
struct PlasticAxis: Equatable {
  /// What a setter assigns on an axis: the leading edge (left, top), the trailing edge (right,
  /// bottom), the center line, or the length (width, height).
  enum Line: Equatable { case leading, trailing, center, length }

  var start: Double
  var length: Double

  var end: Double { start + length }
  var middle: Double { start + length / 2 }

  /// Puts `line` at `value`, keeping fixed the line the axis' latest constraint named.
  ///
  /// An edge or center assigned after another edge or center sets the length between them;
  /// otherwise it moves the view and keeps its length. A length keeps the latest edge or center.
  /// A length that would be negative becomes 0, and the line just assigned still lands on
  /// `value`: `bottom = 100` then `top = 150` gives start 150, length 0.
  ///
  /// - Parameter latest: the axis' latest constraint, `nil` for none yet.
  mutating func assign(_ line: Line, _ value: Double, keeping latest: Line?) {
    switch line {
    case .leading:
      let newLength: Double =
        switch latest {
        case .trailing: end - value
        case .center: 2 * (middle - value)
        default: length
        }
      (start, length) = (value, max(0, newLength))
    case .trailing:
      let newLength: Double =
        switch latest {
        case .leading: value - start
        case .center: 2 * (value - middle)
        default: length
        }
      length = max(0, newLength)
      start = value - length
    case .center:
      let newLength: Double =
        switch latest {
        case .leading: 2 * (value - start)
        case .trailing: 2 * (end - value)
        default: length
        }
      length = max(0, newLength)
      start = value - length / 2
    case .length:
      let newLength = max(0, value)
      switch latest {
      case .trailing: start = end - newLength
      case .center: start = middle - newLength / 2
      default: break
      }
      length = newLength
    }
  }
}
