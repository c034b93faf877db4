/// The mounted nodes by id, without hashing: a node's id encodes its slot in an array, plus a
/// generation that changes each time the slot is reused, so ids stay unique for the renderer's
/// life and a stale id never finds a newer node.
///
/// Id layout: `generation << 32 | (slot + 1)`; 0 stays free for ``NodeID/container``.
@MainActor
struct NodeTable {
  private var slots: [(any AnyNode)?] = []
  private var generations: [Int] = []
  private var freeSlots: [Int] = []
  private(set) var count = 0

  /// Reserves a slot and returns the id of the node about to occupy it.
  mutating func allocateID() -> NodeID {
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      generations[slot] += 1
    } else {
      slot = slots.count
      slots.append(nil)
      generations.append(0)
    }
    return NodeID(rawValue: generations[slot] << 32 | (slot + 1))
  }

  private func slot(of id: NodeID) -> Int? {
    let slot = (id.rawValue & 0xFFFF_FFFF) - 1
    guard slot >= 0, slot < slots.count, generations[slot] == id.rawValue >> 32 else { return nil }
    return slot
  }

  subscript(id: NodeID) -> (any AnyNode)? {
    slot(of: id).flatMap { slots[$0] }
  }

  mutating func insert(_ node: any AnyNode) {
    guard let slot = slot(of: node.id) else { return }
    if slots[slot] == nil { count += 1 }
    slots[slot] = node
  }

  /// Frees the node's slot for reuse under a new generation.
  mutating func remove(_ id: NodeID) {
    guard let slot = slot(of: id), slots[slot] != nil else { return }
    slots[slot] = nil
    freeSlots.append(slot)
    count -= 1
  }
}
