#if canImport(CoreGraphics)
  public import CoreGraphics

  extension Point {
    /// Converts a Core Graphics point.
    public init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
    /// This point as a Core Graphics point.
    public var cgPoint: CGPoint { CGPoint(x: x, y: y) }
  }

  extension Size {
    /// Converts a Core Graphics size.
    public init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
    /// This size as a Core Graphics size.
    public var cgSize: CGSize { CGSize(width: width, height: height) }
  }

  extension Rect {
    /// Converts a Core Graphics rectangle.
    public init(_ rect: CGRect) { self.init(origin: Point(rect.origin), size: Size(rect.size)) }
    /// This rectangle as a Core Graphics rectangle.
    public var cgRect: CGRect { CGRect(origin: origin.cgPoint, size: size.cgSize) }
  }
#endif
