import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GET over http(s) with FoundationNetworking's URLSession, for feeds that live behind a URL.
///
/// - Each attempt has a deadline (`timeout`, seconds, the whole request including the body).
/// - 429 and 5xx are retried up to `retries` times: after the server's `Retry-After` (seconds or
///   an HTTP date) when it gives one, else after `backoff` x 2^attempt seconds (0.5, 1, 2, ...). A
///   `Retry-After` longer than `maxWait` is not waited for: the error says how long was asked.
/// - A connection that fails or drops mid-body (fewer bytes than Content-Length) is retried the
///   same way; it never yields a partial body. A timeout is not retried (the deadline is the user's).
/// - Any other status outside 2xx fails at once, with the status and the start of the body (The
///   Odds API's `{"message": ...}` is shown as its message).
/// Messages do not repeat the URL (the caller names the source, see `InputSource`).
public struct HTTPFetcher: Sendable {
  public struct Policy: Sendable, Hashable {
    public var timeout: Double
    public var retries: Int
    public var backoff: Double
    public var maxWait: Double

    public init(timeout: Double = 10, retries: Int = 3, backoff: Double = 0.5, maxWait: Double = 60) {
      self.timeout = timeout
      self.retries = retries
      self.backoff = backoff
      self.maxWait = maxWait
    }
  }

  public let policy: Policy
  /// How waits between attempts happen (tests record them instead).
  let sleep: @Sendable (Double) -> Void

  public init(policy: Policy = Policy(), sleep: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }) {
    self.policy = policy
    self.sleep = sleep
  }

  public func get(_ url: URL) throws(SourceError) -> Data {
    var attempt = 0
    while true {
      let outcome = perform(url)
      let retryable: String
      var wait = policy.backoff * Double(1 << min(attempt, 20))
      switch outcome {
      case .failure(let error):
        if error.code == .timedOut {
          throw SourceError("no complete answer within \(Self.seconds(policy.timeout)) (--timeout)")
        }
        retryable = "\(error.localizedDescription)"
      case .success(let status, let headers, let body):
        if (200..<300).contains(status) { return body }
        guard status == 429 || (500..<600).contains(status) else {
          throw SourceError("HTTP \(status)\(Self.detail(body))")
        }
        retryable = "HTTP \(status)\(Self.detail(body))"
        if let asked = Self.retryAfter(headers) {
          guard asked <= policy.maxWait else {
            throw SourceError("\(retryable); the server asks to retry after \(Self.seconds(asked)), longer than \(Self.seconds(policy.maxWait))")
          }
          wait = asked
        }
      }
      guard attempt < policy.retries else {
        throw SourceError("\(retryable) (after \(attempt + 1) attempt\(attempt == 0 ? "" : "s"))")
      }
      sleep(wait)
      attempt += 1
    }
  }

  private enum Outcome {
    case success(status: Int, headers: [String: String], body: Data)
    case failure(URLError)
  }

  private final class Box: @unchecked Sendable {
    var outcome: Outcome = .failure(URLError(.unknown))
  }

  private func perform(_ url: URL) -> Outcome {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = policy.timeout
    configuration.timeoutIntervalForResource = policy.timeout
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    var request = URLRequest(url: url, timeoutInterval: policy.timeout)
    request.setValue("mcsim/0.1", forHTTPHeaderField: "User-Agent")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: request) { data, response, error in
      if let error {
        box.outcome = .failure(error as? URLError ?? URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)"]))
      } else if let http = response as? HTTPURLResponse {
        var headers: [String: String] = [:]
        for (k, v) in http.allHeaderFields {
          if let k = k as? String, let v = v as? String { headers[k.lowercased()] = v }
        }
        let body = data ?? Data()
        // Content-Length counts the bytes on the wire: compare only when they are not encoded.
        let encoded = headers["content-encoding"].map { $0.lowercased() != "identity" } ?? false
        if !encoded, let expected = headers["content-length"].flatMap(Int.init), expected != body.count {
          box.outcome = .failure(URLError(.networkConnectionLost, userInfo: [
            NSLocalizedDescriptionKey: "the body was cut off (\(body.count) of \(expected) bytes)"
          ]))
        } else {
          box.outcome = .success(status: http.statusCode, headers: headers, body: body)
        }
      } else {
        box.outcome = .failure(URLError(.badServerResponse))
      }
      done.signal()
    }
    task.resume()
    // The session's own deadline ends the task; this bound only guards against a task that
    // never calls back.
    if done.wait(timeout: .now() + policy.timeout + 5) == .timedOut {
      task.cancel()
      return .failure(URLError(.timedOut))
    }
    return box.outcome
  }

  /// Seconds to wait from a Retry-After header (keys lowercased): delta-seconds or an HTTP date.
  public static func retryAfter(_ headers: [String: String], now: Date = Date()) -> Double? {
    guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) else { return nil }
    if let seconds = Double(value), seconds >= 0 { return seconds }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  /// ": <the API's message or the start of the body>", or nothing for an empty body.
  static func detail(_ body: Data) -> String {
    if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let message = object["message"] as? String ?? object["error"] as? String
    {
      return ": \(message)"
    }
    let text = String(decoding: body.prefix(200), as: UTF8.self)
      .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? "" : ": \(text)\(body.count > 200 ? "…" : "")"
  }

  /// The URL with the values of secret-looking query items replaced by ***.
  public static func redacted(_ url: URL) -> String {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false), let items = parts.queryItems else {
      return url.absoluteString
    }
    let secret: Set<String> = ["apikey", "api_key", "key", "token", "access_token", "secret"]
    parts.queryItems = items.map { secret.contains($0.name.lowercased()) ? URLQueryItem(name: $0.name, value: "***") : $0 }
    return parts.string ?? url.absoluteString
  }

  static func seconds(_ s: Double) -> String {
    s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
  }
}
