import Foundation
import Testing

/// The smaller frictions of a first trial: `info` names the states before the long layer tree
/// and shows a state's values with `--state`; `convert` of a Lottie file says what it is, and
/// of an @2x bundle to a name without `@2x` says how to keep the scale.
@Suite("carender info and convert frictions", .serialized)
struct CarenderInfoConvertTests {
    static let main = """
    <?xml version="1.0" encoding="UTF-8"?>
    <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
      <CALayer bounds="0 0 200 100" position="100 50">
        <sublayers><CALayer id="a" name="dot" bounds="0 0 10 10" position="10 50"/></sublayers>
        <states>
          <LKState name="Locked"><elements>
            <LKStateSetValue targetId="a" keyPath="position.x"><value type="integer" value="20"/></LKStateSetValue>
          </elements></LKState>
          <LKState name="Unlock"><elements>
            <LKStateSetValue targetId="a" keyPath="position.x"><value type="real" value="150"/></LKStateSetValue>
          </elements></LKState>
        </states>
      </CALayer>
    </caml>
    """

    /// A folder holding `scene@2x~iphone.ca/main.caml`.
    func withBundle(_ body: (_ bundle: URL, _ dir: URL) throws -> Void) throws {
        let dir = try ToolRun.temporaryFolder("infoconvert")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bundle = dir.appendingPathComponent("scene@2x~iphone.ca")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(Self.main.utf8).write(to: bundle.appendingPathComponent("main.caml"))
        try body(bundle, dir)
    }

    @Test func infoNamesTheStatesFirstAndShowsOneWithState() throws {
        try withBundle { bundle, _ in
            let plain = try ToolRun("carender", ["info", bundle.path])
            #expect(plain.status == 0, "\(plain.errors)")
            let lines = plain.output.split(separator: "\n").map(String.init)
            let states = try #require(lines.firstIndex(of: "  states: Locked, Unlock"), "\(plain.output)")
            #expect(states < (lines.firstIndex(of: "layers:") ?? 0))
            let unlocked = try ToolRun("carender", ["info", bundle.path, "--state", "Unlock"])
            #expect(unlocked.status == 0, "\(unlocked.errors)")
            #expect(unlocked.output.contains("CALayer \"dot\" id=a bounds (0 0 10 10) position (150 50)"), "\(unlocked.output)")
            let missing = try ToolRun("carender", ["info", bundle.path, "--state", "Nope"])
            #expect(missing.status == 64 && missing.errors.contains("scene has no state 'Nope' (its states: Locked, Unlock)"))
        }
    }

    @Test func convertSaysHowToKeepTheScale() throws {
        try withBundle { bundle, dir in
            let out = dir.appendingPathComponent("copy.ca")
            let r = try ToolRun("carender", ["convert", bundle.path, "-o", out.path])
            #expect(r.status == 0, "\(r.errors)")
            #expect(r.errors.contains("the scene is @2x, which only a bundle's name carries: name it copy@2x.ca"), "\(r.errors)")
            let kept = try ToolRun("carender", ["convert", bundle.path, "-o", dir.appendingPathComponent("copy@2x.ca").path])
            #expect(kept.status == 0 && !kept.errors.contains("the scene is @2x"), "\(kept.errors)")
        }
    }

    @Test func convertOfALottieFileSaysWhatItIs() throws {
        let r = try ToolRun("carender", ["convert", "anim.json", "-o", "/tmp/x.ca"])
        #expect(r.status == 64)
        #expect(r.errors.hasPrefix("carender: convert writes CAML scenes back; anim.json is a Lottie animation"), "\(r.errors)")
    }
}
