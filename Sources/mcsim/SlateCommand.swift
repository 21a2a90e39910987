import ArgumentParser
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// `mcsim slate`: a night's games priced at once, from a slate file, or from an odds feed and
/// team stats, optionally watching the feed for line moves.
struct SlateCommand: ParsableCommand, RequiredInputs {
  static let configuration = CommandConfiguration(
    commandName: "slate",
    abstract: "Prices a slate of games: totals, spreads and moneylines, simulated together.",
    discussion: """
      Games come from a slate file (the betting agent's batch request, or mcsim's native slate), \
      or from an odds feed with team stats; a slate file with --odds is priced at the feed's lines. \
      The model options set every game's model; a slate file's "model" object and each game's own \
      fields override them. Spreads and moneylines are priced with overtime played to a winner. \
      Examples:
        mcsim slate Scenarios/slate_batch.json
        mcsim slate Scenarios/slate_native.json --json
        mcsim slate --odds Scenarios/feed_odds_api_nba.json --stats Scenarios/feed_team_stats.json
        mcsim slate --odds URL --stats-from results.csv --as-of 2025-01-15 --watch 60
      Exit status: 0 when every game was evaluated, 3 when some games have an error or a feed game \
      found no place on the slate (the output still has every game), 64 for an unusable option, 1 \
      for an unreadable or invalid slate, stats or feed file, or a feed that cannot be fetched.
      """
  )

  @Argument(help: "A slate file: the agent's batch request or mcsim's native slate; a file, - for stdin, or a URL.")
  var file: String?

  @Option(help: "An odds feed for the lines (The Odds API v4, the betting agent's feed, or native quotes; --format): a file, - for stdin, or a URL.")
  var odds: String?

  @Option(
    help:
      "In play: a live scoreboard (ESPN's NBA scoreboard JSON: a file or URL); each game it shows under way is priced from its score and clock, a finished one is not priced. Read again on each --watch poll (docs/periods-and-in-play.md)."
  )
  var scoreboard: String?

  @Option(help: "Team stats JSON (the platform's /api/teams, or mcsim's native stats) to project the feed's games.")
  var stats: String?

  @Option(name: .customLong("stats-from"), help: "Compute team stats from a results CSV (the format of data/nba_games_lines.csv).")
  var statsFrom: String?

  @Option(
    help:
      "Project the feed's games from team ratings fitted on this results CSV (the format of Scenarios/nba_results_2023.csv) as of --as-of (default now); the hyperparameters are --model's when it has them, else the built-in ones."
  )
  var results: String?

  @Flag(
    name: .customLong("from-market"),
    help:
      "With --odds and no stats: project each game from its own market, the means under which its total and spread are fair; the moneyline and the other markets are then priced consistently with them."
  )
  var fromMarket = false

  @Option(
    name: .customLong("as-of"),
    help:
      "With --stats-from or --results: use the results before this day, and leave out the feed's games dated before it: an ISO date (2023-12-11), a date-time (2023-12-11T19:00:00Z, its US Eastern day) or now."
  )
  var asOf: String?

  @Option(parsing: .unconditional, help: "With --stats-from: each team's last N games instead of the season so far.")
  var last: Int?

  @Option(parsing: .unconditional, help: "Poll the odds feed every SECONDS and print only the games whose line or verdict moved.")
  var watch: Double?

  @Option(parsing: .unconditional, help: "With --watch: stop after N polls (default: run until interrupted).")
  var polls: Int?

  @OptionGroup(title: "Stakes") var kellyOptions: KellyOptions
  @OptionGroup(title: "Advice (docs/one-game.md)") var adviceOptions: AdviceOptions
  @OptionGroup(title: "Model") var modelOptions: ModelOptions
  @OptionGroup(title: "Model") var modelFile: ModelFileOptions
  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Fair odds (multi-book feeds)") var fair: FairPolicyOptions

  @Option(help: "How each reference book's market is devigged.")
  var method = DevigMethodName<OneMethod>.default
  @OptionGroup(title: "Feed") var feedOptions: FeedOptions

  @OptionGroup(title: "Input") var input: InputOptions
  @OptionGroup(title: "Shards (docs/shards.md)") var shardOptions: ShardOptions

