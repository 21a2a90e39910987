import Simulation

/// How a job's simulations run (docs/shards.md): whole; as one shard of N, recording its share of
/// every simulation for `mcsim merge`; or replaying the shards' recorded parts. A job hands
/// `tape` to every simulation in its options (`SimulationOptions.tape`), and prints nothing
/// while it records.
package struct ShardExecution: Sendable {
  /// The recording or the replay; nil for a whole run.
  package let tape: SimulationTape?
  /// The shard recorded, when recording.
  package let shard: SimulationTape.Shard?

  package static let whole = ShardExecution(tape: nil, shard: nil)

  /// Shard `index` of `count` (from 0), recording; refused under `shard` when out of range.
  package static func recording(index: Int, count: Int) throws(InputError) -> ShardExecution {
    let shard = try SimulationTape.Shard(index: index, count: count)
    return ShardExecution(tape: SimulationTape(recording: shard), shard: shard)
  }

  /// The recorded parts replayed, each simulation checked against the model its shards
  /// recorded (`source` names the parts in a refusal).
  package static func replaying(_ calls: [[JointScoreHistogram]], digests: [String], source: String) -> ShardExecution {
    ShardExecution(tape: SimulationTape(replaying: calls, digests: digests, source: source), shard: nil)
  }

  /// Whether this run records a shard (and so prints nothing).
  package var isRecording: Bool { tape?.isRecording ?? false }
  /// What a replay has left over: simulations the parts hold that the run never asked for.
  package var remaining: Int { tape?.remaining ?? 0 }
}
