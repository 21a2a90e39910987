import Foundation
import ServiceContracts
import UseCases

/// `POST /api/trade_score` in both shapes: the Python API's (`player_in`/`player_out` objects;
/// the original's response plus the iOS fields and the simulated probability that the trade
/// pays off) and the iOS client's (`player_in_id`, `player_out_id`, `budget`, `current_team`,
/// answered from the configured player pool as `score`, `confidence`, `factors`,
/// `recommendation`, with the rest of the ranked trade beside them).
enum TradeJobs {
  static func job(_ body: Data, query: TradeQuery, pool: PoolFile?, seed: UInt64, threads: Int, ceiling: Int)
    throws(APIError) -> SimulationJob
  {
    let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    guard let object else {
      throw APIError.invalid(field: "body", value: "", message: "expected a JSON object (malformed JSON or another type)")
    }
    var problems = Problems()
    problems.checkSimulations(query.simulations, field: "n_sims", ceiling: ceiling)
    let scoring = TradeScoring(
      simulations: query.simulations, seed: query.seed ?? seed, threads: threads, deterministic: query.deterministic)
    if object["player_in_id"] != nil || object["current_team"] != nil {
      return try search(body, pool: pool, scoring: scoring, problems: problems)
    }
    let request: TradeRequest
    do { request = try InputDecodingError.decode(TradeRequest.self, from: body) } catch {
      // The body's problems with the query's.
      throw APIError.invalid(problems.list + Problems.decoding(error, body: body, fields: TradeRequest.fieldTypes).problems)
    }
    // Every bad field at once, with the query's.
    for problem in request.problems() { problems.add(problem) }
    try problems.throwIfAny()
    let trade = try APIError.refusing { try request.validated() }
    // A refusal while it runs is the middleware's to answer (422, `APIError.invalid`).
    return SimulationJob(cost: scoring.cost) { try JSONResponse.encode(try scoring.score(trade)) }
  }

  /// The iOS shape: the best legal trade of `player_in_id` for `player_out_id` from the pool.
  static func search(_ body: Data, pool: PoolFile?, scoring: TradeScoring, problems: Problems) throws(APIError)
    -> SimulationJob
  {
    var problems = problems
    let squad: SquadFile
    do { squad = try InputDecodingError.decode(SquadFile.self, from: body) } catch { throw decoding(error) }
    guard let pool else {
      throw APIError(.serviceUnavailable, "no player pool configured: start the server with --trade-pool PLAYERS.json")
    }
    if squad.playerInID == nil { problems.add("player_in_id", "", "is required") }
    if squad.playerOutID == nil { problems.add("player_out_id", "", "is required") }
    try problems.throwIfAny()
    let terms = TradeScoring.Terms(
      budget: squad.budget, roundNumber: squad.roundNumber, teamValue: squad.teamValue,
      leagueAvgValue: squad.leagueAvgValue, playerIn: squad.playerInID?.text, playerOut: squad.playerOutID?.text, top: 1)
    let search = try APIError.refusing { try TradeScoring.search(squad: squad.currentTeam, pool: pool.players, terms: terms) }
    return SimulationJob(cost: scoring.cost) {
      let result = try scoring.run(search)
      guard let best = result.trades.first else {
        let why = result.skipped.map(\.description).joined(separator: "; ")
        throw APIError.invalid(
          field: "player_in_id", value: squad.playerInID?.text ?? "",
          message: "no legal trade of this player for player_out_id" + (why.isEmpty ? "" : " (\(why))"))
      }
      return try JSONResponse.encode(best)
    }
  }

  /// A body that does not decode, said by the one DecodingError formatter (InputDecodingError).
  static func decoding(_ error: InputDecodingError) -> APIError {
    APIError.invalid(field: error.field ?? "body", value: "", message: error.description)
  }
}

/// The trade endpoint's query: `n_sims` (default 10,000), `seed`, `deterministic=true` for the
/// original formula alone.
struct TradeQuery {
  var simulations = Defaults.tradeSimulations
  var seed: UInt64?
  var deterministic = false
}
