import NIOCore
import Synchronization

/// Something counted per client address under a cap: its open connections (`ClientConnections`)
/// and its pool work in flight, running or waiting (`MCSimServer.compute`: one address at its
/// cap is refused further heavy work, 429, while other addresses' work is still admitted, so a
/// client cannot fill the pool's queue for everyone).
final class ClientWork: Sendable {
  let limit: Int
  private let inFlight = Mutex<[String: Int]>([:])

  init(limit: Int) { self.limit = limit }

  /// The address a channel's client is counted by.
  static func address(of channel: any Channel) -> String { channel.remoteAddress?.ipAddress ?? "unknown" }

  /// Counts one for `address`; false (not counted) at the cap.
  func enter(_ address: String) -> Bool {
    inFlight.withLock { counts in
      guard counts[address, default: 0] < limit else { return false }
      counts[address, default: 0] += 1
      return true
    }
  }

  func leave(_ address: String) {
    inFlight.withLock { counts in
      counts[address, default: 1] -= 1
      if counts[address] == 0 { counts[address] = nil }
    }
  }
}
