/// The built-in entry and leave transformers.
public enum AnimationProps {
  /// Scales the frame around its center; `percentage` 0.5 halves width and height.
  public static func scale(percentage: Double) -> AnimationPropsTransformer {
    AnimationPropsTransformer { props in
      let frame = props.frame
      let width = frame.width * percentage
      let height = frame.height * percentage
      props.frame = Rect(x: frame.midX - width / 2, y: frame.midY - height / 2, width: width, height: height)
    }
  }

  /// Makes the child fully transparent (alpha 0).
  public static func fade() -> AnimationPropsTransformer {
    AnimationPropsTransformer { props in props.alpha = 0 }
  }

  /// Moves the child `distance` points to the left.
  public static func moveLeft(distance: Double = 1000) -> AnimationPropsTransformer {
    AnimationPropsTransformer { props in props.frame = props.frame.offsetBy(dx: -distance, dy: 0) }
  }

  /// Moves the child `distance` points to the right.
  public static func moveRight(distance: Double = 1000) -> AnimationPropsTransformer {
    AnimationPropsTransformer { props in props.frame = props.frame.offsetBy(dx: distance, dy: 0) }
  }
}
