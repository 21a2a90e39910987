import Hummingbird

struct LiveRoutes {
  let server: MCSimServer
  func add(to router: Router<BasicRequestContext>) {}
}
