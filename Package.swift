// swift-tools-version:6.1
//
// mcsim prices sports bets by simulation.
//
// Data flows one way:
//   inputs (LineFeeds)  ->  engine (OddsMath, Simulation, Multivariate, Calibration, FantasyTrade)  ->  plain results
//     ->  application (UseCases: one use case per job, the defaults, the model's precedence, the advice)
//     ->  contracts (ServiceContracts: the JSON shapes)  ->  renderers (Renderers)
//     ->  edges (mcsim, and Serving for `mcsim serve`): parse, call a use case, render
// Dependencies point inward: LineFeeds is an adapter that reads the outside world into values the
// application declares (UseCases/Inputs: a feed, team stats, the team directory, times) and the
// contracts' request shapes, so the use cases that assemble a slate never see how it was read.
//
// Read top to bottom: the two public libraries (the odds maths and the engine), then the
// package's own layers in the order data flows, then the implementation details they stand on,
// then the executables, then one test target per library. The engine depends
// on no other layer; inputs read the contracts' request shapes with the contracts' one JSON
// configuration; the CLI and the server answer with the same contract types.
//
// Tests run in release mode (`swift test -c release --disable-testable-imports`, see README.md): the statistical tests
// simulate millions of games and need the optimised C kernels. They never use @testable.

import PackageDescription

