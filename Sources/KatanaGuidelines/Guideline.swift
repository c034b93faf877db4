/// One of the Katana app guidelines that the checker enforces, with the identifier that names it
/// in findings and in ignore comments.
///
/// Each guideline has one check; <doc:CheckingAnApp> lists what every check can and cannot see.
public enum Guideline: String, CaseIterable, Sendable {
  /// <doc:ManagersArePassive>: a `…Manager` type does not dispatch, does not read the store's
  /// state, holds no store or side-effect context, keeps no mutable stored state, and receives the
  /// managers it uses through its initializer.
  case passiveManagers = "passive-managers"
  /// <doc:ObserversBringTheOutsideWorldIn>: in the logic, only side effects and `…Observer` types
  /// dispatch, and observers are created by the dependency container.
  case observers = "observers"
  /// <doc:SimpleSideEffects>: a side effect does not dispatch another side effect of its own
  /// namespace, and has few stored properties and a short body.
  case simpleSideEffects = "simple-side-effects"
  /// <doc:NamespacesAndVisibility>: state updaters and side effects live in a namespace, and the
  /// ones only their own file uses are `fileprivate` or `private`.
  case namespaces = "namespaces"
  /// <doc:DocumentedInterfaces>: dispatchables visible outside their file, and managers'
  /// non-private methods, have documentation comments that cover their parameters.
  case documentation = "documentation"
  /// <doc:ProjectLayout>: an app target's sources are under `Logic/`, `State/` and `UI/`, each
  /// logic module in a folder, the dependency container at the top of `Logic/`.
  case layout = "layout"

  /// The short identifier used in findings (`[passive-managers]`) and ignore comments.
  public var identifier: String { rawValue }

  /// The identifier of findings about the ignore comments themselves (no reason, an unknown
  /// identifier, nothing silenced). They cannot be silenced.
  public static let ignoreCommentIdentifier = "ignore"
}
