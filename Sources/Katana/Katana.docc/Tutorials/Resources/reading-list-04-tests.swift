import Katana
import KatanaTesting
import ReadingListCore
import Testing

@Test func addingABookGivesItTheNextIdOnce() async {
  let store = TestStore<ReadingListState, AppDependencies>(initialState: ReadingListState())
  await store.dispatch(BookActions.Add(title: "Dune")) {
    $0.books = [Book(id: 1, title: "Dune")]
  }
  await store.dispatch(BookActions.ToggleRead(id: 1)) {
    $0.books[0].isRead = true
  }
  // A title already on the list: no closure, because nothing may change.
  await store.dispatch(BookActions.Add(title: "Dune"))
  await store.finish()
}

@Test func lookingUpAnISBNAddsItsTitle() async {
  let store = TestStore<ReadingListState, AppDependencies>(
    initialState: ReadingListState(),
    dependencies: { _, _ in AppDependencies(catalog: CatalogManager { _ in "The Left Hand of Darkness" }) }
  )
  await store.dispatch(BookActions.AddByISBN(isbn: "9780441478125"))
  await store.receive(BookActions.Add(title: "The Left Hand of Darkness")) {
    $0.books = [Book(id: 1, title: "The Left Hand of Darkness")]
  }
  await store.finish()
}