  @OptionGroup(title: "Output") var output: OutputOptions
  var json: Bool { output.json }

  @Flag(help: "Print one CSV row per game.")
  var csv = false

  @Flag(help: "Print one JSON object per game and line, as each game is ready.")
  var ndjson = false

  @Option(help: "Also write the picture (each game's P(over) with its interval against the market's devigged P(over)) to this SVG file.")
  var svg: String?

  @Option(
    name: .customLong("league-factor"), parsing: .unconditional,
    help:
      "Also simulate the games together with a shared scoring environment: teams of different games correlated by this, in [0, 1]; adds the distribution of the number of overs that hit."
  )
  var leagueFactor: Double?

  @Option(help: "With --league-factor: a JSON list of bets on the slate's games ({\"game\": ID, \"leg\": \"over:225.5\"}) priced jointly.")
  var bets: String?

  func validate() throws {
    if bets != nil && leagueFactor == nil { throw ValidationError("--bets goes with --league-factor.") }
    if leagueFactor != nil && (watch != nil || csv || ndjson) {
      throw ValidationError("--league-factor prints a block after the table, or a league_factor key with --json.")
    }
    if [json, csv, ndjson].filter({ $0 }).count > 1 { throw ValidationError("Give at most one of --json, --csv and --ndjson.") }
    if [stats, statsFrom, results].compactMap({ $0 }).count > 1 {
      throw ValidationError("Give one of --stats, --stats-from and --results.")
    }
    if statsFrom != nil && asOf == nil { throw ValidationError("--stats-from needs --as-of DATE (the games before it are used).") }
    if statsFrom == nil && results == nil && asOf != nil { throw ValidationError("--as-of goes with --stats-from or --results.") }
    if statsFrom == nil && last != nil { throw ValidationError("--last goes with --stats-from.") }
    if let last, last < 1 { throw ValidationError("--last must be at least 1, got \(last).") }
    if [file, odds, stats, statsFrom, results, scoreboard].filter({ $0 == "-" }).count > 1 {
      throw ValidationError("Only one input can be read from stdin.")
    }
    if let watch {
      guard watch > 0, watch.isFinite else { throw ValidationError("--watch must be a positive number of seconds, got \(watch).") }
      guard let odds else { throw ValidationError("--watch polls the odds feed: give --odds FEED.") }
      guard InputSource(odds).canBeReadAgain else { throw ValidationError("--watch cannot poll stdin: give a file or a URL.") }
      if json || csv { throw ValidationError("--watch prints a table, or NDJSON with --ndjson.") }
    }
    if let polls {
      guard watch != nil else { throw ValidationError("--polls goes with --watch.") }
      guard polls >= 1 else { throw ValidationError("--polls must be at least 1, got \(polls).") }
    }
  }

  func requireInputs() throws {
    let hasStats = stats != nil || statsFrom != nil || results != nil
    if fromMarket {
      guard odds != nil, file == nil, !hasStats else {
        throw ValidationError(
          "--from-market projects the games of an odds feed from their own lines: give --odds FEED, without a slate file or team stats.")
      }
    } else if file == nil {
      guard odds != nil, hasStats else {
        throw ValidationError("Give a slate file, or --odds FEED with --stats FILE, --stats-from CSV, --results CSV or --from-market.")
      }
    } else if hasStats {
      throw ValidationError("Team stats project the games of an odds feed: give --stats with --odds and without a slate file.")
    }
  }

  func run() throws {
    try requireInputs()
    if shardOptions.shard != nil && watch != nil { throw ValidationError("--shard and --watch do not go together.") }
    try shardOptions.run(seed: randomOptions.seed) { execution in
      // A shard writes its part whatever the games' status; the merge's replay exits with it.
      do { try execute(execution) } catch let code as ExitCode where code.rawValue == 3 && execution.isRecording {}
    }
  }

