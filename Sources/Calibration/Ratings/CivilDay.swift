/// Days since 1970-01-01 of a `YYYY-MM-DD` date (proleptic Gregorian; Hinnant's days_from_civil),
/// so dates a results file gives can be subtracted. Nil for text that is not such a date: ASCII
/// digits only, a month of 1-12 and a day that month has (2024-02-30 is not one).
package enum CivilDay {
  package static func number(_ date: String) -> Int? {
    let parts = date.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
      let y0 = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m)
    else { return nil }
    let leap = y0 % 4 == 0 && (y0 % 100 != 0 || y0 % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    guard (1...days).contains(d) else { return nil }
    let y = m <= 2 ? y0 - 1 : y0
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146097 + doe - 719468
  }
}
