import Foundation
import Plot

/// SVG markup through Plot's typed nodes: elements and attributes by name (SVG is XML, which
/// Plot writes for any element), text escaped by Plot, attribute values escaped here (Plot
/// writes them as given). Numbers are written with at most two decimals, so a picture is
/// byte-for-byte the same for the same result.
package enum SVGContext {}

typealias SVGNode = Node<SVGContext>

package enum SVG {
  static let namespace = "http://www.w3.org/2000/svg"

  /// `<name a="v" ...>children</name>`.
  static func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ children: [SVGNode] = [])
    -> SVGNode
  {
    .element(named: name, nodes: attributes.map { SVGNode.attribute(named: $0.key, value: escape($0.value), ignoreIfValueIsEmpty: false) } + children)
  }

  static func element(_ name: String, attributes: [(String, String)], _ children: [SVGNode] = []) -> SVGNode {
    .element(named: name, nodes: attributes.map { SVGNode.attribute(named: $0.0, value: escape($0.1), ignoreIfValueIsEmpty: false) } + children)
  }

  /// A text label (escaped by Plot).
  static func text(
    _ content: String, x: Double, y: Double, anchor: String = "start", size: Double = 12, weight: String = "normal",
    fill: String = "#222", transform: String? = nil, cls: String = "label"
  ) -> SVGNode {
    var attributes: [(String, String)] = [
      ("class", cls), ("x", num(x)), ("y", num(y)), ("text-anchor", anchor), ("font-size", num(size)),
      ("font-weight", weight), ("fill", fill),
    ]
    if let transform { attributes.append(("transform", transform)) }
    return .element(named: "text", nodes: attributes.map { SVGNode.attribute(named: $0.0, value: escape($0.1)) } + [.text(content)])
  }

  static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, dash: String? = nil, cls: String)
    -> SVGNode
  {
    var a: [(String, String)] = [
      ("class", cls), ("x1", num(x1)), ("y1", num(y1)), ("x2", num(x2)), ("y2", num(y2)), ("stroke", stroke),
      ("stroke-width", num(width)),
    ]
    if let dash { a.append(("stroke-dasharray", dash)) }
    return element("line", attributes: a)
  }

  static func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double? = nil, cls: String, title: String? = nil)
    -> SVGNode
  {
    var a: [(String, String)] = [
      ("class", cls), ("x", num(x)), ("y", num(y)), ("width", num(max(0, width))), ("height", num(max(0, height))), ("fill", fill),
    ]
    if let opacity { a.append(("fill-opacity", num(opacity))) }
    return element("rect", attributes: a, title.map { [element("title", [:], [.text($0)])] } ?? [])
  }

  /// A polyline through the points (a series), `points="x,y x,y ..."`.
  static func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 2, dash: String? = nil, cls: String, name: String) -> SVGNode {
    var a: [(String, String)] = [
      ("class", cls), ("data-name", name), ("points", points.map { "\(num($0.0)),\(num($0.1))" }.joined(separator: " ")),
      ("fill", "none"), ("stroke", stroke), ("stroke-width", num(width)), ("stroke-linejoin", "round"),
    ]
    if let dash { a.append(("stroke-dasharray", dash)) }
    return element("polyline", attributes: a)
  }

  /// A filled polygon (an interval band: the upper edge left to right, the lower right to left).
  static func polygon(_ points: [(Double, Double)], fill: String, opacity: Double, cls: String, name: String) -> SVGNode {
    element(
      "polygon",
      attributes: [
        ("class", cls), ("data-name", name), ("points", points.map { "\(num($0.0)),\(num($0.1))" }.joined(separator: " ")),
        ("fill", fill), ("fill-opacity", num(opacity)), ("stroke", "none"),
      ])
  }

  static func group(_ cls: String, _ children: [SVGNode]) -> SVGNode {
    element("g", ["class": cls], children)
  }

  /// The whole document: an XML declaration, then `<svg>` with a white background.
  static func document(width: Double, height: Double, title: String, _ children: [SVGNode]) -> String {
    let root = element(
      "svg",
      attributes: [
        ("xmlns", namespace), ("width", num(width)), ("height", num(height)), ("viewBox", "0 0 \(num(width)) \(num(height))"),
        ("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif"),
      ],
      [element("title", [:], [.text(title)]), rect(x: 0, y: 0, width: width, height: height, fill: "#ffffff", cls: "background")]
        + children)
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root.render(indentedBy: .spaces(1)) + "\n"
  }

  /// A coordinate with at most two decimals, no trailing zeros.
  package static func num(_ x: Double) -> String {
    guard x.isFinite else { return "0" }
    // In whole hundredths, written by hand: String(format:) was a quarter of a game page's time.
    let hundredths = (x * 100).rounded()
    guard abs(hundredths) < 1e15 else {
      var s = String(format: "%.2f", hundredths / 100)
      while s.hasSuffix("0") { s.removeLast() }
      return s.hasSuffix(".") ? String(s.dropLast()) : s
    }
    let h = Int(hundredths), whole = String(abs(h) / 100), part = abs(h) % 100
    let sign = h < 0 ? "-" : ""
    if part == 0 { return sign + whole }
    let digits = part % 10 == 0 ? String(part / 10) : (part < 10 ? "0" : "") + String(part)
    return sign + whole + "." + digits
  }

  static func escape(_ s: String) -> String {
    var out = ""
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }

  /// Ten distinguishable colours (Tableau 10), cycled.
  static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]

  static func colour(_ k: Int) -> String { palette[k % palette.count] }

  /// A sequential colour for t in [0, 1] (viridis, linearly between 5 anchors).
  package static func heat(_ t: Double) -> String {
    let anchors: [(Double, Double, Double)] = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]
    let x = min(max(t.isFinite ? t : 0, 0), 1) * Double(anchors.count - 1)
    let i = min(Int(x), anchors.count - 2), f = x - Double(i)
    let a = anchors[i], b = anchors[i + 1]
    func c(_ u: Double, _ v: Double) -> Int { Int((u + (v - u) * f).rounded()) }
    func hex(_ v: Int) -> String { (v < 16 ? "0" : "") + String(v, radix: 16) }
    return "#" + hex(c(a.0, b.0)) + hex(c(a.1, b.1)) + hex(c(a.2, b.2))
  }
}
