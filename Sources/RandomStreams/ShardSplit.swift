extension StreamLayout {
  /// The chunks shard `shard` of `shards` runs, of a run of `chunkCount` chunks: the contiguous
  /// `shard`-th of `shards` near-equal ranges,
  ///
  ///     floor(chunkCount * shard / shards) ..< floor(chunkCount * (shard + 1) / shards)
  ///
  /// The ranges of shards 0 ..< shards are consecutive and cover 0 ..< chunkCount exactly once
  /// (some are empty when there are more shards than chunks), and since chunk k draws its
  /// stream whoever runs it, the shards' integer counts add up to the whole run's exactly
  /// (`SimulationTape` in Simulation records and merges them; docs/shards.md).
  package static func shardChunks(_ chunkCount: Int, shard: Int, of shards: Int) -> Range<Int> {
    precondition(shards >= 1 && (0..<shards).contains(shard), "shard \(shard) of \(shards)")
    return (chunkCount * shard / shards)..<(chunkCount * (shard + 1) / shards)
  }
}
