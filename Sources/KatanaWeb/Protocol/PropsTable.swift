import KatanaUI

/// The props objects of one message, each distinct one written once, in first-use order.
struct PropsTable {
  private(set) var entries = JSONWriter(capacity: 256)
  private var indices: [[UInt8]: Int] = [:]

  var count: Int { indices.count }

  /// The index of `props`' object (without frame and text) in the table, adding it if new.
  mutating func index(of props: any NodeDescriptionProps) -> Int {
    var object = JSONWriter(capacity: 32)
    PropsEncoder.write(props, into: &object)
    if let index = indices[object.bytes] { return index }
    let index = indices.count
    indices[object.bytes] = index
    if index > 0 { entries.byte(UInt8(ascii: ",")) }
    entries.append(object.bytes)
    return index
  }
}
