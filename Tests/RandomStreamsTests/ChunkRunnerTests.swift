import RandomStreams
import Synchronization
import XCTest

/// The scheduler: every task once, and results independent of the thread count.
final class ChunkRunnerTests: XCTestCase {
  func testEveryTaskRunsExactlyOnceInIncreasingOrderPerWorker() {
    for threads in [1, 2, 7] {
      for n in [0, 1, 5, 100] {
        let counts = Mutex([Int](repeating: 0, count: n))
        let workers = Mutex<Set<Int>>([])
        ChunkRunner.run(tasks: n, threads: threads) { worker, tasks in
          workers.withLock { _ = $0.insert(worker) }
          var last = -1
          for task in tasks {
            XCTAssertGreaterThan(task, last)
            last = task
            counts.withLock { $0[task] += 1 }
          }
        }
        XCTAssertEqual(counts.withLock { $0 }, [Int](repeating: 1, count: n), "\(n) tasks on \(threads) threads")
        let started = workers.withLock { $0 }
        XCTAssertEqual(started, Set(0..<max(1, min(threads, n))))
      }
    }
  }

  /// Per-task results drawn from the layout's streams and summed per worker: the total is the
  /// same for 1, 2 and 7 threads, and `map` returns the slots in task order.
  func testResultsAreIdenticalForAnyThreadCount() {
    let layout = StreamLayout(seed: 31, chunkSize: 1000)
    let chunks = layout.chunkCount(draws: 25_500)
    func bits(_ task: Int) -> UInt64 {
      var stream = layout.stream(game: task % 3, chunk: task / 3)
      let u = stream.uniforms(layout.draws(inChunk: task / 3, of: 25_500))
      return u.reduce(0) { $0 &+ $1.bitPattern }
    }
    var reference: ([UInt64], UInt64)?
    for threads in [1, 2, 7] {
      let mapped = ChunkRunner.map(tasks: 3 * chunks, threads: threads, bits)
      let total = Mutex<UInt64>(0)
      ChunkRunner.run(tasks: 3 * chunks, threads: threads) { _, tasks in
        var sum: UInt64 = 0
        for task in tasks { sum &+= bits(task) }
        total.withLock { $0 &+= sum }
      }
      let result = (mapped, total.withLock { $0 })
      XCTAssertEqual(result.0, (0..<(3 * chunks)).map(bits))
      if let reference {
        XCTAssertEqual(result.0, reference.0, "threads \(threads)")
        XCTAssertEqual(result.1, reference.1, "threads \(threads)")
      } else {
        reference = result
      }
    }
  }
}
