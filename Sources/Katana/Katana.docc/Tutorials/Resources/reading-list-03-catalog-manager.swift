/// Finds a book's title from its ISBN.
///
/// A manager is passive: it never dispatches and never reads the store. Side effects reach it
/// through the dependency container, so a test hands the store a catalog of its own.
public struct CatalogManager: Sendable {
  private let lookUp: @Sendable (String) async throws -> String

  /// A catalog that answers with `lookUp`.
  public init(lookUp: @escaping @Sendable (String) async throws -> String) {
    self.lookUp = lookUp
  }

  /// The title of the book with this ISBN.
  public func title(isbn: String) async throws -> String {
    try await lookUp(isbn)
  }

  /// A small catalog that needs no network.
  public static let offline = CatalogManager { isbn in
    let titles = ["9780441013593": "Dune", "9780547928227": "The Hobbit", "9780143127550": "To Kill a Mockingbird"]
    guard let title = titles[isbn] else { throw CatalogError.unknownISBN(isbn) }
    return title
  }
}

/// Why the catalog found no title.
public enum CatalogError: Error, Equatable {
  /// No book has this ISBN.
  case unknownISBN(String)
}
