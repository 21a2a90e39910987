/// How The Odds API's numeric prices are to be read: it returns decimal or American odds as
/// JSON numbers, as the request's `oddsFormat` asked, and says nothing about which in the body.
package enum PriceFormat: String, CaseIterable, Sendable {
  case decimal, american
}