  /// The run: whole (no tape), one shard recorded (its share simulated, nothing printed: merge
  /// prints the answer), or the parts replayed (`mcsim merge`).
  func execute(_ execution: ShardExecution) throws {
    var run = try SlateRun(self, execution)
    if let watch {
      let fixed = run
      try watchFeed(every: watch, pricing: &run.pricing, resolved: fixed.resolved, console: fixed.console, assemble: fixed.assemble) {
        priced, unmatched, feed in
        var polled = fixed.inputs
        polled.oddsFormat = feed.format.rawValue
        return fixed.response(priced, unmatched: unmatched, inputs: polled)
      }
      return
    }
    var feed: Feed?
    if let odds {
      feed = try readFeed(odds, console: run.console)
      run.inputs.oddsFormat = feed?.format.rawValue
      run.inputs.rejected += feed!.rejected.map(\.description)
      run.inputs.notes += feed!.notes
    }
    let slate = run.assemble(feed)
    for u in slate.unmatched { run.console.warn("unmatched: \(u.event): \(u.reason)") }
    let priced = try price(slate, &run)
    if run.sharding { return }  // a shard's share is not an answer: merge prints it
    try render(run.response(priced, unmatched: slate.unmatched, inputs: run.inputs), run)
  }

  /// The slate priced once, with the bets file's bets; each game printed as it is priced with --ndjson.
  private func price(_ slate: AssembledSlate, _ run: inout SlateRun) throws -> PricedSlate {
    let betSource = bets.map(InputSource.init)
    var request = SlatePricingRequest(games: slate.games, leagueFactor: leagueFactor, periodModel: run.resolved.model.periods)
    if let betSource {
      do { request.bets = try SlateBet.parsed(SlateBets.decode(try betSource.read())) } catch {
        throw CLIError.badInput(betSource.description, error)
      }
    }
    let progress = ndjson || run.sharding ? nil : ProgressLine.forTerminal()
    defer { progress?.finish() }
    let (console, streaming) = (run.console, ndjson && !run.sharding)
    return try CLIError.mapping({
      try run.pricing.price(request, progress: progress?.update) { result in
        if streaming { console.emit(SlateOutput.line(result)) }
      }
    }) { error in
      if error.field == "league_factor" { return CLIError.option("--league-factor", error.value, error.reason) }
      // A bet the engine refuses (a line out of range, a game not on the slate) is the bets
      // file's fault: name it.
      if let betSource, error.field == "leg" || error.field.hasPrefix("bets") { return CLIError.badInput(betSource.description, error) }
      return CLIError.fail(error)
    }
  }

  /// The answer as asked (JSON, CSV, NDJSON already streamed, or the table), the picture, and
  /// exit status 3 when a game failed or found no place.
  private func render(_ response: SlateResponse, _ run: SlateRun) throws {
    if let svg {
      let picture = SlateChart(response.games, method: run.quoting.policy.method).render()
      do { try Data(picture.utf8).write(to: URL(fileURLWithPath: svg)) } catch {
        throw CLIError.runtime("--svg \(svg): cannot write the picture: \(error.localizedDescription)")
      }
    }
    if json {
      run.console.emit(try JSONOutput.encode(response, style: output.style))
    } else if csv {
      run.console.emit(SlateCSV.render(response.games), newline: false)
    } else if !ndjson {
      run.console.emit(SlateTable.render(response))
      if let report = response.leagueFactor { run.console.emit(LeagueFactorText.render(report)) }
      if let line = response.provenance.flatMap(ProvenanceText.line) { run.console.emit(line) }
    }
    if response.nFailed > 0 || !response.unmatched.isEmpty { throw ExitCode(3) }
  }

  /// The slate file's own model block and n_sims over the config and the model file, then the
  /// options over them (`RunContext`), each said when it replaces another's value; and the
  /// simulation's options (the seed: the option, else the file's, else a fresh one).
  func pricing(_ resolved: ResolvedRun, slateFile: SlateFile?, execution: ShardExecution, exact: Bool, quiet: Bool) throws
    -> (RunContext, SlatePricing)
  {
    var context = resolved.context
    let source = file.map { InputSource($0).description } ?? ""
    if let slateFile {
      let before = context.provenance.overrides.count
      context.lay(SettingsLayer(.input(source), model: slateFile.model.settings, simulations: slateFile.nSims))
      if !quiet { context.provenance.overrides[before...].forEach(Precedence.note) }
    }
    for layer in modelOptions.layers { context.lay(layer) }
    if let sims = randomOptions.sims {
      if let n = slateFile?.nSims, n != sims { Precedence.note("--sims", sims, "n_sims", n, source: source) }
      context.lay(SettingsLayer(.option("--sims"), simulations: sims))
    }
    var options = randomOptions.settings.options(
      simulations: context.simulations, seed: Precedence.resolve("--seed", randomOptions.seed, "seed", slateFile?.seed, source: source))
    options.tape = execution.tape
    let checked = options
    try CLIError.mapping({ try checked.validate() }) { error in
      // n_sims from the slate file is named as the file names it.
      if error.field == "n_sims", !randomOptions.simsGiven, let file { return CLIError.badInput("\(InputSource(file))", error) }
      return CLIError.fail(error)
    }
    return (context, SlatePricing(options: options, policy: resolved.policy, exact: exact))
  }

