import Hummingbird

struct OddsRoutes {
  let server: MCSimServer
  func add(to router: Router<BasicRequestContext>) {}
}
