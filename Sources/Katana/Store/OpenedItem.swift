/// `item` as `T`, the type its dynamic type was checked to be (the store matched the item's type
/// identifier with `T`'s): the end of an interceptor chain applies a known updater type this way.
///
/// The trick: the existential is opened as its stored type `U`, which is `T`, and bit cast to
/// `T`, an identity when `U` is `T` (checked). What it buys: `item as! T`, the portable way
/// (``openedItemPortably(_:as:)``), calls the runtime's dynamic cast on every item: 339
/// instructions per call against 35, about 300 per updater at the end of an interceptor chain
/// (callgrind, a one-`Int` struct, `swiftc -O`, Swift 6.3.1 on x86_64 Linux;
/// Benchmarks/Tricks/tricks.swift).
///
/// Swift's ABI is stable on every platform the package builds for, so the trick is used
/// everywhere for structs and enums; the portable form is what it must equal, and the tests check
/// that it does (OpenedItemTests), on Linux too. A class's applier takes the portable form: an
/// instance dispatched under a superclass's static type is stored under that type, not its own.
@inlinable
func openedItem<T>(_ item: any Dispatchable, as _: T.Type) -> T {
  func open<U: Dispatchable>(_ opened: U) -> T {
    // A trap, not a fallback to the dynamic cast: a branch that casts makes this function set up
    // for the cast on every call (82 instructions instead of 35, in the same loop).
    precondition(U.self == T.self, "openedItem: the item is not of the type it was checked to be")
    // `open` is generic over the opened type, so it is never specialised: a bit cast is one copy,
    // where `withUnsafePointer` and `withMemoryRebound` were two unspecialised calls.
    return unsafeBitCast(opened, to: T.self)
  }
  return open(item)
}

/// ``openedItem(_:as:)`` without the trick: a dynamic cast.
@inlinable
func openedItemPortably<T>(_ item: any Dispatchable, as _: T.Type) -> T {
  guard let typed = item as? T else {
    preconditionFailure("openedItemPortably: the item is not of the type it was checked to be")
  }
  return typed
}
