import Foundation
import OddsMath
import Simulation

/// The picture of a slate (`mcsim slate --svg`): one row per game with a line, the model's
/// P(over) as a dot with its 95% interval as a bar, and the market's devigged P(over) as a
/// diamond; 0.5 marked. Classes: `game` (one group per row), `interval`, `model`, `market`.
package struct SlateChart {
  package let comparison: SlateTotalsComparison

  package init(_ comparison: SlateTotalsComparison) { self.comparison = comparison }

  /// The picture of `games`, the market's P(over) devigged by `method`.
  package init(_ games: [SlateGameResult], method: DevigMethod) { self.init(SlateTotalsComparison(games, method: method)) }

  package func render() -> String {
    let rows = comparison.rows
    let rowHeight = 26.0, width = 860.0
    let height = 170 + Double(max(rows.count, 1)) * rowHeight
    var lo = 0.5, hi = 0.5
    for r in rows {
      lo = min(lo, r.lower, r.marketPOver ?? r.lower)
      hi = max(hi, r.upper, r.marketPOver ?? r.upper)
    }
    lo = max(0, lo - 0.03)
    hi = min(1, hi + 0.03)
    // A frame with room on the left for the game names.
    let frame = ChartFrame(x: 110, y: 0, width: width - 110, height: height - 40, xDomain: lo...hi, yDomain: 0...Double(max(rows.count, 1)))
    var nodes: [SVGNode] = []
    nodes.append(
      SVG.text(
        "Slate: P(over) by the model (95% interval) against the market's devigged P(over)", x: width / 2, y: 20, anchor: "middle", size: 14,
        weight: "bold", cls: "title"))
    let xt = ChartFrame.ticks(frame.xDomain)
    let step = xt.count > 1 ? xt[1] - xt[0] : 0.05
    for t in xt {
      nodes.append(SVG.line(frame.px(t), frame.top, frame.px(t), frame.bottom, stroke: "#e8e8e8", cls: "grid"))
      nodes.append(
        SVG.text(ChartFrame.tickText(t, step: step), x: frame.px(t), y: frame.bottom + 18, anchor: "middle", size: 11, fill: "#444", cls: "tick"))
    }
    nodes.append(SVG.line(frame.left, frame.bottom, frame.right, frame.bottom, stroke: "#444", cls: "axis"))
    nodes.append(SVG.text("P(over the line)", x: (frame.left + frame.right) / 2, y: frame.bottom + 38, anchor: "middle", size: 12, cls: "axis-label"))
    nodes.append(SVG.line(frame.px(0.5), frame.top, frame.px(0.5), frame.bottom, stroke: "#888", dash: "4 3", cls: "marker"))
    for (k, r) in rows.enumerated() {
      let y = frame.top + (Double(k) + 0.5) * (frame.bottom - frame.top) / Double(rows.count)
      var g: [SVGNode] = [
        SVG.text("\(r.label)  \(Fmt.line(r.line))", x: frame.left - 8, y: y + 4, anchor: "end", size: 11, cls: "game-label"),
        SVG.line(frame.px(r.lower), y, frame.px(r.upper), y, stroke: SVG.colour(0), width: 4, cls: "interval"),
        SVG.element(
          "circle", attributes: [("class", "model"), ("cx", SVG.num(frame.px(r.pOver))), ("cy", SVG.num(y)), ("r", "4"), ("fill", SVG.colour(0))]),
      ]
      if let m = r.marketPOver {
        let x = frame.px(m)
        g.append(
          SVG.element(
            "polygon",
            attributes: [
              ("class", "market"),
              (
                "points",
                "\(SVG.num(x)),\(SVG.num(y - 6)) \(SVG.num(x + 6)),\(SVG.num(y)) \(SVG.num(x)),\(SVG.num(y + 6)) \(SVG.num(x - 6)),\(SVG.num(y))"
              ),
              ("fill", SVG.colour(1)), ("stroke", "#7a4a10"), ("stroke-width", "0.8"),
            ]))
      }
      nodes.append(SVG.element("g", attributes: [("class", "game"), ("data-game", r.gameID)], g))
    }
    if rows.isEmpty {
      nodes.append(
        SVG.text(
          "No game of this slate has a totals line.", x: (frame.left + frame.right) / 2, y: (frame.top + frame.bottom) / 2, anchor: "middle",
          size: 13, fill: "#666", cls: "note"))
    }
    // The legend under the axis, out of the rows' way.
    let sources = Set(rows.compactMap { $0.marketPOver == nil ? nil : $0.marketSource }).sorted().joined(separator: "; ")
    let ly = frame.bottom + 58
    nodes.append(
      SVG.group(
        "legend",
        [
          SVG.line(20, ly, 42, ly, stroke: SVG.colour(0), width: 4, cls: "legend-swatch"),
          SVG.element("circle", attributes: [("class", "legend-swatch"), ("cx", "31"), ("cy", SVG.num(ly)), ("r", "4"), ("fill", SVG.colour(0))]),
          SVG.text("model P(over) and 95% interval, \(comparison.simulations) simulations a game", x: 48, y: ly + 4, size: 11, cls: "legend-label"),
          SVG.element(
            "polygon",
            attributes: [
              ("class", "legend-swatch"),
              ("points", "\(SVG.num(31)),\(SVG.num(ly + 12)) 37,\(SVG.num(ly + 18)) 31,\(SVG.num(ly + 24)) 25,\(SVG.num(ly + 18))"),
              ("fill", SVG.colour(1)),
            ]),
          SVG.text("market P(over), devigged: \(sources.isEmpty ? "none" : sources); dashed: 0.5", x: 48, y: ly + 22, size: 11, cls: "legend-label"),
        ]))
    return SVG.document(width: width, height: height, title: "mcsim slate: model against market", nodes)
  }
}
