/// Caps how often frames are drawn: at most one per ``minimumInterval``.
///
/// A pure state machine on time offsets (the time elapsed on some clock since a fixed start), so
/// the event loop can drive it with the real clock and tests with a manual one. A request inside
/// the interval is deferred to the interval's end, never dropped, so the latest state is always
/// drawn.
public struct FrameLimiter: Hashable, Sendable {
  /// The shortest time between two frames.
  public let minimumInterval: Duration
  private var lastFrame: Duration?

  /// A limiter for at most `maximumFramesPerSecond` frames a second (values below 1 count as 1).
  public init(maximumFramesPerSecond: Int) {
    minimumInterval = .seconds(1) / max(1, maximumFramesPerSecond)
  }

  /// When a frame requested at `now` may be drawn: `now` itself, or the end of the interval that
  /// started with the last frame.
  public func frameTime(requestedAt now: Duration) -> Duration {
    guard let lastFrame else { return now }
    return max(now, lastFrame + minimumInterval)
  }

  /// Records that a frame was drawn at `time`.
  public mutating func recordFrame(at time: Duration) {
    lastFrame = time
  }
}
