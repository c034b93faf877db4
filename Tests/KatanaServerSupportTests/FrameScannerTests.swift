import Testing

@testable import KatanaServerSupport

/// A client frame's bytes: header (masked unless told otherwise), mask, masked payload.
func frame(
  opcode: UInt8, payloadCount: Int, fin: Bool = true, masked: Bool = true, rsv: UInt8 = 0, announced: UInt64? = nil
) -> [UInt8] {
  var bytes: [UInt8] = [(fin ? 0x80 : 0) | rsv << 4 | opcode]
  let length = announced ?? UInt64(payloadCount)
  let maskBit: UInt8 = masked ? 0x80 : 0
  if length <= 125 {
    bytes.append(maskBit | UInt8(length))
  } else if length <= 0xFFFF {
    bytes += [maskBit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
  } else {
    bytes.append(maskBit | 127)
    bytes += (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xFF) }
  }
  if masked { bytes += [1, 2, 3, 4] }
  return bytes + [UInt8](repeating: 0x61, count: payloadCount)
}

@Suite("Frame scanner: RFC 6455 and the message cap, on the header")
struct FrameScannerTests {
  @Test("valid frames, fragmented messages and control frames between fragments pass whole")
  func validFrames() {
    var scanner = FrameScanner(maximumMessageBytes: 1000)
    let bytes =
      frame(opcode: 1, payloadCount: 10) + frame(opcode: 2, payloadCount: 300, fin: false)
      + frame(opcode: 9, payloadCount: 125) + frame(opcode: 0, payloadCount: 700) + frame(opcode: 8, payloadCount: 2)
    // Byte by byte, as a slow client would send them.
    var accepted: [UInt8] = []
    for byte in bytes {
      let outcome = scanner.scan([byte])
      #expect(outcome.refusal == nil)
      accepted += outcome.accepted
    }
    #expect(accepted == bytes)
    #expect(scanner.largestMessageAccepted == 1000)
  }

  @Test("a 1 GiB frame header is refused with 1009 before any payload, and nothing of it is accepted")
  func hugeFrame() {
    var scanner = FrameScanner(maximumMessageBytes: 64 * 1024)
    let first = frame(opcode: 1, payloadCount: 5)
    let huge = frame(opcode: 2, payloadCount: 0, announced: 1 << 30)
    let outcome = scanner.scan(first + huge + [UInt8](repeating: 0, count: 4096))
    #expect(outcome.accepted == first)
    #expect(outcome.refusal == .tooLarge(bytes: 1 << 30, limit: 64 * 1024))
    #expect(outcome.refusal?.closeCode == 1009)
    #expect(outcome.refusal?.reason == "message of 1073741824 bytes exceeds the 65536-byte limit")
    // Once refused, nothing more passes.
    #expect(scanner.scan([0x81, 0x80, 1, 2, 3, 4]).accepted.isEmpty)
  }

  @Test("fragments whose total passes the cap are refused on the header of the one that passes it")
  func fragmentsOverCap() {
    var scanner = FrameScanner(maximumMessageBytes: 1000)
    let first = frame(opcode: 1, payloadCount: 600, fin: false)
    let outcome = scanner.scan(first + frame(opcode: 0, payloadCount: 0, announced: 401))
    #expect(outcome.accepted == first)
    #expect(outcome.refusal == .tooLarge(bytes: 1001, limit: 1000))
  }

  @Test(
    "frames against RFC 6455 are refused with 1002",
    arguments: [
      ("unmasked", frame(opcode: 1, payloadCount: 3, masked: false)),
      ("reserved bits", frame(opcode: 1, payloadCount: 3, rsv: 0b100)),
      ("reserved bit 3", frame(opcode: 1, payloadCount: 3, rsv: 0b001)),
      ("reserved data opcode", frame(opcode: 3, payloadCount: 3)),
      ("reserved control opcode", frame(opcode: 0xB, payloadCount: 3)),
      ("control over 125", frame(opcode: 9, payloadCount: 126)),
      ("fragmented control", frame(opcode: 10, payloadCount: 3, fin: false)),
      ("continuation first", frame(opcode: 0, payloadCount: 3)),
      ("new message inside one", frame(opcode: 1, payloadCount: 3, fin: false) + frame(opcode: 2, payloadCount: 3)),
      ("close with one byte", frame(opcode: 8, payloadCount: 1)),
      ("16-bit length under 126", [0x81, 0x80 | 126, 0, 5, 1, 2, 3, 4]),
      ("64-bit length under 65536", [0x81, 0x80 | 127, 0, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 4]),
      ("64-bit length with the top bit", [0x81, 0x80 | 127, 0x80, 0, 0, 0, 0, 0, 0, 1]),
    ] as [(String, [UInt8])])
  func protocolErrors(name: String, bytes: [UInt8]) {
    var scanner = FrameScanner(maximumMessageBytes: 1 << 20)
    let outcome = scanner.scan(bytes)
    guard case .protocolError = outcome.refusal else {
      Issue.record("\(name): \(outcome)")
      return
    }
    #expect(outcome.refusal?.closeCode == 1002, "\(name)")
  }

  @Test("fuzz: 120,000 random and mutated frame streams, in random chunks, never trap or pass a refused frame")
  func fuzz() {
    var random = SplitMix64(seed: 0x6A7A_4E41)
    let cap = 4096
    let seeds: [[UInt8]] = [
      frame(opcode: 1, payloadCount: 20) + frame(opcode: 9, payloadCount: 4),
      frame(opcode: 2, payloadCount: 300, fin: false) + frame(opcode: 0, payloadCount: 70_000, fin: true),
      frame(opcode: 1, payloadCount: 0, announced: 1 << 40),
      frame(opcode: 8, payloadCount: 2) + frame(opcode: 1, payloadCount: 4000),
    ]
    var refusals = 0
    // Counted rather than `#expect`ed per chunk: a quarter of a million expectations cost more
    // than the scanning (most of the run under ThreadSanitizer); the first bad input is kept.
    var violations = 0
    var firstViolation: Int?
    for iteration in 0..<120_000 {
      var bytes: [UInt8]
      if iteration % 2 == 0 {
        bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      } else {
        bytes = seeds[Int(random.next() % UInt64(seeds.count))]
        if bytes.count > 600 { bytes = Array(bytes.prefix(600)) }
        for _ in 0..<(1 + random.next() % 4) where !bytes.isEmpty {
          let index = Int(random.next() % UInt64(bytes.count))
          bytes[index] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
        }
      }
      var scanner = FrameScanner(maximumMessageBytes: cap)
      var offset = 0
      var refused = false
      var accepted: [UInt8] = []
      while offset < bytes.count {
        let size = min(bytes.count - offset, 1 + Int(random.next() % 32))
        let outcome = scanner.scan(bytes[offset..<(offset + size)])
        if refused, !outcome.accepted.isEmpty {
          violations += 1
          firstViolation = firstViolation ?? iteration
        }
        accepted += outcome.accepted
        if outcome.refusal != nil {
          if !refused { refusals += 1 }
          refused = true
        }
        offset += size
      }
      // What passes is always a prefix of what came, whatever the chunking.
      // Memory stays bounded: the scanner keeps at most one header, whatever the input.
      if !bytes.starts(with: accepted) || scanner.largestMessageAccepted > UInt64(cap) {
        violations += 1
        firstViolation = firstViolation ?? iteration
      }
    }
    #expect(violations == 0, "first at input \(firstViolation.map(String.init) ?? "none") (seed 0x6A7A_4E41)")
    #expect(refusals > 10_000)
  }
}

/// A seeded generator, so a failing fuzz input can be replayed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
