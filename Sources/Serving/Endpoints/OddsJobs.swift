import Foundation
import LineFeeds
import OddsMath
import Renderers
import ServiceContracts
import UseCases

/// `POST /api/odds/devig` and `POST /api/odds/fair`: the odds library over HTTP. Neither draws
/// a random number, but both are admitted by their cost like a simulation (`MCSimServer.compute`):
/// a body at the size limit is thousands of quotes, and answers grow with outcomes x methods.
enum OddsJobs {
  /// The most outcomes of one devig market (a golf field is about 156).
  static let maxOutcomes = 200
  /// The most quotes of one fair-odds request (a full NBA slate from 40 books is about 3,000).
  static let maxQuotes = 50_000
  /// What one outcome or quote costs next to one simulated game, for admission: a devig by an
  /// iterative method solves for each outcome about this many times.
  static let costPerUnit = 64

  /// `{"prices": ["-110", 2.05, "10/11"], "outcomes": ["over", "under"]?, "method": "power" | "all" | [..]?}`
  struct DevigBody: Decodable {
    var prices: [WrittenPrice]
    var outcomes: [String]?
    var method: MethodList?
  }

  struct MethodList: Decodable {
    let names: [String]
    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      if let one = try? c.decode(String.self) { names = [one] } else { names = try c.decode([String].self) }
    }
  }

  static func devig(_ body: Data) throws -> SimulationJob {
    let request: DevigBody
    do { request = try InputDecodingError.decode(DevigBody.self, from: body) } catch {
      throw APIError.invalid(field: "body", value: "", message: error.description)
    }
    guard request.prices.count <= maxOutcomes else {
      throw APIError.invalid(
        field: "prices", value: "\(request.prices.count) prices", message: "at most \(maxOutcomes) outcomes in one market")
    }
    var problems = Problems()
    var prices: [Odds] = []
    var ambiguous: [AmbiguousPrice] = []
    // Each price on its own, by the one rule (`PriceReading`), so every bad one is named at once.
    for (i, p) in request.prices.enumerated() {
      do {
        let reading = try p.read()
        prices.append(reading.odds)
        if let notice = AmbiguousPrice.of(reading, at: "prices[\(i)]") { ambiguous.append(notice) }
      } catch {
        problems.add("prices[\(i)]", p.description, "\(error)")
      }
    }
    var methods: [DevigMethod] = []
    for name in request.method?.names ?? [DevigMethod.default.rawValue] {
      if name.lowercased() == "all" {
        methods += DevigMethod.allCases.filter { !methods.contains($0) }
        continue
      }
      do {
        let method = try DevigMethod(name: name)
        if !methods.contains(method) { methods.append(method) }
      } catch {
        problems.add("method", name, "must be one of \(DevigMethod.allCases.map(\.rawValue).joined(separator: ", ")) or all")
      }
    }
    if let outcomes = request.outcomes, outcomes.count != request.prices.count {
      problems.add("outcomes", "\(outcomes.count) names", "needs one name per price (\(request.prices.count))")
    }
    try problems.throwIfAny()
    let market: Market
    do { market = try Market(prices: prices, outcomes: request.outcomes) } catch {
      throw APIError.invalid(field: "prices", value: "\(request.prices.count) prices", message: "\(error)")
    }
    let chosen = methods, warnings = ambiguous.map(PriceWarningText.message)
    return SimulationJob(cost: prices.count * chosen.count * costPerUnit) {
      var response = DevigResponse(market: market, results: chosen.map { market.devig($0) })
      if !warnings.isEmpty { response.warnings = warnings }
      return try JSONResponse.encode(response)
    }
  }

  /// The body is a quotes file or any odds feed `mcsim fair` reads; the query may set `sharp`
  /// (comma-separated), `method` and `as_of` (an ISO 8601 date or time, as `mcsim fair --as-of`).
  static func fair(_ body: Data, sharp: String?, method: String?, asOf: String?) throws -> SimulationJob {
    var problems = Problems(location: "query")
    var policy = FairOddsPolicy()
    if let sharp {
      let books = sharp.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      if books.isEmpty { problems.add("sharp", sharp, "must name at least one book") } else { policy.sharpBooks = books }
    }
    if let method {
      do { policy.method = try DevigMethod(name: method) } catch {
        problems.add("method", method, "must be one of \(DevigMethod.allCases.map(\.rawValue).joined(separator: ", "))")
      }
    }
    var moment: Date?
    if let asOf {
      // The CLI's --as-of rule: an ISO date (midnight UTC) or date-time.
      moment = Timestamp.parseDateOrTime(asOf)
      if moment == nil { problems.add("as_of", asOf, "must be an ISO 8601 date or time like 2026-04-01 or 2026-04-01T18:00:00Z") }
    }
    try problems.throwIfAny()
    let feed: Feed
    let ambiguous: [AmbiguousPrice]
    do { (feed, ambiguous) = try PriceNotices.collect { try FeedDecoder.decode(body, format: nil, priceFormat: nil) } } catch {
      throw APIError.invalid(field: "body", value: "", message: "\(error)")
    }
    let quotes = feed.decodedQuotes
    let count = quotes.quotes.count + quotes.rejected.count
    guard count <= maxQuotes else {
      throw APIError.invalid(field: "body", value: "\(count) quotes", message: "at most \(maxQuotes) quotes in one request")
    }
    let (chosen, at, warnings) = (policy, moment, ambiguous.map(PriceWarningText.message))
    return SimulationJob(cost: count * costPerUnit) {
      try JSONResponse.encode(
        FairOddsAnswer(FairOdds.evaluate(quotes, policy: chosen, asOf: at), warnings: warnings))
    }
  }
}
