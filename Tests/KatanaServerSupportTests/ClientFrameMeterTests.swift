import Testing

@testable import KatanaServerSupport

@Suite("Client frame meter")
struct ClientFrameMeterTests {
  private func follow(_ bytes: [UInt8], cap: Int = 1024) -> ClientFrameMeter.Refusal? {
    var meter = ClientFrameMeter(maximumFrameBytes: cap)
    return bytes.withUnsafeBytes { meter.follow($0) }
  }

  @Test("masked frames within the cap pass, payloads skipped unread")
  func passes() {
    let frame: [UInt8] = [0x81, 0x83, 1, 2, 3, 4, 9, 9, 9]
    #expect(follow(frame + frame + [0x89, 0x80, 1, 2, 3, 4]) == nil)
  }

  @Test("each violation is refused on the header")
  func refusals() {
    #expect(follow([0x81, 0x03, 0x61]) == .unmasked)
    #expect(follow([0xC1, 0x80]) == .reservedBits)
    #expect(follow([0x09, 0x80]) == .fragmentedControlFrame)
    #expect(follow([0x89, 0xFE, 0, 200]) == .controlFrameTooLong)
    #expect(follow([0x82, 0xFF] + [0, 0, 0, 0, 0x40, 0, 0, 0]) == .tooLarge(bytes: 1 << 30, limit: 1024))
    #expect(follow([0x82, 0xFE, 0x04, 0x01], cap: 1024) == .tooLarge(bytes: 1025, limit: 1024))
  }

  @Test("random bytes never trap")
  func fuzz() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
      _ = follow(bytes)
    }
  }
}
