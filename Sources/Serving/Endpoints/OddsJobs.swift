import Foundation
import LineFeeds
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
    var prices: [PriceReading] = []
    var ambiguous: [AmbiguousPrice] = []
    // Each price on its own, by the one rule (`PriceReading`), so every bad one is named at once.
    for (i, p) in request.prices.enumerated() {
      do {
        let reading = try p.read()
        prices.append(reading)
        if let notice = AmbiguousPrice.of(reading, at: "prices[\(i)]") { ambiguous.append(notice) }
      } catch {
        problems.add("prices[\(i)]", p.description, "\(error)")
      }
    }
    let (methods, refused) = Devigging.methods(named: request.method?.names ?? [Devigging.defaultMethod])
    for e in refused { problems.add(e.field, e.value, e.reason) }
    if let e = Devigging.outcomesProblem(request.outcomes, prices: request.prices.count) { problems.add(e) }
    try problems.throwIfAny()
    let job: Devigging
    do { job = try Devigging(prices: prices, outcomes: request.outcomes, methods: methods) } catch {
      throw APIError.invalid(field: error.field, value: error.value, message: error.reason)
    }
    let warnings = ambiguous.map(PriceWarningText.message)
    return SimulationJob(cost: job.size * costPerUnit) {
      let answer = job.run()
      var response = DevigResponse(market: answer.market, results: answer.results)
      if !warnings.isEmpty { response.warnings = warnings }
      return try JSONResponse.encode(response)
    }
  }

  /// The body is a quotes file or any odds feed `mcsim fair` reads; the query may set `sharp`
  /// (comma-separated), `method` and `as_of` (an ISO 8601 date or time, as `mcsim fair --as-of`).
  static func fair(_ body: Data, sharp: String?, method: String?, asOf: String?) throws -> SimulationJob {
    var problems = Problems(location: "query")
    var terms = FairQuoting.Terms()
    if let sharp {
      do { terms.sharpBooks = try FairQuoting.sharpBooks([sharp], field: "sharp") } catch {
        problems.add(error.field, sharp, error.reason)
      }
    }
    var quoting: FairQuoting?
    do { quoting = try FairQuoting(terms, methods: method.map { [$0] } ?? [], allowingAll: false) } catch {
      problems.add(error.field, error.value, error.reason)
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
    let (at, warnings) = (moment, ambiguous.map(PriceWarningText.message))
    return SimulationJob(cost: count * costPerUnit) { [quoting] in
      let report = quoting!.evaluate(quotes.quotes, rejected: quotes.rejected, asOf: at)[0]
      return try JSONResponse.encode(FairOddsAnswer(report, warnings: warnings))
    }
  }
}
