import Testing

@testable import KatanaTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's `wcwidth`. Glibc's module map hides it (it needs `_XOPEN_SOURCE`), so it is
/// looked up at run time, like the pseudo-terminal calls.
private func systemWidth(_ value: UInt32) -> Int {
  #if canImport(Glibc)
    typealias WidthFunction = @convention(c) (Int32) -> Int32
    guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth") else { fatalError("no wcwidth") }
    return Int(unsafeBitCast(address, to: WidthFunction.self)(Int32(bitPattern: value)))
  #else
    return Int(wcwidth(wchar_t(bitPattern: value)))
  #endif
}

/// Runs `body` with this thread's locale set to C.UTF-8 (`uselocale`), so `wcwidth` measures
/// UTF-8 without touching the process-wide locale other tests may be using. `body` must not
/// suspend: it has to stay on this thread.
private func withUTF8Locale<Result>(_ body: () throws -> Result) throws -> Result {
  let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "the C.UTF-8 locale is missing")
  defer { freelocale(utf8) }
  let previous = uselocale(utf8)
  defer { uselocale(previous) }
  return try body()
}

@Suite("Character widths")
struct CharacterWidthTests {
  /// Code points whose width changed between the Unicode version of the C library and of the
  /// Swift runtime: U+1171E AHOM CONSONANT SIGN MEDIAL RA became a spacing mark in Unicode 14;
  /// glibc 2.36 still has it as a zero-width one.
  static let unicodeVersionDifferences: Set<UInt32> = [0x1171E]

  @Test("every assigned printable code point has the width the C library's wcwidth gives under C.UTF-8")
  func matchesWcwidth() throws {
    var compared = 0
    var mismatches: [String] = []
    try withUTF8Locale {
      for value in UInt32(0x20)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value), !Self.unicodeVersionDifferences.contains(value) else { continue }
        let expected = systemWidth(value)
        // -1: unassigned or not printable for the C library; unassigned for Swift: a newer
        // version of Unicode than the C library's may have assigned it since.
        guard expected >= 0, scalar.properties.generalCategory != .unassigned else { continue }
        compared += 1
        let actual = CharacterWidth.columns(of: scalar)
        if actual != expected {
          mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(actual), wcwidth \(expected)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    // Every plane in use was covered, not a handful of samples.
    #expect(compared > 250_000)
  }

  @Test("CJK, emoji and combining marks: spot checks against wcwidth")
  func samples() throws {
    let samples: [(UInt32, Int)] = [
      (0x61, 1), (0xE9, 1), (0x301, 0), (0x20AC, 1), (0x4E2D, 2), (0x725B, 2), (0x5976, 2), (0x3042, 2), (0xAC00, 2),
      (0xFF21, 2), (0x1F95B, 2), (0x1F600, 2), (0x1F44D, 2), (0x1F3FD, 2), (0x200D, 0), (0xFE0F, 0), (0x200B, 0),
      (0x1160, 0), (0x2764, 1), (0x0E31, 0), (0x20000, 2),
    ]
    for (value, width) in samples {
      let scalar = try #require(Unicode.Scalar(value))
      #expect(CharacterWidth.columns(of: scalar) == width, "U+\(String(value, radix: 16))")
      #expect(try withUTF8Locale { systemWidth(value) } == width, "wcwidth U+\(String(value, radix: 16))")
    }
  }

  @Test("a character is as wide as its widest code point; a string sums its characters")
  func clusters() {
    #expect(CharacterWidth.columns(of: "e\u{301}" as Character) == 1)
    #expect(CharacterWidth.columns(of: "👍🏽" as Character) == 2)
    #expect(CharacterWidth.columns(of: "👨‍👩‍👧" as Character) == 2)
    #expect(CharacterWidth.columns(of: "\u{1100}\u{1161}\u{11A8}" as Character) == 2)
    #expect(CharacterWidth.columns(of: "牛奶 🥛") == 7)
    #expect(CharacterWidth.columns(of: "Cafe\u{301} 牛奶 🥛!") == 13)
  }
}
