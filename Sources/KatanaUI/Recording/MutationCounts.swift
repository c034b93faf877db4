/// How many mutations of each kind a ``RecordingBackend`` received; mutations nested in
/// ``Mutation/animate(_:_:)`` count too.
public struct MutationCounts: Hashable, Sendable, CustomStringConvertible {
  /// How many `create` mutations.
  public var create = 0
  /// How many `updateProps` mutations.
  public var updateProps = 0
  /// How many `insert` mutations.
  public var insert = 0
  /// How many `move` mutations.
  public var move = 0
  /// How many `remove` mutations.
  public var remove = 0
  /// How many `setFrame` mutations.
  public var setFrame = 0
  /// How many `animate` mutations.
  public var animate = 0
  /// How many `command` mutations.
  public var command = 0

  /// All zero.
  public init() {}

  /// Creates counts; unspecified kinds are zero.
  public init(
    create: Int = 0, updateProps: Int = 0, insert: Int = 0, move: Int = 0, remove: Int = 0, setFrame: Int = 0,
    animate: Int = 0, command: Int = 0
  ) {
    self.create = create
    self.updateProps = updateProps
    self.insert = insert
    self.move = move
    self.remove = remove
    self.setFrame = setFrame
    self.animate = animate
    self.command = command
  }

  /// Counts `mutations`, recursing into animated groups.
  public init(_ mutations: [Mutation]) {
    for mutation in mutations { add(mutation) }
  }

  mutating func add(_ mutation: Mutation) {
    switch mutation {
    case .create: create += 1
    case .updateProps: updateProps += 1
    case .insert: insert += 1
    case .move: move += 1
    case .remove: remove += 1
    case .setFrame: setFrame += 1
    case .command: command += 1
    case .animate(_, let nested):
      animate += 1
      for inner in nested { add(inner) }
    }
  }

  /// A readable form for logs and test failures.
  public var description: String {
    "create \(create), updateProps \(updateProps), insert \(insert), move \(move), remove \(remove), "
      + "setFrame \(setFrame), animate \(animate), command \(command)"
  }
}
