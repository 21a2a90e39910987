import Foundation
import Simulation

/// The picture of a sweep (`mcsim sweep --svg`): p_over (EV of the over for a price sweep)
/// against the first swept parameter, one curve per value of the second, each with its 95%
/// band and the exact model's curve dashed beside it; the offered line and the break-even
/// points marked. A two-parameter sweep adds a heat map of the same quantity over the grid.
///
/// Classes a reader (or a test) can count: `series` (one polyline per curve, one point per
/// grid value), `band`, `exact`, `marker`, `cell` (one per grid point of the heat map).
package struct SweepChart {
  package let sweep: ParameterSweep

  package init(_ sweep: ParameterSweep) { self.sweep = sweep }

  static let width = 860.0
  static let panelHeight = 460.0
  /// At most this many curves are drawn (the heat map shows every value).
  static let maxCurves = 10

  var xAxis: SweepAxis { sweep.axes[0] }
  var seriesAxis: SweepAxis? { sweep.axes.count > 1 ? sweep.axes[1] : nil }
  var showsEV: Bool { xAxis.parameter == .price }

  /// The quantity drawn at a point: (value, lower, upper, exact).
  func quantity(_ p: SweepPoint) -> (Double, Double, Double, Double?) {
    showsEV
      ? (p.evOver.value, p.evOver.lower, p.evOver.upper, p.exact?.evOver)
      : (p.pOver.value, p.pOver.lower, p.pOver.upper, p.exact?.pOver)
  }

  var quantityName: String { showsEV ? "EV of the over per unit staked" : "P(over)" }

  /// The points of curve k (the k-th value of the second axis), in x order.
  func curvePoints(_ k: Int) -> [SweepPoint] {
    guard let s = seriesAxis else { return sweep.points }
    let n = s.values.count
    return stride(from: k, to: sweep.points.count, by: n).map { sweep.points[$0] }
  }

  package var curveCount: Int { min(seriesAxis?.values.count ?? 1, Self.maxCurves) }

  package func render() -> String {
    var panels: [SVGNode] = [curvesPanel(y: 0)]
    var height = Self.panelHeight
    if seriesAxis != nil {
      panels.append(heatPanel(y: Self.panelHeight))
      height += Self.panelHeight
    }
    let title = "mcsim sweep: \(quantityName) against \(sweep.axes.map(\.parameter.label).joined(separator: " and "))"
    return SVG.document(width: Self.width, height: height, title: title, panels)
  }

  func curvesPanel(y: Double) -> SVGNode {
    let curves = (0..<curveCount).map { curvePoints($0) }
    var lo = Double.infinity, hi = -Double.infinity
    for c in curves {
      for p in c {
        let q = quantity(p)
        lo = min(lo, q.1, q.3 ?? q.1)
        hi = max(hi, q.2, q.3 ?? q.2)
      }
    }
    if !showsEV { lo = max(0, lo - 0.02); hi = min(1, hi + 0.02) }
    let frame = ChartFrame(
      x: 0, y: y, width: Self.width, height: Self.panelHeight, xDomain: xAxis.values.first!...xAxis.values.last!,
      yDomain: lo...hi)
    let m = sweep.base
    let subtitle =
      "base model: home \(SweepTable.value(m.homeMean)) ± \(SweepTable.value(m.homeSD)), away \(SweepTable.value(m.awayMean)) ± \(SweepTable.value(m.awaySD)), rho \(SweepTable.value(m.correlation)), overtime \(m.overtime.kind.rawValue); \(sweep.options.simulations) simulations per model, common random numbers, seed \(sweep.options.seed)"
    var nodes: [SVGNode] = [
      frame.axes(title: "\(quantityName) against the \(xAxis.parameter.label)", xLabel: xAxis.parameter.label, yLabel: quantityName)
    ]
    nodes.append(SVG.text(subtitle, x: frame.left, y: frame.top - 4, size: 10, fill: "#666", cls: "subtitle"))
    var legend: [(ChartFrame.Swatch, String)] = []
    var bands: [SVGNode] = [], lines: [SVGNode] = [], exacts: [SVGNode] = []
    for (k, c) in curves.enumerated() {
      let colour = SVG.colour(k)
      let name = seriesAxis.map { "\($0.parameter.rawValue) \(SweepTable.value($0.values[k]))" } ?? "simulated"
      let xs = c.map { $0.values[0] }
      let qs = c.map(quantity)
      let upper = zip(xs, qs).map { (frame.px($0.0), frame.py($0.1.2)) }
      let lower = zip(xs, qs).map { (frame.px($0.0), frame.py($0.1.1)) }
      bands.append(SVG.polygon(upper + lower.reversed(), fill: colour, opacity: 0.18, cls: "band", name: name))
      lines.append(SVG.polyline(zip(xs, qs).map { (frame.px($0.0), frame.py($0.1.0)) }, stroke: colour, cls: "series", name: name))
      if qs.allSatisfy({ $0.3 != nil }) {
        exacts.append(
          SVG.polyline(zip(xs, qs).map { (frame.px($0.0), frame.py($0.1.3!)) }, stroke: "#222", width: 1.2, dash: "5 3", cls: "exact", name: name))
      }
      legend.append((.line(colour), seriesAxis == nil ? "simulated \(quantityName)" : name))
    }
    legend.append((.band(SVG.colour(0)), "95% interval"))
    if !exacts.isEmpty { legend.append((.dashed("#222"), "exact model")) }
    nodes.append(SVG.group("bands", bands))
    nodes.append(SVG.group("curves", lines))
    nodes.append(SVG.group("exact-curves", exacts))
    nodes.append(contentsOf: markers(frame, legend: &legend))
    // Rising curves leave the bottom right free, falling ones the top right.
    let rising = curves.first.map { c in c.count > 1 && quantity(c.last!).0 > quantity(c.first!).0 } ?? false
    nodes.append(frame.legend(legend, atBottom: rising))
    return SVG.group("panel curves-panel", nodes)
  }

  /// The offered line and the break-even points, where the x axis can show them.
  func markers(_ frame: ChartFrame, legend: inout [(ChartFrame.Swatch, String)]) -> [SVGNode] {
    var nodes: [SVGNode] = []
    func vertical(_ x: Double, colour: String, label: String, row: Int) {
      guard frame.xDomain.contains(x) else { return }
      nodes.append(SVG.line(frame.px(x), frame.top, frame.px(x), frame.bottom, stroke: colour, width: 1.5, dash: "3 2", cls: "marker"))
      nodes.append(SVG.text(label, x: frame.px(x) + 3, y: frame.bottom - 6 - Double(row) * 13, size: 10, fill: colour, cls: "marker-label"))
    }
    switch xAxis.parameter {
    case .line:
      if let offered = sweep.offeredLine {
        vertical(offered, colour: "#555", label: "offered \(SweepTable.value(offered))", row: 0)
        legend.append((.marker("#555"), "offered line"))
      }
      var any = false
      for (k, c) in sweep.curves.prefix(curveCount).enumerated() {
        if let be = c.overLine {
          vertical(be, colour: SVG.colour(k), label: "break-even \(String(format: "%.1f", be))", row: k + 1)
          any = true
        }
      }
      if any { legend.append((.marker(SVG.colour(0)), "break-even line of the over")) }
    case .price:
      var any = false
      for (k, c) in sweep.curves.prefix(curveCount).enumerated() {
        if let be = c.overPrice {
          vertical(be, colour: SVG.colour(k), label: "break-even \(String(format: "%.3f", be))", row: k)
          any = true
        }
      }
      if any { legend.append((.marker(SVG.colour(0)), "break-even price of the over")) }
      if frame.yDomain.contains(0) {
        nodes.append(SVG.line(frame.left, frame.py(0), frame.right, frame.py(0), stroke: "#555", dash: "2 2", cls: "marker"))
      }
    default:
      // p_over at which the over breaks even at its price (no push): 1 / d.
      let p = 1 / sweep.market.overOdds.decimal
      if frame.yDomain.contains(p) {
        nodes.append(SVG.line(frame.left, frame.py(p), frame.right, frame.py(p), stroke: "#555", width: 1.5, dash: "3 2", cls: "marker"))
        nodes.append(
          SVG.text(
            "break-even P(over) at \(String(format: "%.2f", sweep.market.overOdds.decimal)): \(String(format: "%.3f", p))", x: frame.left + 4,
            y: frame.py(p) - 4, size: 10, fill: "#555", cls: "marker-label"))
        legend.append((.marker("#555"), "break-even P(over), no push"))
      }
    }
    return nodes
  }

  /// The heat map of a two-parameter sweep: the first parameter across, the second up.
  func heatPanel(y: Double) -> SVGNode {
    let s = seriesAxis!
    let xs = xAxis.values, ys = s.values
    let qs = sweep.points.map { quantity($0).0 }
    let lo = qs.min() ?? 0, hi = qs.max() ?? 1
    func edges(_ v: [Double]) -> (Double, Double) {
      guard v.count > 1 else { return (v[0] - 0.5, v[0] + 0.5) }
      return (v[0] - (v[1] - v[0]) / 2, v[v.count - 1] + (v[v.count - 1] - v[v.count - 2]) / 2)
    }
    let (x0, x1) = edges(xs), (y0, y1) = edges(ys)
    let frame = ChartFrame(x: 0, y: y, width: Self.width, height: Self.panelHeight, xDomain: x0...x1, yDomain: y0...y1)
    var nodes: [SVGNode] = [frame.axes(title: "\(quantityName) over the grid", xLabel: xAxis.parameter.label, yLabel: s.parameter.label)]
    func bounds(_ v: [Double], _ i: Int) -> (Double, Double) {
      let lower = i == 0 ? edges(v).0 : (v[i - 1] + v[i]) / 2
      let upper = i == v.count - 1 ? edges(v).1 : (v[i] + v[i + 1]) / 2
      return (lower, upper)
    }
    var cells: [SVGNode] = []
    for (k, p) in sweep.points.enumerated() {
      let i = k / ys.count, j = k % ys.count
      let (xa, xb) = bounds(xs, i), (ya, yb) = bounds(ys, j)
      let t = hi > lo ? (qs[k] - lo) / (hi - lo) : 0.5
      cells.append(
        SVG.rect(
          x: frame.px(xa), y: frame.py(yb), width: frame.px(xb) - frame.px(xa) + 0.3, height: frame.py(ya) - frame.py(yb) + 0.3,
          fill: SVG.heat(t), cls: "cell",
          title:
            "\(xAxis.parameter.rawValue) \(SweepTable.value(p.values[0])), \(s.parameter.rawValue) \(SweepTable.value(p.values[1])): \(String(format: "%.4f", qs[k]))"
        ))
    }
    nodes.append(SVG.group("cells", cells))
    if xAxis.parameter == .line, let offered = sweep.offeredLine, frame.xDomain.contains(offered) {
      nodes.append(SVG.line(frame.px(offered), frame.top, frame.px(offered), frame.bottom, stroke: "#ffffff", width: 1.5, dash: "4 3", cls: "marker"))
    }
    nodes.append(frame.colourBar(lo...hi, title: quantityName))
    return SVG.group("panel heat-panel", nodes)
  }
}
