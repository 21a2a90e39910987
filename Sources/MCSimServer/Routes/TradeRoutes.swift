import Hummingbird

struct TradeRoutes {
  let server: MCSimServer
  func add(to router: Router<BasicRequestContext>) {}
}