  /// How each poll's feed becomes the slate: assembled from `projections` (the slate file alone
  /// without a feed), games before --as-of's day left out, the scoreboard's states applied.
  func assembler(
    slateFile: SlateFile?, projections: SlateProjections?, context: RunContext, resolved: ResolvedRun, quoting: FairQuoting,
    console: SlateConsole
  ) throws -> (Feed?) -> AssembledSlate {
    let (base, policy, shift) = (context.model, quoting.policy, resolved.shift)
    // With --as-of, a feed's games dated before the day are not tonight's: every poll leaves them out.
    let scheduleDay = try asOf.map(AsOfText.scheduleDay)
    let board = try scoreboard.map { argument in
      let source = InputSource(argument)
      do { return try ScoreboardSource(source) } catch { throw CLIError.badInput(source.description, error) }
    }
    for r in board?.board.rejected ?? [] { console.warn("scoreboard: \(r.location): \(r.reason)") }
    return { feed in
      var slate: AssembledSlate
      if let feed, let projections {
        slate = SlateAssembly.assemble(feed, from: projections, base: base, policy: policy, shift: shift)
        slate = scheduleDay.map { slate.leavingOut(before: $0) } ?? slate
      } else {
        slate = SlateAssembly.fromEntries(slateFile!.entries)
      }
      if let board, board.poll(warn: console.warn).apply(to: &slate.games) == 0, !slate.games.isEmpty {
        console.warn("scoreboard: none of the slate's games is under way or over on it; all are priced before tip-off")
      }
      return slate
    }
  }

  /// Polls the feed: the first poll prints the whole slate, later ones only the games whose
  /// line or verdict moved. A failed poll is reported and the last lines are kept.
  private func watchFeed(
    every seconds: Double, pricing: inout SlatePricing, resolved: ResolvedRun, console: SlateConsole,
    assemble: (Feed?) -> AssembledSlate,
    response: (PricedSlate, [UnmatchedGame], Feed) -> SlateResponse
  ) throws {
    var previous: PricedSlate?
    var poll = 0
    while polls.map({ poll < $0 }) ?? true {
      poll += 1
      if poll > 1 { Thread.sleep(forTimeInterval: seconds) }
      let feed: Feed
      do {
        feed = try readFeed(odds!, console: console, quiet: previous != nil)
      } catch {
        guard previous != nil else { throw error }
        console.warn("poll \(poll): \(error); keeping the lines of the last good poll")
        continue
      }
      let slate = assemble(feed)
      let request = SlatePricingRequest(games: slate.games, periodModel: resolved.model.periods)
      let priced = try CLIError.mapping({ try pricing.price(request) }) { CLIError.fail($0) }
      if let before = previous {
        printMoves(priced, since: before, poll: poll, console: console)
      } else {
        for u in slate.unmatched { console.warn("unmatched: \(u.event): \(u.reason)") }
        if ndjson {
          for game in priced.evaluation.games { console.emit(SlateOutput.line(game)) }
        } else {
          console.emit(SlateTable.render(response(priced, slate.unmatched, feed)))
        }
      }
      previous = priced
    }
  }

  /// A later poll: only what moved (NDJSON lines, or the table of moves).
  private func printMoves(_ priced: PricedSlate, since before: PricedSlate, poll: Int, console: SlateConsole) {
    let moves = priced.moves(since: before)
    if ndjson {
      for move in moves { console.emit(SlateOutput.line(move, poll: poll)) }
    } else {
      console.emit(LineMoveText.render(moves, poll: poll))
    }
  }

