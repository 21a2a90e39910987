import Foundation
import ServiceContracts
import Simulation

/// A shard's partial result (`--shard K/N --partial FILE`), version 2: a JSON header line, a
/// JSON body line, then the counts as bytes.
///
///   {"checksum":"<FNV-1a 64 of everything after this line, hex>","format":"mcsim-partial","version":2}
///   {"command":[...],"seed":42,"shard":{"count":3,"index":0},"mcsim":"0.2.0","calls":[[histogram, ...], ...],
///    "models":["<digest of call 1's models>", ...]}
///   <the counts of every histogram, in order: unsigned LEB128 varints>
///
/// `command` is the run's arguments without the shard options (the merge runs it again with the
/// summed histograms); `calls` holds the joint histograms of every simulate call of the run, in
/// order: each its grid, tallies, overflow and the byte length of its dense counts in the blob
/// (a zero costs one byte; about 50 KB for one game at sd 10). Binary counts rather than JSON
/// numbers or base64: merging reads them at memory speed. The checksum catches truncation and
/// bit flips (not tampering). `models` (version 2) holds, per call, `SimulationTape.digest` of
/// the models it simulated (every parameter, bit-exact, with simulations, seed and common
/// random numbers): the merge's replay recomputes it from the inputs as they are now and refuses
/// the parts if an input changed, even one that keeps the score grids.
public struct PartialFile: Sendable {
  public static let format = "mcsim-partial"
  public static let version = 2

  public var command: [String]
  public var seed: UInt64
  public var shard: SimulationTape.Shard
  public var mcsim: String
  public var calls: [[JointScoreHistogram]]
  /// Per call, the digest of the models it simulated (`SimulationTape.digest`).
  public var digests: [String]

  public init(
    command: [String], seed: UInt64, shard: SimulationTape.Shard, mcsim: String, calls: [[JointScoreHistogram]],
    digests: [String]
  ) {
    self.command = command
    self.seed = seed
    self.shard = shard
    self.mcsim = mcsim
    self.calls = calls
    self.digests = digests
  }

  struct Header: Codable {
    let checksum: String
    let format: String
    let version: Int
  }

  struct Body: Codable {
    struct Histogram: Codable {
      let grid: [Int]
      let games: UInt64
      let overtimeGames: UInt64
      let extraPeriods: UInt64
      let overflow: [[Int]]
      /// Bytes of this histogram's counts in the blob after the body line.
      let countBytes: Int
      enum CodingKeys: String, CodingKey {
        case grid, games, overtimeGames = "overtime_games", extraPeriods = "extra_periods", overflow
        case countBytes = "count_bytes"
      }
    }
    let command: [String]
    let seed: UInt64
    let shard: SimulationTape.Shard
    let mcsim: String
    let calls: [[Histogram]]
    let models: [String]
  }

  /// The file's bytes.
  public func encoded() throws -> Data {
    var blob: [UInt8] = []
    let metadata = calls.map { $0.map { Self.encode($0, into: &blob) } }
    let body = Body(command: command, seed: seed, shard: shard, mcsim: mcsim, calls: metadata, models: digests)
    let encoder = ContractJSON.encoder()
    let rest = try encoder.encode(body) + Data("\n".utf8) + Data(blob)
    let header = try encoder.encode(Header(checksum: Self.checksum(rest), format: Self.format, version: Self.version))
    return header + Data("\n".utf8) + rest
  }

  /// Reads a partial file; the error says what is wrong with it.
  public static func decode(_ data: Data) throws(PartialFileError) -> PartialFile {
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { throw .malformed("no header line (truncated?)") }
    let headerData = data[data.startIndex..<newline]
    let rest = data[data.index(after: newline)...]
    guard let header = try? ContractJSON.decoder().decode(Header.self, from: Data(headerData)) else {
      throw .malformed("the header line is not an mcsim partial header")
    }
    guard header.format == format else { throw .malformed("format '\(header.format)', expected '\(format)'") }
    guard header.version == version else {
      throw .malformed("format version \(header.version); this mcsim reads version \(version)")
    }
    guard checksum(rest) == header.checksum else {
      throw .malformed("checksum mismatch: the file is truncated or corrupt")
    }
    guard let bodyEnd = rest.firstIndex(of: UInt8(ascii: "\n")) else { throw .malformed("no body line") }
    let body: Body
    do { body = try ContractJSON.decoder().decode(Body.self, from: Data(rest[rest.startIndex..<bodyEnd])) } catch {
      throw .malformed("unreadable body: \(error)")
    }
    guard body.models.count == body.calls.count else {
      throw .malformed("\(body.models.count) model digests for \(body.calls.count) simulate calls")
    }
    var offset = rest.index(after: bodyEnd)
    var calls: [[JointScoreHistogram]] = []
    for call in body.calls {
      var histograms: [JointScoreHistogram] = []
      for h in call {
        guard h.countBytes >= 0, offset + h.countBytes <= rest.endIndex,
          let histogram = decode(h, counts: rest[offset..<(offset + h.countBytes)])
        else { throw .malformed("a histogram does not fit its grid") }
        offset += h.countBytes
        histograms.append(histogram)
      }
      calls.append(histograms)
    }
    guard offset == rest.endIndex else { throw .malformed("bytes after the last histogram") }
    return PartialFile(
      command: body.command, seed: body.seed, shard: body.shard, mcsim: body.mcsim, calls: calls, digests: body.models)
  }

