import Katana

/// The app's managers, built once by the store and handed to every side effect.
public final class AppDependencies: SideEffectDependencyContainer {
  public let catalog: CatalogManager

  /// The app's own container: the offline catalog.
  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    catalog = .offline
  }

  /// A container with the given catalog, for tests.
  public init(catalog: CatalogManager) {
    self.catalog = catalog
  }
}
