// The core's contained tricks against their portable forms, one call per loop iteration, for
// callgrind (BENCHMARKS.md, "Tricks"). A standalone copy of each trick on a one-`Int` struct, so
// it builds with `swiftc -O` alone:
//   swiftc -O Benchmarks/Tricks/tricks.swift -o /tmp/tricks
//   valgrind --tool=callgrind /tmp/tricks bitcast 1000   (and 11000: the difference / 10,000)
// Modes: none (the empty loop), bitcast (Sources/Katana/Store/OpenedItem.swift), cast (`as!`, its
// portable form).
protocol Item: Sendable {}
struct Bump: Item { var index: Int }

@inline(never) func openedItem<T>(_ item: any Item, as _: T.Type) -> T {
  func open<U: Item>(_ opened: U) -> T {
    precondition(U.self == T.self)
    return unsafeBitCast(opened, to: T.self)
  }
  return open(item)
}

@inline(never) func openedItemPortably<T>(_ item: any Item, as _: T.Type) -> T { item as! T }

let mode = CommandLine.arguments[1]
let count = Int(CommandLine.arguments[2])!
let items: [any Item] = [Bump(index: 1)]
var sum = 0
switch mode {
case "bitcast": for _ in 0..<count { sum &+= openedItem(items[0], as: Bump.self).index }
case "cast": for _ in 0..<count { sum &+= openedItemPortably(items[0], as: Bump.self).index }
default: for index in 0..<count { sum &+= index & 1 }
}
print(sum)
