/// How a change is animated: its curve, duration and delay.
///
/// Durations are Swift `Duration`s measured on the renderer's injected clock.
public enum AnimationType: Hashable, Sendable {
  /// No animation: the change is applied at once.
  case none
  /// A linear animation.
  case linear(duration: Duration)
  /// A linear animation with options.
  case linearWithOptions(duration: Duration, options: AnimationOptions)
  /// A linear animation with options, started after a delay.
  case linearWithDelay(duration: Duration, options: AnimationOptions, delay: Duration)
  /// A spring animation; `damping` is the damping ratio (1 = no oscillation).
  case spring(duration: Duration, damping: Double, initialVelocity: Double)
  /// A spring animation with options.
  case springWithOptions(duration: Duration, damping: Double, initialVelocity: Double, options: AnimationOptions)
  /// A spring animation with options, started after a delay.
  case springWithDelay(
    duration: Duration, damping: Double, initialVelocity: Double, options: AnimationOptions, delay: Duration)

  /// The animation's own duration, without its delay; zero for ``none``.
  public var duration: Duration {
    switch self {
    case .none: .zero
    case .linear(let duration), .linearWithOptions(let duration, _), .linearWithDelay(let duration, _, _),
      .spring(let duration, _, _), .springWithOptions(let duration, _, _, _),
      .springWithDelay(let duration, _, _, _, _):
      duration
    }
  }

  /// The delay before the animation starts; zero unless a `…WithDelay` case.
  public var delay: Duration {
    switch self {
    case .linearWithDelay(_, _, let delay), .springWithDelay(_, _, _, _, let delay): delay
    default: .zero
    }
  }

  /// Delay plus duration: how long until the animated change is complete.
  public var totalDuration: Duration { delay + duration }

  /// Whether this animates at all (anything but ``none``).
  public var isAnimated: Bool { self != .none }
}

/// Curve and interaction options of an ``AnimationType``; backends honour what they can.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a value from raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Slow at both ends.
  public static let curveEaseInOut = AnimationOptions(rawValue: 1 << 0)
  /// Slow at the start.
  public static let curveEaseIn = AnimationOptions(rawValue: 1 << 1)
  /// Slow at the end.
  public static let curveEaseOut = AnimationOptions(rawValue: 1 << 2)
  /// Constant speed.
  public static let curveLinear = AnimationOptions(rawValue: 1 << 3)
  /// Views keep receiving events while animating.
  public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 4)
  /// Start from what is on screen, not from the last target.
  public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 5)
}