  /// Reads the feed, reporting what its decoder skipped or noted unless `quiet` (later polls).
  private func readFeed(_ argument: String, console: SlateConsole, quiet: Bool = false) throws -> Feed {
    let feed: Feed
    do {
      feed = try feedOptions.read(argument, input: input)
    } catch let error as FeedReadError {
      switch error {
      case .unreachable(let message): throw CLIError.runtime("--odds \(message)")
      case .unreadable(let message): throw CLIError.fail("--odds \(message)", code: .failure)
      }
    }
    if quiet { return feed }
    for note in feed.notes { console.warn("odds feed: \(note)") }
    for rejected in feed.rejected { console.warn("odds feed: skipped \(rejected)") }
    return feed
  }

  func loadStats() throws -> TeamStatsTable? {
    if let stats {
      let source = InputSource(stats)
      do {
        return try TeamStatsFile.decode(try source.read(fetcher: feedOptions.fetcher), source: source.description)
      } catch {
        throw CLIError.badInput("--stats \(source)", error)
      }
    }
    if let statsFrom {
      let source = InputSource(statsFrom)
      // The night's day (US Eastern for a time), as the slate leaves out games before it.
      let day = try AsOfText.scheduleDay(asOf!)
      do {
        return try ResultsStats.compute(
          csv: try source.read(fetcher: feedOptions.fetcher), options: .init(asOf: day, last: last),
          source: source.description)
      } catch {
        throw CLIError.badInput("--stats-from \(source)", error)
      }
    }
    return nil
  }

  /// Team ratings from --results as of `day` (the hyperparameters --model's, else built in): the
  /// slate's projections from them, where they were read, a warning when they are stale, and
  /// the day they stand at.
  func loadRatings(day: String?) throws -> (projections: SlateProjections, source: String, stale: String?, asOf: String)? {
    guard let results, let day else { return nil }
    let source = InputSource(results)
    let file: GameResultsFile
    do {
      file = try GameResultsFile.decode(try source.read(fetcher: feedOptions.fetcher), source: source.description)
    } catch {
      throw CLIError.badInput("--results \(source)", error)
    }
    let settings = try modelFile.choice().ratings
    let ratings = try CLIError.reading("--results \(source)") { try Rating.run(RatingsRequest(games: file.games, asOf: day, settings: settings)) }
    return (
      .ratings(ratings, day: ratings.asOf), RatingsSourceText.source(ratings, from: source.description), RatingsSourceText.staleWarning(ratings),
      ratings.asOf
    )
  }

  /// The slate file, its unknown fields reported (errors with --strict), and the model options
  /// given on the command line applied over every game's own (the option wins, with a note).
  func loadSlateFile(_ resolved: ResolvedRun, quiet sharding: Bool) throws -> SlateFile? {
    guard let file else { return nil }
    let base = ModelSetting.applied(modelOptions.given.map(\.setting), to: resolved.context.model)
    let source = InputSource(file)
    var slate: SlateFile
    let data: Data
    do { data = try source.read(fetcher: feedOptions.fetcher) } catch { throw CLIError.badInput("\(source)", error) }
    do { slate = try InputFile.decode("\(source)") { try SlateFile.decode(data, base: base) } } catch { throw CLIError.badInput("\(source)", error) }
    var unknown = UnknownFields.find(in: data, .slate)
    for entry in slate.entries { unknown += entry.unknownFields.map { "\(entry.game.id).\($0)" } }
    // Per-game unknown fields are also in the game's warnings (JSON); the table has them here.
    try input.report(unknown: unknown, in: source.description, quiet: sharding)
    var overridden: [String: (file: Set<String>, games: Int, value: String)] = [:]
    for i in slate.entries.indices {
      guard var model = slate.entries[i].game.model else { continue }
      // Compared exactly: an sd of 11.8034 is not the 11.8 given, whatever both print as.
      for given in modelOptions.given {
        guard let before = given.setting.replaced(in: model) else { continue }
        overridden[given.option, default: ([], 0, given.value)].file.insert(before.value)
        overridden[given.option]!.games += 1
        given.setting.set(&model)
      }
      slate.entries[i].game.model = model
    }
    if !sharding {
      for given in modelOptions.given {
        guard let o = overridden[given.option] else { continue }
        Precedence.note(
          given.option, o.value, given.field, o.file.sorted().joined(separator: "/"), source: source.description,
          suffix: " (\(o.games) of \(slate.entries.count) games)")
      }
    }
    return slate
  }
}

