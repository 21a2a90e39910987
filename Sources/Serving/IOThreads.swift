import NIOCore
import NIOPosix
import Synchronization

/// The HTTP event loops (`--io-threads`): NIO's shared group when the count is the cores, else
/// one group per count, made once and kept for the process, as NIO's own singleton is (servers
/// that a test starts and stops reuse it instead of leaving threads behind).
enum IOThreads {
  private static let groups = Mutex<[Int: MultiThreadedEventLoopGroup]>([:])

  static func group(_ count: Int) -> any EventLoopGroup {
    if count == System.coreCount { return MultiThreadedEventLoopGroup.singleton }
    return groups.withLock { groups in
      if let group = groups[count] { return group }
      let group = MultiThreadedEventLoopGroup(numberOfThreads: count)
      groups[count] = group
      return group
    }
  }
}
