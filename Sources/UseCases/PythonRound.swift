/// `round(x, places)` as the replaced services' Python rounded (numpy's way: multiply by
/// 10^places, round half to even, divide): the one rounding of every figure their clients read
/// rounded. Places 0 to 6.
package enum PythonRound {
  package static func rounded(_ x: Double, _ places: Int) -> Double {
    let scale = [1.0, 10, 100, 1_000, 10_000, 100_000, 1_000_000][places]
    return (x * scale).rounded(.toNearestOrEven) / scale
  }
}