/// What one `mcsim slate` run stands on, resolved once from its options and files: the context
/// (config < model file < the slate file's own fields < the options, each override said), the
/// advice, how the feed's games are assembled and what the answer says it used.
struct SlateRun {
  let console: SlateConsole
  let sharding: Bool
  var pricing: SlatePricing
  let resolved: ResolvedRun
  var inputs: SlateResponse.Inputs
  let warnings: [String]
  let methodology: SlateResponse.Methodology
  let provenance: Provenance
  let quoting: FairQuoting
  let assemble: (Feed?) -> AssembledSlate

  init(_ command: SlateCommand, _ execution: ShardExecution) throws {
    sharding = execution.isRecording
    console = SlateConsole(quiet: sharding)
    let config = try command.adviceOptions.configFile()
    quoting = try command.fair.quoting(methods: [command.method.name], config: config)
    let choice = try command.modelFile.choice(config: config)
    resolved = try command.adviceOptions.resolving(kelly: command.kellyOptions) {
      try choice.context(
        projections: ProjectionChoice.slate(
          ratings: command.results != nil, market: command.fromMarket, stats: command.stats != nil || command.statsFrom != nil), advice: $0)
    }
    let statsTable = try command.loadStats()
    // The night's day (US Eastern for a time): the ratings read the results before it.
    let ratings = try command.loadRatings(day: command.results.map { _ in try AsOfText.scheduleDay(command.asOf ?? "now") })
    let slateFile = try command.loadSlateFile(resolved, quiet: sharding)
    let exact = command.adviceOptions.useExact(config, request: slateFile?.includeExact)
    let context: RunContext
    (context, pricing) = try command.pricing(resolved, slateFile: slateFile, execution: execution, exact: exact, quiet: sharding)
    provenance = context.provenance
    inputs = SlateResponse.Inputs(
      slate: command.file.map { InputSource($0).description }, odds: command.odds.map { InputSource($0).description },
      stats: statsTable?.source ?? ratings?.source)
    inputs.rejected += statsTable?.skipped ?? []
    for skipped in statsTable?.skipped ?? [] { console.warn("team stats: skipped \(skipped)") }
    warnings = ratings?.stale.map { [$0] } ?? []
    warnings.forEach(console.warn)
    let projections: SlateProjections? =
      slateFile.map { .file($0.entries) } ?? (command.fromMarket ? .market : ratings?.projections)
      ?? statsTable.map { .stats($0) }
    assemble = try command.assembler(
      slateFile: slateFile, projections: projections, context: context, resolved: resolved, quoting: quoting, console: console)
    methodology = SlateResponse.Methodology(
      base: context.model, options: pricing.options,
      projections: command.fromMarket
        ? .market : ratings.map { .ratings(asOf: $0.asOf) } ?? (statsTable != nil ? .stats : .given),
      advice: resolved.policy)
  }

  /// The answer of a priced slate.
  func response(_ priced: PricedSlate, unmatched: [UnmatchedGame], inputs: SlateResponse.Inputs) -> SlateResponse {
    var answer = SlateResponse(priced, options: pricing.options, unmatched: unmatched, methodology: methodology, inputs: inputs)
    answer.provenance = provenance
    answer.warnings = warnings
    return answer
  }
}

/// Where a slate run writes: nothing while it records a shard (its share is not an answer).
struct SlateConsole {
  let quiet: Bool

  /// Writes to stdout at once (not buffered), so NDJSON lines and watch moves appear as they
  /// happen, in order.
  func emit(_ text: String, newline: Bool = true) {
    if quiet { return }
    FileHandle.standardOutput.write(Data((newline ? text + "\n" : text).utf8))
  }

  func warn(_ message: String) {
    if quiet { return }
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
  }
}
