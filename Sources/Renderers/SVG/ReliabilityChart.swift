import Calibration
import Foundation
import Plot
import ServiceContracts

/// `mcsim backtest --svg FILE`: the reliability diagram, one panel per market (totals, spreads,
/// moneylines). In each, the diagonal (a calibrated forecaster), and per model (the seed's
/// defaults, the fitted model) the bins' observed frequency against their mean predicted
/// probability, each point with its +/- 2 se bar (the binomial spread a calibrated forecaster
/// shows with that many games) and its games in the tooltip.
package enum ReliabilityChart {
  package static func render(_ r: BacktestResponse) -> String {
    let markets: [(String, KeyPath<ModelScore, MarketScore>)] = [
      ("totals: P(over)", \.totals), ("spreads: P(home covers)", \.spreads), ("moneylines: P(home wins)", \.moneylines),
    ]
    let panels = markets.map { title, path in
      (
        title,
        [
          ("seed defaults", r.seedDefaults.score[keyPath: path].forecasts.reliability),
          ("fitted", r.fitted.score[keyPath: path].forecasts.reliability),
        ]
      )
    }
    return render(panels, title: "mcsim backtest: reliability of the seed defaults and the fitted model")
  }

  /// `mcsim backtest --at ... --svg FILE`: one panel per checkpoint, the home win's reliability
  /// of the quarter model and of Stern's Brownian motion.
  package static func render(inPlay r: InPlayBacktestResponse) -> String {
    let panels = r.scores.map { s in
      ("at \(InPlayBacktestResponse.name(s.checkpoint)): P(home wins)", [("Stern", s.stern.reliability), ("quarter model", s.model.reliability)])
    }
    return render(panels, title: "mcsim backtest in play: reliability of the quarter model and Stern's Brownian motion")
  }

  /// Panels side by side, each its series' bins (the second series in the first colour).
  static func render(_ panels: [(title: String, series: [(name: String, bins: [ReliabilityBin])])], title: String) -> String {
    let panel = 360.0, height = 400.0
    let colours = [SVG.colour(2), SVG.colour(0)]
    var nodes: [SVGNode] = []
    for (k, p) in panels.enumerated() {
      let f = ChartFrame(x: Double(k) * panel, y: 0, width: panel, height: height, xDomain: 0...1, yDomain: 0...1)
      var children: [SVGNode] = [
        f.axes(title: p.title, xLabel: "predicted probability", yLabel: "observed frequency"),
        SVG.line(f.px(0), f.py(0), f.px(1), f.py(1), stroke: "#888", width: 1, dash: "4 3", cls: "diagonal"),
      ]
      for (s, (name, bins)) in p.series.enumerated() {
        let colour = colours[s % colours.count]
        var points: [(Double, Double)] = []
        for b in bins {
          let x = f.px(b.predicted), y = f.py(b.observed)
          points.append((x, y))
          let se = b.standardError
          children.append(
            SVG.line(x, f.py(min(1, b.observed + 2 * se)), x, f.py(max(0, b.observed - 2 * se)), stroke: colour, width: 1, cls: "error-bar"))
          children.append(
            SVG.element(
              "circle",
              attributes: [
                ("class", "bin"), ("data-model", name), ("cx", SVG.num(x)), ("cy", SVG.num(y)), ("r", "3.5"), ("fill", colour),
              ],
              [
                SVG.element(
                  "title", [:],
                  [
                    .text(
                      "\(name): predicted \(String(format: "%.3f", b.predicted)), observed \(String(format: "%.3f", b.observed)), \(b.count) games")
                  ])
              ]))
        }
        children.append(SVG.polyline(points, stroke: colour, width: 1.5, cls: "series", name: name))
      }
      if k == 0 {
        children.append(
          f.legend(p.series.enumerated().map { (.line(colours[$0.offset % colours.count]), $0.element.name) } + [(.dashed("#888"), "calibrated")]))
      }
      nodes.append(SVG.group("panel", children))
    }
    return SVG.document(width: panel * Double(max(panels.count, 1)), height: height, title: title, nodes)
  }
}