  static func encode(_ h: JointScoreHistogram, into bytes: inout [UInt8]) -> Body.Histogram {
    let start = bytes.count
    for var v in h.counts {
      while v >= 0x80 {
        bytes.append(UInt8(v & 0x7f) | 0x80)
        v >>= 7
      }
      bytes.append(UInt8(v))
    }
    let g = h.grid
    return Body.Histogram(
      grid: [g.homeMin, g.awayMin, g.homeBins, g.awayBins], games: h.games, overtimeGames: h.overtimeGames,
      extraPeriods: h.extraPeriods,
      overflow: h.overflow.sorted { $0.key < $1.key }.map { [$0.key.home, $0.key.away, Int($0.value)] },
      countBytes: bytes.count - start)
  }

  static func decode(_ h: Body.Histogram, counts bytes: Data.SubSequence) -> JointScoreHistogram? {
    guard h.grid.count == 4, h.grid[2] > 0, h.grid[3] > 0, h.grid[2] <= 100_000, h.grid[3] <= 100_000 else { return nil }
    let grid = ScoreGrid(homeMin: h.grid[0], awayMin: h.grid[1], homeBins: h.grid[2], awayBins: h.grid[3])
    // Decoded straight into the array's storage: a merge reads millions of these.
    var ok = true
    let counts = [UInt64](unsafeUninitializedCapacity: grid.cellCount) { out, filled in
      filled = 0
      bytes.withUnsafeBytes { raw in
        var value: UInt64 = 0, shift: UInt64 = 0
        for byte in raw {
          guard shift < 64, filled < out.count else {
            ok = false
            return
          }
          value |= UInt64(byte & 0x7f) << shift
          if byte & 0x80 == 0 {
            out[filled] = value
            filled += 1
            value = 0
            shift = 0
          } else {
            shift += 7
          }
        }
        if shift != 0 { ok = false }
      }
    }
    guard ok, counts.count == grid.cellCount else { return nil }
    var overflow: [FinalScore: UInt64] = [:]
    for o in h.overflow {
      guard o.count == 3, o[2] >= 0 else { return nil }
      overflow[FinalScore(home: o[0], away: o[1]), default: 0] += UInt64(o[2])
    }
    return JointScoreHistogram(
      grid: grid, counts: counts, games: h.games, overtimeGames: h.overtimeGames, extraPeriods: h.extraPeriods,
      overflow: overflow)
  }

  /// FNV-1a over little-endian 64-bit words (then the 0-7 tail bytes one by one), 16 hex
  /// digits: a word at a time, so checking a part costs a fraction of reading it.
  static func checksum(_ data: Data.SubSequence) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let prime: UInt64 = 0x0000_0100_0000_01b3
    data.withUnsafeBytes { raw in
      let words = raw.count / 8
      for i in 0..<words {
        hash = (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))) &* prime
      }
      for byte in raw[(8 * words)...] { hash = (hash ^ UInt64(byte)) &* prime }
    }
    return String(hash, radix: 16).leftPadded(to: 16)
  }
}

extension String {
  fileprivate func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}

/// Why a partial file cannot be merged.
public enum PartialFileError: Error, Equatable, Sendable, CustomStringConvertible {
  case malformed(String)
  public var description: String {
    switch self { case .malformed(let s): s }
  }
}

/// Checks that parts belong to one run and adds them up, one part at a time (memory: one
/// part and the sum, whatever the number of parts): the tape a merge replays. Order-independent.
public struct PartialMerge {
  private var first: (name: String, file: PartialFile)?
  private var seen: [Int: String] = [:]
  private var sum: [[JointScoreHistogram]] = []

  public init() {}

  /// Adds one part, or says why it does not belong.
  public mutating func add(_ name: String, _ part: PartialFile) throws(PartialFileError) {
    guard let first else {
      self.first = (
        name,
        PartialFile(
          command: part.command, seed: part.seed, shard: part.shard, mcsim: part.mcsim, calls: [],
          digests: part.digests)
      )
      seen[part.shard.index] = name
      sum = part.calls
      return
    }
    let f = first.file
    if part.command != f.command || part.seed != f.seed || part.mcsim != f.mcsim {
      throw .malformed("\(name): belongs to another run than \(first.name) (command, seed or mcsim version differ)")
    }
    if part.shard.count != f.shard.count {
      throw .malformed("\(name): is shard \(part.shard) but \(first.name) is of \(f.shard.count) shards")
    }
    if let other = seen[part.shard.index] {
      throw .malformed("\(name): shard \(part.shard) is given twice (also \(other))")
    }
    if part.digests != f.digests {
      throw .malformed("\(name): simulated other models than \(first.name) (the inputs changed between the shards)")
    }
    if part.calls.map({ $0.map(\.grid) }) != sum.map({ $0.map(\.grid) }) {
      throw .malformed("\(name): its simulations differ from \(first.name)'s (another run?)")
    }
    seen[part.shard.index] = name
    for c in sum.indices {
      for g in sum[c].indices { sum[c][g].add(part.calls[c][g]) }
    }
  }

  /// The parts added so far, by name.
  public var names: [String] { seen.keys.sorted().compactMap { seen[$0] } }

  /// The command, seed, summed histograms and each call's model digest, once every shard is in.
  public func result() throws(PartialFileError) -> (
    command: [String], seed: UInt64, calls: [[JointScoreHistogram]], digests: [String]
  ) {
    guard let first else { throw .malformed("no partial files given") }
    let count = first.file.shard.count
    let missing = (0..<count).filter { seen[$0] == nil }
    if !missing.isEmpty {
      throw .malformed(
        "missing shard\(missing.count > 1 ? "s" : "") \(missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", "))\(missing.count > 10 ? ", ..." : "")")
    }
    return (first.file.command, first.file.seed, sum, first.file.digests)
  }
}
