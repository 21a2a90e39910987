import Foundation

/// One panel of a picture: its place on the page, the data ranges it shows, and its axes (nice
/// ticks, tick labels, axis titles), grid lines and title. Maps data to page coordinates; draws
/// no data itself.
struct ChartFrame {
  let x: Double, y: Double, width: Double, height: Double
  let xDomain: ClosedRange<Double>
  let yDomain: ClosedRange<Double>

  /// The plotting area inside the panel's margins.
  var left: Double { x + 70 }
  var right: Double { x + width - 20 }
  var top: Double { y + 36 }
  var bottom: Double { y + height - 50 }

  init(x: Double, y: Double, width: Double, height: Double, xDomain: ClosedRange<Double>, yDomain: ClosedRange<Double>) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.xDomain = Self.widened(xDomain)
    self.yDomain = Self.widened(yDomain)
  }

  /// A range of positive width (a single value gets room around it).
  static func widened(_ r: ClosedRange<Double>) -> ClosedRange<Double> {
    guard r.lowerBound.isFinite, r.upperBound.isFinite else { return 0...1 }
    if r.upperBound > r.lowerBound { return r }
    let pad = max(abs(r.lowerBound) * 0.05, 0.5)
    return (r.lowerBound - pad)...(r.upperBound + pad)
  }

  func px(_ v: Double) -> Double {
    left + (v - xDomain.lowerBound) / (xDomain.upperBound - xDomain.lowerBound) * (right - left)
  }

  func py(_ v: Double) -> Double {
    bottom - (v - yDomain.lowerBound) / (yDomain.upperBound - yDomain.lowerBound) * (bottom - top)
  }

  /// About `count` round tick values inside the range (steps of 1, 2, 2.5 or 5 times a power of 10).
  static func ticks(_ r: ClosedRange<Double>, count: Int = 6) -> [Double] {
    let span = r.upperBound - r.lowerBound
    guard span > 0, span.isFinite else { return [r.lowerBound] }
    let raw = span / Double(count)
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    var out: [Double] = []
    var t = (r.lowerBound / step).rounded(.up) * step
    while t <= r.upperBound + step * 1e-9 {
      out.append(abs(t) < step * 1e-9 ? 0 : t)
      t += step
    }
    return out
  }

  static func tickText(_ v: Double, step: Double) -> String {
    let decimals = max(0, min(4, Int((-log10(step)).rounded(.up)) + (step * pow(10, (-log10(step)).rounded(.up)) == 2.5 ? 1 : 0)))
    return String(format: "%.\(decimals)f", v)
  }

  /// Frame, grid, ticks, axis titles and the panel title.
  func axes(title: String, xLabel: String, yLabel: String) -> SVGNode {
    var nodes: [SVGNode] = []
    nodes.append(SVG.text(title, x: x + width / 2, y: y + 20, anchor: "middle", size: 14, weight: "bold", cls: "title"))
    let xt = Self.ticks(xDomain), yt = Self.ticks(yDomain, count: 5)
    let xStep = xt.count > 1 ? xt[1] - xt[0] : 1, yStep = yt.count > 1 ? yt[1] - yt[0] : 1
    for t in yt {
      nodes.append(SVG.line(left, py(t), right, py(t), stroke: "#e3e3e3", cls: "grid"))
      nodes.append(SVG.text(Self.tickText(t, step: yStep), x: left - 6, y: py(t) + 4, anchor: "end", size: 11, fill: "#444", cls: "tick"))
    }
    for t in xt {
      nodes.append(SVG.line(px(t), top, px(t), bottom, stroke: "#efefef", cls: "grid"))
      nodes.append(SVG.line(px(t), bottom, px(t), bottom + 5, stroke: "#444", cls: "tickmark"))
      nodes.append(SVG.text(Self.tickText(t, step: xStep), x: px(t), y: bottom + 18, anchor: "middle", size: 11, fill: "#444", cls: "tick"))
    }
    nodes.append(SVG.line(left, bottom, right, bottom, stroke: "#444", cls: "axis"))
    nodes.append(SVG.line(left, top, left, bottom, stroke: "#444", cls: "axis"))
    nodes.append(SVG.text(xLabel, x: (left + right) / 2, y: bottom + 38, anchor: "middle", size: 12, cls: "axis-label"))
    let my = (top + bottom) / 2
    nodes.append(
      SVG.text(yLabel, x: x + 16, y: my, anchor: "middle", size: 12, transform: "rotate(-90 \(SVG.num(x + 16)) \(SVG.num(my)))", cls: "axis-label"))
    return SVG.group("axes", nodes)
  }

  /// A legend box in the panel's top-right corner: a swatch (line, dashed line, band or
  /// marker) and a label per entry.
  enum Swatch { case line(String), dashed(String), band(String), marker(String) }

  /// The legend sits top right, or bottom right when the data rise to the right (`atBottom`).
  func legend(_ entries: [(Swatch, String)], atBottom: Bool = false) -> SVGNode {
    let rowHeight = 17.0
    let boxWidth = min(260, 40 + Double(entries.map(\.1.count).max() ?? 10) * 6.6)
    let boxHeight = Double(entries.count) * rowHeight + 8
    let bx = right - boxWidth - 8, by = atBottom ? bottom - boxHeight - 8 : top + 8
    var nodes: [SVGNode] = [
      SVG.rect(x: bx, y: by, width: boxWidth, height: boxHeight, fill: "#ffffff", opacity: 0.88, cls: "legend-box")
    ]
    for (k, (swatch, label)) in entries.enumerated() {
      let cy = by + 12 + Double(k) * rowHeight
      switch swatch {
      case .line(let c): nodes.append(SVG.line(bx + 6, cy, bx + 28, cy, stroke: c, width: 2.5, cls: "legend-swatch"))
      case .dashed(let c): nodes.append(SVG.line(bx + 6, cy, bx + 28, cy, stroke: c, width: 2, dash: "5 3", cls: "legend-swatch"))
      case .band(let c): nodes.append(SVG.rect(x: bx + 6, y: cy - 5, width: 22, height: 10, fill: c, opacity: 0.25, cls: "legend-swatch"))
      case .marker(let c): nodes.append(SVG.line(bx + 17, cy - 6, bx + 17, cy + 6, stroke: c, width: 2, dash: "3 2", cls: "legend-swatch"))
      }
      nodes.append(SVG.text(label, x: bx + 34, y: cy + 4, size: 11, cls: "legend-label"))
    }
    return SVG.group("legend", nodes)
  }

  /// A horizontal colour bar for a heat map, with its range and title, under the panel.
  func colourBar(_ domain: ClosedRange<Double>, title: String, digits: Int = 3) -> SVGNode {
    var nodes: [SVGNode] = []
    let steps = 40, barLeft = right - 250, barWidth = 200.0, barY = y + 12
    for k in 0..<steps {
      nodes.append(
        SVG.rect(
          x: barLeft + Double(k) * barWidth / Double(steps), y: barY, width: barWidth / Double(steps) + 0.5, height: 10,
          fill: SVG.heat((Double(k) + 0.5) / Double(steps)), cls: "colourbar"))
    }
    nodes.append(SVG.text(String(format: "%.\(digits)f", domain.lowerBound), x: barLeft - 4, y: barY + 9, anchor: "end", size: 10, cls: "tick"))
    nodes.append(SVG.text(String(format: "%.\(digits)f", domain.upperBound), x: barLeft + barWidth + 4, y: barY + 9, size: 10, cls: "tick"))
    nodes.append(SVG.text(title, x: barLeft - 50, y: barY + 9, anchor: "end", size: 11, cls: "legend-label"))
    return SVG.group("colourbar", nodes)
  }
}
