import Foundation
import LineFeeds
import OddsMath
import ServiceContracts

/// `POST /api/odds/devig` and `POST /api/odds/fair`: the odds library over HTTP. Neither draws
/// a random number, so they answer on the event loop without entering the simulation pool.
enum OddsJobs {
  /// `{"prices": ["-110", 2.05, "10/11"], "outcomes": ["over", "under"]?, "method": "power" | "all" | [..]?}`
  struct DevigBody: Decodable {
    var prices: [PriceText]
    var outcomes: [String]?
    var method: MethodList?
  }

  /// A price as a JSON number (decimal odds) or a string (any format `Odds(parsing:)` reads).
  struct PriceText: Decodable {
    let text: String
    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      if let d = try? c.decode(Double.self) { text = "\(d)" } else { text = try c.decode(String.self) }
    }
  }

  struct MethodList: Decodable {
    let names: [String]
    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      if let one = try? c.decode(String.self) { names = [one] } else { names = try c.decode([String].self) }
    }
  }

  static func devig(_ body: Data) throws -> Data {
    let request: DevigBody
    do { request = try InputDecodingError.decode(DevigBody.self, from: body) } catch {
      throw APIError.invalid(field: "body", value: "", message: error.description)
    }
    var problems = Problems()
    var prices: [Odds] = []
    for (i, p) in request.prices.enumerated() {
      do { prices.append(try Odds(parsing: p.text)) } catch {
        problems.add("prices[\(i)]", p.text, error.description)
      }
    }
    var methods: [DevigMethod] = []
    for name in request.method?.names ?? [DevigMethod.default.rawValue] {
      if name.lowercased() == "all" {
        methods += DevigMethod.allCases
        continue
      }
      do { methods.append(try DevigMethod(name: name)) } catch {
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
    return try JSONResponse.encode(DevigResponse(market: market, results: methods.map { market.devig($0) }))
  }

  /// The body is a quotes file or any odds feed `mcsim fair` reads; the query may set `sharp`
  /// (comma-separated), `method` and `as_of` (an ISO 8601 date or time, as `mcsim fair --as-of`).
  static func fair(_ body: Data, sharp: String?, method: String?, asOf: String?) throws -> Data {
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
    do { feed = try FeedDecoder.decode(body, format: nil, priceFormat: nil) } catch {
      throw APIError.invalid(field: "body", value: "", message: "\(error)")
    }
    return try JSONResponse.encode(FairOdds.evaluate(feed.decodedQuotes, policy: policy, asOf: moment))
  }
}
