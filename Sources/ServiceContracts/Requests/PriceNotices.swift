import Foundation
import UseCases

/// The ambiguous prices (`AmbiguousPrice`) met while an input is decoded: `PriceValue` adds each
/// one it reads, with its field's path, to the collector of the decoding under way, so every
/// decoder of a price notes it the same way without a second channel through each request type.
/// The edge says them (stderr, or the answer's `warnings`).
package final class PriceNotices: @unchecked Sendable {
  @TaskLocal static var current: PriceNotices?

  private let lock = NSLock()
  private var items: [AmbiguousPrice] = []

  init() {}

  /// Notes `reading` at `field` if it is ambiguous, in the decoding under way (if any collects).
  package static func note(_ reading: PriceReading, at field: String) {
    guard let notice = AmbiguousPrice.of(reading, at: field), let current else { return }
    current.lock.withLock { current.items.append(notice) }
  }

  /// Runs `body` (a decoding) and returns its value with the ambiguous prices it read, in order.
  package static func collect<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (value: T, ambiguous: [AmbiguousPrice]) {
    let collector = PriceNotices()
    let result = $current.withValue(collector) { () -> Result<T, E> in
      do throws(E) { return .success(try body()) } catch { return .failure(error) }
    }
    return (try result.get(), collector.lock.withLock { collector.items })
  }
}
