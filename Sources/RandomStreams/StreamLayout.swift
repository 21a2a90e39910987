/// Which stream every chunk of a run draws from: the one place that says how a run's random
/// numbers are laid out, for the game engine (`Simulation`) and for the trade engine
/// (`FantasyTrade`) alike.
///
/// A run of `n` draws is cut into fixed chunks of `chunkSize` draws; chunk k holds draws
/// k * chunkSize ..< min((k + 1) * chunkSize, n) and owns one stream of the counter-based
/// generator, named by the seed, the chunk index and what is being drawn. The stream never
/// depends on the thread that runs the chunk or on the order chunks run in, so a result made
/// only of per-chunk results (summed as integers, or merged in chunk order) is the same,
/// bit for bit, for any thread count and any split into shards (`shardChunks`).
///
/// Two keyings, because the two engines name what they draw differently:
///
/// - Games (`stream(game:chunk:)`): chunk k of game g of a slate draws stream
///   `(seed, g << 40 | k)`. Stream ids are 64 bits, so a game has room for 2^40 chunks and a
///   slate for 2^24 games; game 0 of a slate is the same game as a single run with that seed.
///   With `commonRandomNumbers` every game draws game 0's streams: variants of one game
///   (scenarios, finite differences, sweeps) then differ through the model only, not through
///   sampling noise.
/// - Named streams (`stream(named:chunk:)`): chunk k of the draws named `id` (a trade's
///   player, by `streamID(named:)`) draws stream `(Seed.derive(seed, k), id)`. The id is a
///   whole 64-bit hash, leaving no bits for the chunk, so the chunk goes into the key instead;
///   a player keeps his draws whatever else is simulated alongside him.
///
/// Changing anything here changes every published number: the golden outputs and the
/// value-stability tests pin it.
package struct StreamLayout: Hashable, Sendable {
  /// Draws per chunk of the game engine: large enough that a chunk's fixed costs (taking it,
  /// making its stream, flushing overflow scores) vanish next to 2^16 simulated games, small
  /// enough that a 10^6-game run still spreads over 16 chunks.
  package static let gameChunkSize = 1 << 16

  /// Stream ids of game g start at g << gameShift (room for 2^40 chunks per game).
  package static let gameShift: UInt64 = 40

  package let seed: UInt64
  /// Draws per chunk (fixed for a run, so results do not depend on the thread count).
  package let chunkSize: Int
  /// Whether every game draws game 0's streams.
  package let commonRandomNumbers: Bool

  package init(seed: UInt64, chunkSize: Int = StreamLayout.gameChunkSize, commonRandomNumbers: Bool = false) {
    precondition(chunkSize >= 1, "a chunk holds at least one draw")
    self.seed = seed
    self.chunkSize = chunkSize
    self.commonRandomNumbers = commonRandomNumbers
  }

  // MARK: - Chunks

  /// Chunks needed for `draws` draws (the last one possibly partial).
  @inlinable
  package func chunkCount(draws: Int) -> Int {
    (draws + chunkSize - 1) / chunkSize
  }

  /// Draws in chunk `chunk` of a run of `draws` draws.
  @inlinable
  package func draws(inChunk chunk: Int, of draws: Int) -> Int {
    min(chunkSize, draws - chunk * chunkSize)
  }

  /// The chunks of a run of `draws` draws, as (index, draws in it), computed lazily so that
  /// nothing grows with the number of draws.
  package func chunks(draws: Int) -> LazyMapSequence<Range<Int>, (index: Int, count: Int)> {
    (0..<chunkCount(draws: draws)).lazy.map { [self] in ($0, self.draws(inChunk: $0, of: draws)) }
  }

  // MARK: - Game streams

  /// The stream id of chunk `chunk` of game `game` of a slate: `game << 40 | chunk`, or game 0's
  /// with common random numbers.
  @inlinable
  package func streamID(game: Int, chunk: Int) -> UInt64 {
    let g = commonRandomNumbers ? 0 : UInt64(game)
    return g << Self.gameShift | UInt64(chunk)
  }

  /// The stream chunk `chunk` of game `game` draws, at its first block.
  @inlinable
  package func stream(game: Int, chunk: Int) -> RandomStream {
    RandomStream(seed: seed, id: streamID(game: game, chunk: chunk))
  }

  // MARK: - Named streams

  /// The stream chunk `chunk` of the draws named `id` draws, at its first block.
  @inlinable
  package func stream(named id: UInt64, chunk: Int) -> RandomStream {
    RandomStream(seed: Seed.derive(seed, UInt64(chunk)), id: id)
  }

  /// The id of the draws named `name` (a player's id): FNV-1a (64 bit) of its UTF-8, so the
  /// same name always gets the same draws, whatever the order or content of the input files.
  package static func streamID(named name: String) -> UInt64 {
    var hash = FNV1a()
    hash.add(name)
    return hash.value
  }
}
