/// The secret in a server's URL (KatanaWeb's `?token=…`, DevTools'): made, checked for shape,
/// and compared without leaking timing.
package enum AccessToken {
  /// 128 bits from the system's cryptographic generator, as 32 lowercase hex digits.
  package static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    let words = [generator.next(), generator.next()] as [UInt64]
    return words.map { word in
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// Whether `token` can be put in a URL and a page as is, and is long enough to be a secret.
  package static func isWellFormed(_ token: String) -> Bool {
    (16...256).contains(token.utf8.count)
      && token.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "_"):
          true
        default: false
        }
      }
  }

  /// Whether `candidate` equals `token`, in a time that depends only on `token`'s length: every
  /// byte is compared whatever the first difference, so response times reveal no prefix.
  package static func matches(_ candidate: String?, _ token: String) -> Bool {
    guard let candidate else { return false }
    let given = Array(candidate.utf8)
    let expected = Array(token.utf8)
    var difference: UInt8 = given.count == expected.count ? 0 : 1
    for index in expected.indices {
      difference |= expected[index] ^ (index < given.count ? given[index] : 0)
    }
    return difference == 0
  }
}
