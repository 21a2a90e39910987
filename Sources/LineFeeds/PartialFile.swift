import Foundation
import ServiceContracts
import Simulation

/// A shard's partial result (`--shard K/N --partial FILE`), version 4: a JSON header line, a
/// JSON body line, then the counts as bytes.
///
///   {"checksum":"<FNV-1a 64 of everything after this line, hex>","format":"mcsim-partial","version":4}
///   {"command":[...],"seed":42,"shard":{"count":3,"index":0},"mcsim":"0.2.0","calls":[[histogram, ...], ...],
///    "models":["<digest of call 1's models>", ...]}
///   <every histogram in order: its counts, then its overtime totals, as unsigned LEB128 varints>
///
/// `command` is the run's arguments without the shard options (the merge runs it again with the
/// summed histograms); `calls` holds the joint histograms of every simulate call of the run, in
/// order: each its grid, tallies, overflow and the byte lengths of its dense counts and of its
/// overtime totals (version 3: `JointScoreHistogram.overtimeTotals`, grid.totalBins counts) in
/// the blob (a zero costs one byte; about 50 KB for one game at sd 10). Binary counts rather than JSON
/// numbers or base64: merging reads them at memory speed. The checksum catches truncation and
/// bit flips (not tampering). `models` (version 2) holds, per call, `SimulationTape.digest` of
/// the models it simulated (every parameter, bit-exact, with simulations, seed and common
/// random numbers): the merge's replay recomputes it from the inputs as they are now and refuses
/// the parts if an input changed, even one that keeps the score grids. Version 4: the grids are
/// sized from the single-precision normals' reach (`ScoreGrid`), so a version 3 part, whose
/// grids are wider, is refused by its version rather than as a changed model.
package struct PartialFile: Sendable {
  package static let format = "mcsim-partial"
  package static let version = 4

  package var command: [String]
  package var seed: UInt64
  package var shard: SimulationTape.Shard
  package var mcsim: String
  package var calls: [[JointScoreHistogram]]
  /// Per call, the digest of the models it simulated (`SimulationTape.digest`).
  package var digests: [String]

  package init(
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
      /// Bytes of its overtime totals, right after its counts.
      let overtimeTotalBytes: Int
      enum CodingKeys: String, CodingKey {
        case grid, games, overtimeGames = "overtime_games", extraPeriods = "extra_periods", overflow
        case countBytes = "count_bytes", overtimeTotalBytes = "overtime_total_bytes"
      }

      /// Scores a histogram can hold: far beyond any sport, small enough that no sum of two wraps.
      static let scoreBound = 1_000_000

      /// A grid of sane size, and at least one byte per count it declares (every varint has
      /// one), so a file can never make the reader allocate more than its own size allows.
      var valid: Bool {
        guard grid.count == 4, (1...100_000).contains(grid[2]), (1...100_000).contains(grid[3]),
          abs(grid[0]) <= Self.scoreBound, abs(grid[1]) <= Self.scoreBound
        else { return false }
        return countBytes >= grid[2] * grid[3] && overtimeTotalBytes >= grid[2] + grid[3] - 1
      }

      /// The overflow as scores and counts; nil when an entry is malformed or the counts wrap.
      var overflowScores: [FinalScore: UInt64]? {
        var out: [FinalScore: UInt64] = [:]
        for o in overflow {
          guard o.count == 3, o[2] >= 0, abs(o[0]) <= Self.scoreBound, abs(o[1]) <= Self.scoreBound else { return nil }
          let (sum, wrapped) = out[FinalScore(home: o[0], away: o[1]), default: 0].addingReportingOverflow(UInt64(o[2]))
          if wrapped { return nil }
          out[FinalScore(home: o[0], away: o[1])] = sum
        }
        return out
      }

      /// Its counts and overtime totals (decoded) against its tallies: every game is a count or
      /// an overflow score, every overtime game an overtime total or an overflow score (only
      /// overtime leaves the grid).
      func consistent(counts: UInt64, overtimeTotals: UInt64, overflow: [FinalScore: UInt64]) -> Bool {
        var outside: UInt64 = 0
        for n in overflow.values {
          let (s, wrapped) = outside.addingReportingOverflow(n)
          if wrapped { return false }
          outside = s
        }
        let (all, w1) = counts.addingReportingOverflow(outside), (ot, w2) = overtimeTotals.addingReportingOverflow(outside)
        return !w1 && !w2 && all == games && ot == overtimeGames && overtimeGames <= games
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
  package func encoded() throws -> Data {
    var blob: [UInt8] = []
    let metadata = calls.map { $0.map { Self.encode($0, into: &blob) } }
    let body = Body(command: command, seed: seed, shard: shard, mcsim: mcsim, calls: metadata, models: digests)
    let encoder = ContractJSON.encoder()
    let rest = try encoder.encode(body) + Data("\n".utf8) + Data(blob)
    let header = try encoder.encode(Header(checksum: Self.checksum(rest), format: Self.format, version: Self.version))
    return header + Data("\n".utf8) + rest
  }

  /// A file checked and split, its counts not yet decoded: the body, and where each
  /// histogram's counts and overtime totals lie in `data`.
  struct Layout {
    let body: Body
    let data: Data
    let counts: [[Range<Data.Index>]]
    let overtimeTotals: [[Range<Data.Index>]]
  }

  /// Checks a file's header, checksum and body and locates its counts; the error says what is
  /// wrong with it.
  static func layout(_ data: Data) throws(PartialFileError) -> Layout {
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
    var counts: [[Range<Data.Index>]] = [], overtimeTotals: [[Range<Data.Index>]] = []
    for call in body.calls {
      var ranges: [Range<Data.Index>] = [], totalRanges: [Range<Data.Index>] = []
      for h in call {
        guard h.countBytes >= 0, h.overtimeTotalBytes >= 0, h.valid,
          rest.endIndex - offset >= h.countBytes, rest.endIndex - offset - h.countBytes >= h.overtimeTotalBytes
        else {
          throw .malformed("a histogram does not fit its grid")
        }
        ranges.append(offset..<(offset + h.countBytes))
        offset += h.countBytes
        totalRanges.append(offset..<(offset + h.overtimeTotalBytes))
        offset += h.overtimeTotalBytes
      }
      counts.append(ranges)
      overtimeTotals.append(totalRanges)
    }
    guard offset == rest.endIndex else { throw .malformed("bytes after the last histogram") }
    return Layout(body: body, data: data, counts: counts, overtimeTotals: overtimeTotals)
  }

  /// Reads a partial file; the error says what is wrong with it.
  package static func decode(_ data: Data) throws(PartialFileError) -> PartialFile {
    let layout = try layout(data)
    let body = layout.body
    var calls: [[JointScoreHistogram]] = []
    for ((call, ranges), totalRanges) in zip(zip(body.calls, layout.counts), layout.overtimeTotals) {
      var histograms: [JointScoreHistogram] = []
      for ((h, range), totalRange) in zip(zip(call, ranges), totalRanges) {
        guard let histogram = decode(h, counts: data[range], overtimeTotals: data[totalRange]) else {
          throw .malformed("a histogram does not fit its grid")
        }
        histograms.append(histogram)
      }
      calls.append(histograms)
    }
    return PartialFile(
      command: body.command, seed: body.seed, shard: body.shard, mcsim: body.mcsim, calls: calls, digests: body.models)
  }

  static func encode(_ h: JointScoreHistogram, into bytes: inout [UInt8]) -> Body.Histogram {
    func append(_ values: [UInt64]) {
      for var v in values {
        while v >= 0x80 {
          bytes.append(UInt8(v & 0x7f) | 0x80)
          v >>= 7
        }
        bytes.append(UInt8(v))
      }
    }
    let start = bytes.count
    append(h.counts)
    let totalsStart = bytes.count
    append(h.overtimeTotals)
    let g = h.grid
    return Body.Histogram(
      grid: [g.homeMin, g.awayMin, g.homeBins, g.awayBins], games: h.games, overtimeGames: h.overtimeGames,
      extraPeriods: h.extraPeriods,
      overflow: h.overflow.sorted { $0.key < $1.key }.map { [$0.key.home, $0.key.away, Int($0.value)] },
      countBytes: totalsStart - start, overtimeTotalBytes: bytes.count - totalsStart)
  }

  static func decode(
    _ h: Body.Histogram, counts bytes: Data.SubSequence, overtimeTotals totalBytes: Data.SubSequence
  ) -> JointScoreHistogram? {
    guard h.valid, let overflow = h.overflowScores else { return nil }
    let grid = ScoreGrid(homeMin: h.grid[0], awayMin: h.grid[1], homeBins: h.grid[2], awayBins: h.grid[3])
    var histogram = JointScoreHistogram(grid: grid)
    return add(h, overflow: overflow, counts: bytes, overtimeTotals: totalBytes, into: &histogram) ? histogram : nil
  }

  /// Adds one part's histogram (its metadata and its two blocks of varints) into `sum`; false,
  /// leaving `sum`'s tallies alone, when the varints do not fit the grid, a value or a sum would
  /// wrap, or the part's counts disagree with its own tallies.
  static func add(
    _ h: Body.Histogram, overflow: [FinalScore: UInt64], counts bytes: Data.SubSequence,
    overtimeTotals totalBytes: Data.SubSequence, into sum: inout JointScoreHistogram
  ) -> Bool {
    var countSum: UInt64?, totalSum: UInt64?
    let fits = sum.add(
      games: h.games, overtimeGames: h.overtimeGames, extraPeriods: h.extraPeriods, overflow: overflow
    ) { counts in
      countSum = bytes.withUnsafeBytes { addVarints($0, into: counts) }
      return countSum != nil
    } overtimeTotals: { totals in
      totalSum = totalBytes.withUnsafeBytes { addVarints($0, into: totals) }
      return totalSum != nil
    }
    return fits && h.consistent(counts: countSum!, overtimeTotals: totalSum!, overflow: overflow)
  }

  /// Adds the unsigned LEB128 varints in `bytes` to `counts`, one each, and returns their sum;
  /// nil unless there is exactly one per count, each a 64-bit value, and the sum does not wrap. A shard's counts are mostly below 128 (one byte each), often 0, so eight bytes
  /// without a continuation bit are eight counts at once, and eight zero bytes are skipped: a
  /// merge of 1,000 parts reads little else.
  static func addVarints(_ bytes: UnsafeRawBufferPointer, into counts: UnsafeMutableBufferPointer<UInt64>) -> UInt64? {
    // Only the part's total is checked: it must equal the part's games, and the merged games
    // are checked, so a count can wrap only where the games would (and the merge then fails).
    var i = 0, cell = 0
    var total: UInt64 = 0
    let n = bytes.count
    func add(_ value: UInt64, at c: Int) -> Bool {
      counts[c] &+= value
      let (t, wrapped) = total.addingReportingOverflow(value)
      total = t
      return !wrapped
    }
    while i < n {
      if i + 8 <= n {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        if word & 0x8080_8080_8080_8080 == 0 {
          guard cell + 8 <= counts.count else { return nil }
          if word != 0 {
            var sum: UInt64 = 0
            for k in 0..<8 {
              let v = (word >> (8 * UInt64(k))) & 0xff
              counts[cell + k] &+= v
              sum += v
            }
            let (t, wrapped) = total.addingReportingOverflow(sum)
            if wrapped { return nil }
            total = t
          }
          cell += 8
          i += 8
          continue
        }
      }
      var value: UInt64 = 0, shift: UInt64 = 0
      while true {
        // The tenth byte of a 64-bit value holds its top bit only.
        guard i < n, shift < 64, shift < 63 || bytes[i] <= 1 else { return nil }
        let byte = bytes[i]
        i += 1
        value |= UInt64(byte & 0x7f) << shift
        if byte & 0x80 == 0 { break }
        shift += 7
      }
      guard cell < counts.count, add(value, at: cell) else { return nil }
      cell += 1
    }
    return cell == counts.count ? total : nil
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
package enum PartialFileError: Error, Equatable, Sendable, CustomStringConvertible {
  case malformed(String)
  package var description: String {
    switch self {
    case .malformed(let s): s
    }
  }
}

/// Checks that parts belong to one run and adds them up, one part at a time (memory: one
/// part and the sum, whatever the number of parts): the tape a merge replays. Order-independent.
package struct PartialMerge {
  private var first: (name: String, file: PartialFile)?
  private var seen: [Int: String] = [:]
  private var sum: [[JointScoreHistogram]] = []
  /// A part failed halfway through its counts: the sums are no longer any run's.
  private var failed = false

  package init() {}

  /// Adds one part straight from its file's bytes: after the first, its counts are decoded
  /// into the running sums, never into a histogram of their own (a merge of 1,000 parts then
  /// allocates nothing per part). Says why the part does not belong, or what is wrong with it.
  package mutating func add(_ name: String, data: Data) throws(PartialFileError) {
    func named<T>(_ body: () throws(PartialFileError) -> T) throws(PartialFileError) -> T {
      do { return try body() } catch { throw .malformed("\(name): \(error.description)") }
    }
    guard first != nil else {
      try add(name, named { () throws(PartialFileError) in try PartialFile.decode(data) })
      return
    }
    let layout = try named { () throws(PartialFileError) in try PartialFile.layout(data) }
    let body = layout.body
    try check(
      name,
      PartialFile(command: body.command, seed: body.seed, shard: body.shard, mcsim: body.mcsim, calls: [], digests: body.models),
      grids: body.calls.map { $0.map { $0.grid } })
    // Added call by call; a part that fails halfway would leave the sums half-added, so the
    // merge stops there (the caller prints nothing on an error).
    for c in sum.indices {
      for g in sum[c].indices {
        let h = body.calls[c][g], range = layout.counts[c][g], totalRange = layout.overtimeTotals[c][g]
        guard let overflow = h.overflowScores,
          PartialFile.add(h, overflow: overflow, counts: layout.data[range], overtimeTotals: layout.data[totalRange], into: &sum[c][g])
        else {
          failed = true
          throw .malformed("\(name): a histogram does not fit its grid")
        }
      }
    }
    seen[body.shard.index] = name
  }

  /// Adds one part, or says why it does not belong.
  package mutating func add(_ name: String, _ part: PartialFile) throws(PartialFileError) {
    guard first != nil else {
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
    try check(name, part, grids: part.calls.map { $0.map { [$0.grid.homeMin, $0.grid.awayMin, $0.grid.homeBins, $0.grid.awayBins] } })
    seen[part.shard.index] = name
    for c in sum.indices {
      for g in sum[c].indices { sum[c][g].add(part.calls[c][g]) }
    }
  }

  /// Whether a part belongs to the run of the first (its histograms' grids as [home min, away
  /// min, home bins, away bins]).
  private func check(_ name: String, _ part: PartialFile, grids: [[[Int]]]) throws(PartialFileError) {
    guard let first, !failed else { throw .malformed("\(name): the merge already failed") }
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
    if grids != sum.map({ $0.map { [$0.grid.homeMin, $0.grid.awayMin, $0.grid.homeBins, $0.grid.awayBins] } }) {
      throw .malformed("\(name): its simulations differ from \(first.name)'s (another run?)")
    }
  }

  /// The parts added so far, by name.
  package var names: [String] { seen.keys.sorted().compactMap { seen[$0] } }

  /// The command, seed, summed histograms and each call's model digest, once every shard is in.
  package func result() throws(PartialFileError) -> (
    command: [String], seed: UInt64, calls: [[JointScoreHistogram]], digests: [String]
  ) {
    guard let first else { throw .malformed("no partial files given") }
    guard !failed else { throw .malformed("a part failed halfway: the sums are incomplete") }
    let count = first.file.shard.count
    let missing = (0..<count).filter { seen[$0] == nil }
    if !missing.isEmpty {
      throw .malformed(
        "missing shard\(missing.count > 1 ? "s" : "") \(missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", "))\(missing.count > 10 ? ", ..." : "")"
      )
    }
    return (first.file.command, first.file.seed, sum, first.file.digests)
  }
}
