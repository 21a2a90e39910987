import Foundation
import Simulation

/// The picture of one game (`mcsim run --svg`): the total's distribution (simulated bars, the
/// exact model's curve, the line), the margin's, and the joint (home, away) heat map with the
/// line drawn across it (home + away = line).
///
/// Classes a reader (or a test) can count: `bar` (one per value of each distribution),
/// `exact` (one curve per distribution with a closed form), `marker`, `cell` (one per joint
/// score with mass).
package struct GameChart {
  package let report: GameReport
  package let distributions: GameDistributions

  package init(_ report: GameReport, _ distributions: GameDistributions) {
    self.report = report
    self.distributions = distributions
  }

  static let width = 860.0

  package func render() -> String {
    let s = report.simulation
    let d = distributions
    var panels: [SVGNode] = []
    panels.append(
      distributionPanel(
        d.totals, y: 0, height: 400, title: "Total points: \(Fmt.count(s.nSimulations)) simulated games against the exact model",
        xLabel: "total points (home + away)", marker: (d.line, "line \(Fmt.line(d.line))"),
        note:
          "P(over \(Fmt.line(d.line))) = \(Fmt.fixed(s.pOver, 4)) [\(Fmt.fixed(s.overInterval.lowerBound, 4)), \(Fmt.fixed(s.overInterval.upperBound, 4))]"
          + (report.analytic.map { ", exact \(Fmt.fixed($0.pOver, 4))" } ?? "")))
    panels.append(
      distributionPanel(
        d.margins, y: 400, height: 400, title: "Margin (home − away)", xLabel: "home points − away points", marker: (0, "level"),
        note: "P(home win) = \(Fmt.fixed(s.pHomeWin, 4))" + (report.analytic.map { ", exact \(Fmt.fixed($0.pHomeWin, 4))" } ?? "")))
    panels.append(jointPanel(y: 800, height: 560))
    let m = s.model
    return SVG.document(
      width: Self.width, height: 1360,
      title: "mcsim run: home \(Fmt.fixed(m.homeMean, 1)), away \(Fmt.fixed(m.awayMean, 1)), line \(Fmt.line(d.line)), seed \(s.seed)",
      panels)
  }

  func distributionPanel(
    _ c: GameDistributions.Curve, y: Double, height: Double, title: String, xLabel: String, marker: (Double, String), note: String
  ) -> SVGNode {
    let peak = max(c.simulated.max() ?? 0, c.exact?.max() ?? 0)
    let frame = ChartFrame(
      x: 0, y: y, width: Self.width, height: height,
      xDomain: (Double(c.minValue) - 0.5)...(Double(c.values.upperBound) + 0.5), yDomain: 0...(peak * 1.08))
    var nodes: [SVGNode] = [frame.axes(title: title, xLabel: xLabel, yLabel: "probability")]
    var bars: [SVGNode] = []
    for (k, p) in c.simulated.enumerated() where p > 0 {
      let v = Double(c.minValue + k)
      bars.append(
        SVG.rect(
          x: frame.px(v - 0.45), y: frame.py(p), width: frame.px(v + 0.45) - frame.px(v - 0.45), height: frame.py(0) - frame.py(p),
          fill: SVG.colour(0), opacity: 0.75, cls: "bar", title: "\(c.minValue + k): \(String(format: "%.5f", p))"))
    }
    nodes.append(SVG.group("bars", bars))
    var legend: [(ChartFrame.Swatch, String)] = [(.band(SVG.colour(0)), "simulated")]
    if let exact = c.exact {
      let points = exact.enumerated().map { (frame.px(Double(c.minValue + $0.offset)), frame.py($0.element)) }
      nodes.append(SVG.polyline(points, stroke: "#222", width: 1.5, cls: "exact", name: "exact"))
      legend.append((.line("#222"), "exact model"))
    }
    if frame.xDomain.contains(marker.0) {
      nodes.append(
        SVG.line(frame.px(marker.0), frame.top, frame.px(marker.0), frame.bottom, stroke: SVG.colour(2), width: 1.5, dash: "4 3", cls: "marker"))
      nodes.append(SVG.text(marker.1, x: frame.px(marker.0) + 4, y: frame.top + 12, size: 11, fill: SVG.colour(2), cls: "marker-label"))
      legend.append((.marker(SVG.colour(2)), marker.1))
    }
    nodes.append(SVG.text(note, x: frame.left + 6, y: frame.top + 12, size: 11, fill: "#333", cls: "note"))
    nodes.append(frame.legend(legend))
    return SVG.group("panel distribution-panel", nodes)
  }

  func jointPanel(y: Double, height: Double) -> SVGNode {
    let d = distributions
    let home = d.homeScores, away = d.awayScores
    let frame = ChartFrame(
      x: 0, y: y, width: Self.width, height: height,
      xDomain: (Double(away.lowerBound) - 0.5)...(Double(away.upperBound) + 0.5),
      yDomain: (Double(home.lowerBound) - 0.5)...(Double(home.upperBound) + 0.5))
    var nodes: [SVGNode] = [frame.axes(title: "Joint final score", xLabel: "away points", yLabel: "home points")]
    let peak = d.joint.max() ?? 1
    var cells: [SVGNode] = []
    for h in home {
      for a in away {
        let p = d.joint[(h - home.lowerBound) * away.count + (a - away.lowerBound)]
        guard p > 0 else { continue }
        cells.append(
          SVG.rect(
            x: frame.px(Double(a) - 0.5), y: frame.py(Double(h) + 0.5), width: frame.px(Double(a) + 0.5) - frame.px(Double(a) - 0.5) + 0.2,
            height: frame.py(Double(h) - 0.5) - frame.py(Double(h) + 0.5) + 0.2, fill: SVG.heat(p / peak), cls: "cell"))
      }
    }
    nodes.append(SVG.group("cells", cells))
    // The line: home + away = line, from the left or bottom edge to the right or top edge.
    let a0 = frame.xDomain.lowerBound, a1 = frame.xDomain.upperBound
    let h0 = frame.yDomain.lowerBound, h1 = frame.yDomain.upperBound
    let start = max(a0, d.line - h1), end = min(a1, d.line - h0)
    if start < end {
      nodes.append(
        SVG.line(
          frame.px(start), frame.py(d.line - start), frame.px(end), frame.py(d.line - end), stroke: "#e15759", width: 2, dash: "6 3", cls: "marker"))
      nodes.append(
        SVG.text(
          "home + away = \(Fmt.line(d.line)): over above and right", x: frame.left + 6, y: frame.top + 12, size: 11, fill: "#b03030",
          cls: "marker-label"))
    }
    // Level scores: home = away.
    let lo = max(a0, h0), hi = min(a1, h1)
    if lo < hi {
      nodes.append(SVG.line(frame.px(lo), frame.py(lo), frame.px(hi), frame.py(hi), stroke: "#ffffff", width: 1, dash: "2 3", cls: "marker"))
    }
    nodes.append(frame.colourBar(0...peak, title: "probability", digits: 4))
    return SVG.group("panel joint-panel", nodes)
  }
}
