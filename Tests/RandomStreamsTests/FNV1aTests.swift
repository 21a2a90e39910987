import RandomStreams
import XCTest

/// FNV-1a 64 against the reference values of its authors' test suite.
final class FNV1aTests: XCTestCase {
  func testReferenceValues() {
    for (text, expected): (String, UInt64) in [
      ("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c),
      ("foobar", 0x8594_4171_f739_67e8),
    ] {
      var hash = FNV1a()
      hash.add(text)
      XCTAssertEqual(hash.value, expected, text)
    }
  }

  func testAWordIsItsEightBytesLeastSignificantFirst() {
    var byWord = FNV1a(), byBytes = FNV1a()
    byWord.add(word: 0x0102_0304_0506_0708)
    for b: UInt8 in [8, 7, 6, 5, 4, 3, 2, 1] { byBytes.add(byte: b) }
    XCTAssertEqual(byWord.value, byBytes.value)
    XCTAssertEqual(byWord.hex.count, 16)
  }
}
