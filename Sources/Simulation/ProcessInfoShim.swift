import Foundation

enum ProcessInfoShim {
  static var activeProcessorCount: Int { ProcessInfo.processInfo.activeProcessorCount }
}
