import Foundation
import ServiceContracts
import UseCases

/// One spelling per player within an event, so that books which spell a player differently
/// still price the same prop (The Odds API's player-points sample has "J. Isaac" beside
/// "Jonathan Isaac" and "Wendell Carter" beside "Wendell Carter Jr.").
///
/// Two spellings are the same player when
/// - they agree after dropping case, punctuation and a generational suffix (Jr, Sr, II, III, IV), or
/// - one is an initial and a surname ("J. Isaac") and exactly one other spelling has a first
///   name with that initial and the same surname (an initial shared by two players stays apart).
/// Each player is written as the spelling most books use (ties: the longest, then the first seen).
struct PlayerNames {
  /// "spelling -> canonical" for every spelling that was merged into another.
  private(set) var canonicalBySpelling: [String: String] = [:]
  /// Human-readable merges, for the feed's notes.
  private(set) var merges: [String] = []

  private static let suffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv"]

  /// `spellings` has one entry per book using the spelling.
  init(_ spellings: [String]) {
    guard !spellings.isEmpty else { return }
    var counts: [String: Int] = [:]
    var order: [String] = []
    for s in spellings {
      if counts[s] == nil { order.append(s) }
      counts[s, default: 0] += 1
    }
    // Group by the suffix-free key.
    var groups: [String: [String]] = [:]
    var keyOrder: [String] = []
    for s in order {
      let key = Self.key(s)
      if groups[key] == nil { keyOrder.append(key) }
      groups[key, default: []].append(s)
    }
    // An initial-and-surname key joins the one full-name key it abbreviates.
    for key in keyOrder {
      let tokens = key.split(separator: " ")
      guard tokens.count >= 2, tokens[0].count == 1, groups[key] != nil else { continue }
      let surname = tokens.dropFirst().joined(separator: " ")
      let matches = keyOrder.filter { other in
        let t = other.split(separator: " ")
        return other != key && t.count >= 2 && t[0].count > 1 && t[0].first == tokens[0].first
          && t.dropFirst().joined(separator: " ") == surname && groups[other] != nil
      }
      guard matches.count == 1 else { continue }
      groups[matches[0], default: []] += groups[key]!
      groups[key] = nil
    }
    for key in keyOrder {
      guard let members = groups[key], members.count > 1 else { continue }
      let best = members.enumerated().max { a, b in
        let (ca, cb) = (counts[a.element]!, counts[b.element]!)
        if ca != cb { return ca < cb }
        if a.element.count != b.element.count { return a.element.count < b.element.count }
        return a.offset > b.offset
      }!.element
      for m in members where m != best { canonicalBySpelling[m] = best }
      let others = members.filter { $0 != best }.map { "'\($0)'" }.joined(separator: ", ")
      merges.append("\(others) read as '\(best)'")
    }
  }

  func canonical(_ spelling: String) -> String {
    canonicalBySpelling[spelling] ?? spelling
  }

  /// Lowercased, punctuation dropped, generational suffix removed.
  static func key(_ name: String) -> String {
    var tokens = TeamDirectory.normalise(name).split(separator: " ").map(String.init)
    if tokens.count > 2, let last = tokens.last, suffixes.contains(last) { tokens.removeLast() }
    return tokens.joined(separator: " ")
  }
}
