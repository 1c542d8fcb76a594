import Foundation
import Testing
@testable import Lottie

/// The reason a Lottie file is refused names the real fault: in/out points out of range with the
/// limit, an empty range, and a `.lottie` that is neither a zip nor JSON.
@Suite struct LottieHeaderErrorTests {
    func error(_ json: String) -> String {
        do { _ = try LottieAnimation(data: Data(json.utf8)); return "accepted" } catch { return error.description }
    }

    @Test func anOutPointOutOfRangeSaysSoWithTheLimit() {
        let message = error(#"{"fr":30,"ip":0,"op":1e12,"w":10,"h":10,"layers":[]}"#)
        #expect(message.contains("span 1000000000000.0 frames") && message.contains("at most 10000000"), "\(message)")
        #expect(!message.contains("missing"))
    }

    @Test func anEmptyRangeAndMissingPointsAreToldApart() {
        #expect(error(#"{"fr":30,"ip":5,"op":5,"w":10,"h":10,"layers":[]}"#).contains("is not after in point 'ip' (5.0)"))
        #expect(error(#"{"fr":30,"ip":0,"w":10,"h":10,"layers":[]}"#).contains("'ip'/'op' missing"))
    }

    @Test func aDotLottieThatIsNotAZipSaysSo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-notzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("x.lottie"), json = dir.appendingPathComponent("y.lottie")
        try Data("not a zip".utf8).write(to: text)
        try Data(#"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#.utf8).write(to: json)
        do { _ = try LottieAnimation(contentsOf: text); Issue.record("accepted") } catch {
            #expect(error.description.hasPrefix("not a .lottie (zip) archive"), "\(error)")
        }
        // Plain JSON under the .lottie name is still read.
        #expect(try LottieAnimation(contentsOf: json).outPoint == 10)
    }
}
