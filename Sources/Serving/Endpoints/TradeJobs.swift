import FantasyTrade
import Foundation
import ServiceContracts

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
    let settings = query.deterministic
      ? nil : SimulationSettings(simulations: query.simulations, seed: query.seed ?? seed, threads: threads)
    if object["player_in_id"] != nil || object["current_team"] != nil {
      let squad: SquadFile
      do { squad = try InputDecodingError.decode(SquadFile.self, from: body) } catch { throw decoding(error) }
      guard let pool else {
        throw APIError(
          .serviceUnavailable, "no player pool configured: start the server with --trade-pool PLAYERS.json")
      }
      if squad.playerInID == nil { problems.add("player_in_id", "", "is required") }
      if squad.playerOutID == nil { problems.add("player_out_id", "", "is required") }
      try problems.throwIfAny()
      let defaults = TradeContext.original
      let options = TradeSearch.Options(
        budget: squad.budget ?? 0,
        context: TradeContext(
          roundNumber: squad.roundNumber ?? defaults.roundNumber, teamValue: squad.teamValue ?? defaults.teamValue,
          leagueAvgValue: squad.leagueAvgValue ?? defaults.leagueAvgValue),
        top: 1, playerInID: squad.playerInID, playerOutID: squad.playerOutID)
      let search: TradeSearch
      do { search = try TradeSearch(rosters: Rosters(squad: squad.currentTeam, pool: pool.players), options: options) } catch {
        throw problem(error)
      }
      return SimulationJob(cost: query.deterministic ? 0 : query.simulations) {
        let result: TradeSearchResult
        do { result = try search.run(settings: settings) } catch let e as TradeInputError { throw problem(e) }
        guard let best = result.trades.first else {
          let why = result.skipped.map(\.description).joined(separator: "; ")
          throw APIError.invalid(
            field: "player_in_id", value: squad.playerInID.map { "\($0)" } ?? "",
            message: "no legal trade of this player for player_out_id" + (why.isEmpty ? "" : " (\(why))"))
        }
        return try JSONResponse.encode(best)
      }
    }
    let request: TradeRequest
    do { request = try InputDecodingError.decode(TradeRequest.self, from: body) } catch { throw decoding(error) }
    let trade: Trade
    do { trade = try request.validated() } catch { throw problem(error) }
    try problems.throwIfAny()
    return SimulationJob(cost: query.deterministic ? 0 : query.simulations) {
      let report: TradeReport
      if let settings {
        do { report = try TradeReport.simulated(trade, settings: settings) } catch let e as TradeInputError {
          throw problem(e)
        }
      } else {
        report = TradeReport.deterministic(trade)
      }
      return try JSONResponse.encode(report)
    }
  }

  /// A body that does not decode, said by the one DecodingError formatter (InputDecodingError).
  static func decoding(_ error: InputDecodingError) -> APIError {
    APIError.invalid(field: error.field ?? "body", value: "", message: error.description)
  }

  static func problem(_ error: TradeInputError) -> APIError {
    APIError.invalid(field: error.field, value: error.value, message: error.reason)
  }
}

/// The trade endpoint's query: `n_sims` (default 10,000), `seed`, `deterministic=true` for the
/// original formula alone.
struct TradeQuery {
  var simulations = SimulationSettings.defaultSimulations
  var seed: UInt64?
  var deterministic = false
}