let package = Package(
  name: "mcsim",
  products: [
    .executable(name: "mcsim", targets: ["mcsim"]),
    // The libraries a user adds (README.md, "As a library"): the odds maths, and the engine.
    .library(name: "OddsMath", targets: ["OddsMath"]),
    .library(name: "Simulation", targets: ["Simulation"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // The server: HTTP (its optional swift-configuration support left out), graceful shutdown,
    // request logs, Prometheus metrics.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    // SVG markup for the pictures (sweep curves, run distributions): typed nodes, escaped text.
    .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
    // Feeds behind URLs: an HTTP client on SwiftNIO (not Foundation's URLSession, whose libcurl
    // and its libraries every command would load at start-up). Its TLS and gzip packages are
    // named too: LineFeeds words their errors.
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
  ],
  targets: [
    // MARK: - Public API

    // Access: `public` is a library product's API (OddsMath, Simulation); every other module is
    // `package`: shared by this package's targets, promised to no one else.
    // docs/architecture.md, "Access".

    // The engine. Prices and what follows from them: formats, devig, fair odds, EV, Kelly.
    // Pure Swift, no RNG.
    .target(name: "OddsMath"),

    // The engine: game models, the joint score histogram, exact reference distributions,
    // summaries of totals, spreads and moneylines, same-game parlays and player props (on the
    // multivariate path). Plain Swift results: no JSON keys.
    .target(name: "Simulation", dependencies: ["RandomStreams", "CRandom", "OddsMath", "Multivariate"]),

    // MARK: - The package's own layers (package access: no stable API)

    // The engine's multivariate path: d correlated normal quantities (a parlay's team scores and
    // player stats) on BLAS/LAPACK. Correlation matrices checked entry by entry, repaired to the
    // nearest correlation matrix when not PSD (Higham, eigenvalues by dsyevd), factored by
    // pivoted Cholesky (dpstrf), drawn in cached chunks as X = mu + Z L^T (dgemm, or a plain
    // loop below the measured crossover in d) into the caller's accumulators.
    .target(name: "Multivariate", dependencies: ["CLinearAlgebra", "RandomStreams", "CRandom"]),

    // The engine: the model fitted to game results by maximum likelihood (sds, correlation, home
    // advantage, overtime, skew, with standard errors), and the backtest that replays the games
    // in time order, pricing each from what was known before it; team ratings from results,
    // walked forward by regularised least squares on LAPACK (Multivariate's dposv).
    .target(name: "Calibration", dependencies: ["Simulation", "OddsMath", "RandomStreams", "Multivariate"]),

    // The application layer: one use case per job (a typed request in, a typed result out) that
    // the CLI and the server both call, so they answer the same numbers; every default written
    // once; the model's one rule of precedence; the one advice policy on every priced bet. It
    // declares the values its inputs are read into (Inputs/: a feed, team stats, the team
    // directory, times) and assembles slates from them (Slates/).
    .target(name: "UseCases", dependencies: ["OddsMath", "Simulation", "Calibration", "FantasyTrade", "RandomStreams"], exclude: ["README.md"]),

    // AFL fantasy trades: the replaced service's trade score exactly, and its simulation.
    .target(name: "FantasyTrade", dependencies: ["RandomStreams"]),

    // Contracts: every request and response shape of the replaced services (CONTRACTS.md) and
    // mcsim's own, mapped from and to the engine's types; the one JSON configuration. The input
    // files' shapes live here too (Requests/: slate, quotes, config and model settings, team keys,
    // timestamps), so a request's fields are declared once, beside its response.
    .target(name: "ServiceContracts", dependencies: ["OddsMath", "Simulation", "Calibration", "FantasyTrade", "UseCases"]),

    // Inputs: thin adapters from the outside world (feeds, stats, results, scoreboards, HTTP
    // sources) to the application's input values (UseCases/Inputs) and the contracts' request
    // shapes, and shards' partial result files (written by a shard, read by merge). No rule of
    // pricing: which lines a game is priced at and how its teams are projected is UseCases'
    // (SlateAssembly, FeedLines).
    // HTTP sources go through AsyncHTTPClient (retries, deadlines, redirects, gzip), waited for
    // on the caller's thread; nothing here imports FoundationNetworking.
    .target(
      name: "LineFeeds",
      dependencies: [
        "OddsMath", "Simulation", "Calibration", "UseCases", "ServiceContracts", "RandomStreams",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
      ]),

    // Renderers: the readable outputs (tables, CSV, NDJSON lines, SVG pictures through Plot) and
    // JSON through the contracts. They read results and contracts; they never compute.
    .target(
      name: "Renderers",
      dependencies: [
        "OddsMath", "Simulation", "Calibration", "FantasyTrade", "UseCases", "ServiceContracts",
        .product(name: "Plot", package: "Plot"),
      ]),

    // MARK: - Implementation details (no stable API)

    // Swift face of the counter-based RNG: seeds, keyed streams, bulk fills; the one owner of
    // stream layout (which stream a chunk draws) and of chunk scheduling on the threads.
    .target(name: "RandomStreams", dependencies: ["CRandom"]),

    // C: Philox4x32-10, uniform and normal fills, the fused simulate-and-accumulate kernel, the
    // multivariate path's plain-loop transform.
    .target(name: "CRandom"),

    // OpenBLAS (CBLAS) and LAPACKE's declarations, for the multivariate path (Multivariate):
    // dgemm, dsyrk, dsyevd, dpstrf. Nothing links them: Multivariate loads them at first use
    // (LinearAlgebra), so the commands that do not use them start without them, and sets one
    // BLAS thread per call before the library can start its pool.
    .systemLibrary(
      name: "CLinearAlgebra",
      providers: [.apt(["libopenblas-dev", "liblapacke-dev"])]
    ),

    // MARK: - Executables

    // The command line: parses what was typed, calls a use case (UseCases, through the resolved
    // run of `ModelChoice`) and renders; names no engine module (LayeringTests).
    .executableTarget(
      name: "mcsim",
      dependencies: [
        "UseCases", "ServiceContracts", "LineFeeds", "Renderers", "Serving",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // The Swift runtime and Foundation linked into the binary: the dynamic loader's work for
      // ten shared libraries was a third of `mcsim --version` (10.6 ms, 6.3 ms linked in).
      linkerSettings: [
        .unsafeFlags([
          "-static-stdlib", "-Xlinker", "--start-group", "-Xlinker", "-lFoundation", "-Xlinker", "-lFoundationInternationalization", "-Xlinker",
          "-lFoundationEssentials", "-Xlinker", "-l_FoundationICU", "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims",
          "-Xlinker", "-lCoreFoundation", "-Xlinker", "-lswiftDispatch", "-Xlinker", "-ldispatch", "-Xlinker", "-lBlocksRuntime", "-Xlinker",
          "-lswiftSynchronization", "-Xlinker", "-lstdc++", "-Xlinker", "-lm", "-Xlinker", "--end-group",
        ])
      ]
    ),

    // `mcsim serve`: the replaced services' HTTP endpoints (routes, limits, the simulation pool,
    // lifecycle, logs, metrics). Handlers decode a contract, call a use case, encode a contract:
    // no engine module among its dependencies (LayeringTests).
    .target(
      name: "Serving",
      dependencies: [
        "UseCases", "ServiceContracts", "LineFeeds", "Renderers",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]
    ),

    // `swift run -c release Benchmarks`
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "OddsMath", "Simulation", "Multivariate", "Calibration", "FantasyTrade", "RandomStreams", "CRandom", "Serving",
        "LineFeeds", "ServiceContracts", "UseCases",
      ],
      path: "Benchmarks",
      exclude: ["peers", "levels", "RESULTS.md"]
    ),

    // MARK: - Tests

    // The tests' one support target: the suite's tiers (fast by default; MCSIM_TEST_TIERS asks
    // for statistical, end-to-end, tools and soak), the one way a test starts another program
    // (ChildProcess), headless Chromium, and a tiny HTTP server on 127.0.0.1 for the feed tests.
    .target(name: "TestSupport", path: "Tests/Support/TestSupport"),
    .testTarget(name: "RandomStreamsTests", dependencies: ["RandomStreams", "CRandom", "TestSupport"]),
    // Calls OpenBLAS and LAPACKE directly, so it links them (the engine loads them at first use).
    .testTarget(
      name: "LinearAlgebraTests", dependencies: ["CLinearAlgebra"],
      linkerSettings: [.linkedLibrary("openblas"), .linkedLibrary("lapacke")]),
    .testTarget(name: "MultivariateTests", dependencies: ["Multivariate"]),
    .testTarget(name: "OddsMathTests", dependencies: ["OddsMath"], resources: [.copy("Resources")]),
    .testTarget(name: "SimulationTests", dependencies: ["Simulation", "OddsMath", "Multivariate", "CRandom", "TestSupport"]),
    // Calibration's fit and backtest on synthetic games drawn from known parameters, and the
    // model file a fit writes (read back through LineFeeds).
    .testTarget(
      name: "CalibrationTests",
      dependencies: ["Calibration", "LineFeeds", "ServiceContracts", "Simulation", "OddsMath", "RandomStreams", "UseCases", "TestSupport"]),
    .testTarget(
      name: "LineFeedsTests",
      dependencies: ["LineFeeds", "Simulation", "OddsMath", "Calibration", "ServiceContracts", "UseCases", "Renderers", "TestSupport"],
      resources: [.copy("Resources")]),
    // End to end: runs the built `mcsim` binary (built with every product; not linked into the
    // test bundle, which would take the binary's statically linked runtime with it).
    .testTarget(
      name: "mcsimTests", dependencies: ["TestSupport", "FantasyTrade", "ServiceContracts"]),
    .testTarget(name: "FantasyTradeTests", dependencies: ["FantasyTrade", "ServiceContracts", "TestSupport"]),
    // What a person reads: tables, number formats, the slate's CSV.
    .testTarget(name: "RenderersTests", dependencies: ["Renderers"]),
    // The use cases: the model's precedence, each use case against the engine it calls.
    .testTarget(name: "UseCasesTests", dependencies: ["UseCases", "Simulation", "OddsMath", "Calibration", "FantasyTrade"]),
    // The shapes the CLI and the server share (failure documents, live state, FairBet pages).
    .testTarget(name: "ServiceContractsTests", dependencies: ["ServiceContracts", "OddsMath", "Simulation", "UseCases", "TestSupport"]),
    // The server on an ephemeral loopback port, over real HTTP.
    .testTarget(
      name: "ServingTests",
      dependencies: [
        "Serving", "Simulation", "ServiceContracts", "UseCases", "TestSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [.copy("Resources")]),
  ]
)
