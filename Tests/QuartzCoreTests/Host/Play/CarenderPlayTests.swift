import Testing
import CoreGraphics
import Foundation
import QuartzCore

/// `carender play` as a user meets it, in a window on a virtual X server (Xvfb): the window's
/// pixels (read back by play's screenshot hook) are the offscreen frame of the same time
/// (`carender render`) over black, within 2/255 outside a 1-pixel antialiasing band
/// (`RenderPaths.mismatches`); keys change states and pause; a lost context, a close request
/// mid-frame and a display going away end or continue cleanly. Skipped, saying why, where Xvfb
/// or libSDL2 is missing; the no-display cases run wherever SDL is.
@Suite("carender play", .serialized)
struct CarenderPlayTests {
    static let needs = "needs Xvfb and libSDL2 (scripts/install-deps.sh installs xvfb and libsdl2-dev)"
    static let hello = "Examples/scenes/hello.caml"
    static let squares = "../shared/scenes/wallpapers/Spinning_Squares.wallpaper"
    static let lottie = "../shared/lottie/samples/9squares_AlBoardman.json"
    static let hasShared = FileManager.default.fileExists(atPath: CarenderBackendTests.root.appendingPathComponent(squares).path)
    static let hasLottie = FileManager.default.fileExists(atPath: CarenderBackendTests.root.appendingPathComponent(lottie).path)

    /// Runs carender on `display` (none: DISPLAY and WAYLAND_DISPLAY removed); kills it after
    /// `timeout` seconds. `whileRunning` gets the standard error so far until it returns true.
    private func carender(_ arguments: [String], display: VirtualDisplay?, env: [String: String] = [:],
                          timeout: Double = 180, whileRunning: ((String) -> Bool)? = nil) throws -> (status: Int32, log: String) {
        let p = Process(), err = Pipe(), log = LockedText()
        p.executableURL = CarenderBackendTests.binary
        p.arguments = arguments
        p.currentDirectoryURL = CarenderBackendTests.root
        var environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        environment["DISPLAY"] = display?.name
        environment["WAYLAND_DISPLAY"] = nil
        p.environment = environment
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        err.fileHandleForReading.readabilityHandler = { h in log.append(String(decoding: h.availableData, as: UTF8.self)) }
        try p.run()
        var watching = whileRunning
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline {
            if let w = watching, w(log.value) { watching = nil }
            Thread.sleep(forTimeInterval: 0.05)
        }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }   // SIGTERM is blocked in children of the test process
        p.waitUntilExit()
        err.fileHandleForReading.readabilityHandler = nil
        log.append(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        #expect(Date() < deadline, "carender \(arguments.joined(separator: " ")) ran past \(timeout) s")
        return (p.terminationStatus, log.value)
    }

    private func temporary() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("carender-play-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A PNG's pixels as premultiplied ARGB words, over black (alpha set to 255).
    private func opaqueWords(_ url: URL) throws -> (width: Int, height: Int, words: [UInt32]) {
        let image = try CGImage.decode(from: Data(contentsOf: url))
        let ctx = RenderPaths.context(image.width, image.height)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return (image.width, image.height, RenderPaths.words(ctx).map { $0 | 0xFF00_0000 })
    }

    /// Plays `scene` with `play` arguments and the screenshot hook, renders `render` arguments,
    /// and expects the window to show the offscreen frame.
    private func expectWindowShowsFrame(_ scene: String, play: [String], render: [String], env: [String: String] = [:],
                                        sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let dir = try temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let display = try #require(VirtualDisplay(), "Xvfb did not start")
        defer { display.stop() }
        let shot = dir.appendingPathComponent("window.png"), reference = dir.appendingPathComponent("render.png")
        let (status, log) = try carender(["play", scene] + play, display: display,
                                         env: env.merging(["CARENDER_PLAY_SCREENSHOT": shot.path]) { $1 })
        #expect(status == 0, "play: \(log)", sourceLocation: sourceLocation)
        let (renderStatus, renderLog) = try carender(["render", scene] + render + ["-o", reference.path], display: nil)
        #expect(renderStatus == 0, "render: \(renderLog)", sourceLocation: sourceLocation)
        let window = try opaqueWords(shot), frame = try opaqueWords(reference)
        #expect(window.width == frame.width && window.height == frame.height, sourceLocation: sourceLocation)
        guard window.width == frame.width, window.height == frame.height else { return log }
        let bad = RenderPaths.mismatches(frame.words, window.words, frame.width, frame.height)
        #expect(bad.isEmpty, "\(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        return log
    }

    @Test(.enabled(if: VirtualDisplay.available, Comment(rawValue: needs)))
    func theWindowShowsTheOffscreenFrameDrawnOnTheCPU() throws {
        let log = try expectWindowShowsFrame(Self.hello, play: ["--time", "0.5", "--scale", "1", "--frames", "3", "--backend", "cpu"],
                                             render: ["--time", "0.5", "--scale", "1", "--backend", "cpu"])
        #expect(log.contains("carender: playing in a 320×240 window ("))
        #expect(log.contains("carender: played 3 frames in "))
    }

    @Test(.enabled(if: VirtualDisplay.available && BackendKind.GPU.shared != nil, "needs Xvfb, libSDL2 and EGL"))
    func theWindowShowsTheOffscreenFrameDrawnOnTheGPU() throws {
        let log = try expectWindowShowsFrame(Self.hello, play: ["--time", "0.5", "--scale", "1", "--frames", "3", "--backend", "gpu"],
                                             render: ["--time", "0.5", "--scale", "1", "--backend", "gpu"])
        #expect(log.contains("QuartzCoreWindow: drawing on the GPU, straight to the window (EGL X11"), "\(log)")
    }

    /// Frames that each have damage keep drawing on the GPU, into the window's EGL surface (no
    /// SDL renderer, so no GLX context beside ours: glvnd once refused our EGL context from frame
    /// 2 on — EGL_BAD_ACCESS — when SDL had one on the same thread).
    @Test(.enabled(if: VirtualDisplay.available && BackendKind.GPU.shared != nil, "needs Xvfb, libSDL2 and EGL"))
    func movingFramesStayOnTheGPU() throws {
        let log = try expectWindowShowsFrame(Self.hello, play: ["--scale", "1", "--frames", "3", "--backend", "gpu"],
                                             render: ["--time", "\(2.0 / 60)", "--scale", "1", "--backend", "gpu"],
                                             env: ["CARENDER_PLAY_FIXED_STEP": "60"])
        #expect(!log.contains("failed"), "\(log)")
        #expect(!log.contains("context was lost"), "\(log)")
        #expect(log.contains("(the GPU, straight to the window (EGL X11"), "\(log)")
    }

    @Test(.enabled(if: VirtualDisplay.available && BackendKind.GPU.shared != nil, "needs Xvfb, libSDL2 and EGL"))
    func aLostContextIsMadeAgainAndTheFrameStillMatches() throws {
        // Playing at fixed 1/60 s steps, so frame 2 has damage to draw on the GPU; frame 3 shows 2/60 s.
        let log = try expectWindowShowsFrame(Self.hello, play: ["--scale", "1", "--frames", "3", "--backend", "gpu"],
                                             render: ["--time", "\(2.0 / 60)", "--scale", "1", "--backend", "gpu"],
                                             env: ["CARENDER_PLAY_FAULT": "context-loss@2", "CARENDER_PLAY_FIXED_STEP": "60"])
        #expect(log.contains("QuartzCoreGL: the OpenGL ES context was lost ("), "\(log)")
        #expect(log.contains("presenting with a new one"), "\(log)")
        #expect(log.contains("(the GPU, straight to the window"), "still on the GPU: \(log)")
    }

    /// The shared wallpaper in state Locked; after frame 1 → (the next state, its transition
    /// starting at 0), after frame 11 space pauses at 10/60 s; frame 31 still shows 10/60 s:
    /// `render --from-state Locked --state NEXT --time 10/60`.
    @Test(.enabled(if: VirtualDisplay.available && hasShared, "needs Xvfb, libSDL2 and ../shared/scenes"))
    func keysChangeStateWithItsTransitionAndSpacePauses() throws {
        let dir = try temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let display = try #require(VirtualDisplay(), "Xvfb did not start")
        defer { display.stop() }
        let shot = dir.appendingPathComponent("window.png"), reference = dir.appendingPathComponent("render.png")
        let (status, log) = try carender(["play", Self.squares, "--state", "Locked", "--scale", "1", "--frames", "31", "--backend", "cpu"],
                                         display: display,
                                         env: ["CARENDER_PLAY_SCREENSHOT": shot.path, "CARENDER_PLAY_KEYS": "right@1,space@11",
                                               "CARENDER_PLAY_FIXED_STEP": "60"])
        #expect(status == 0, "play: \(log)")
        let stateLine = try #require(log.split(separator: "\n").first { $0.hasPrefix("carender: state ") })
        let next = String(stateLine.dropFirst("carender: state ".count))
        #expect(next != "Locked")
        #expect(log.contains(String(format: "carender: paused at %.3f s", 10.0 / 60)))
        let (renderStatus, renderLog) = try carender(["render", Self.squares, "--from-state", "Locked", "--state", next,
                                                      "--time", "\(10.0 / 60)", "--scale", "1", "--backend", "cpu", "-o", reference.path],
                                                     display: nil)
        #expect(renderStatus == 0, "render: \(renderLog)")
        let window = try opaqueWords(shot), frame = try opaqueWords(reference)
        try #require(window.width == frame.width && window.height == frame.height)
        let bad = RenderPaths.mismatches(frame.words, window.words, frame.width, frame.height)
        #expect(bad.isEmpty, "\(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")")
        // Not the frame without the key press: the state change shows.
        let (lockedStatus, _) = try carender(["render", Self.squares, "--state", "Locked", "--time", "\(10.0 / 60)", "--scale", "1",
                                              "--backend", "cpu", "-o", reference.path], display: nil)
        #expect(lockedStatus == 0)
        #expect(!RenderPaths.mismatches(try opaqueWords(reference).words, window.words, frame.width, frame.height).isEmpty)
    }

    /// A Lottie animation (frames 0…176 at 30 fps) opened paused at 0.5 s shows frame 15, as
    /// `render ANIMATION --frame 15` draws it.
    @Test(.enabled(if: VirtualDisplay.available && hasLottie, "needs Xvfb, libSDL2 and ../shared/lottie"))
    func aLottieAnimationShowsItsFrameAtThePlayTime() throws {
        let log = try expectWindowShowsFrame(Self.lottie, play: ["--time", "0.5", "--scale", "1", "--frames", "2", "--backend", "cpu"],
                                             render: ["--frame", "15", "--scale", "1"])
        #expect(log.contains("carender: playing in a 180×180 window ("))
    }

    @Test(.enabled(if: VirtualDisplay.available, Comment(rawValue: needs)))
    func resizingLetterboxesTheFrame() throws {
        let dir = try temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let display = try #require(VirtualDisplay(), "Xvfb did not start")
        defer { display.stop() }
        let wide = dir.appendingPathComponent("wide.png"), tall = dir.appendingPathComponent("tall.png")
        let reference = dir.appendingPathComponent("render.png")
        let common = ["--time", "0.5", "--scale", "1", "--frames", "2", "--backend", "cpu"]
        for (window, shot) in [("640x240", wide), ("160x240", tall)] {
            let (status, log) = try carender(["play", Self.hello, "--window", window] + common, display: display,
                                             env: ["CARENDER_PLAY_SCREENSHOT": shot.path])
            #expect(status == 0, "play --window \(window): \(log)")
        }
        _ = try carender(["render", Self.hello, "--time", "0.5", "--scale", "1", "--backend", "cpu", "-o", reference.path], display: nil)
        let frame = try opaqueWords(reference)
        // 640 × 240: the 320 × 240 frame at 1:1 between two black bars 160 wide.
        let w = try opaqueWords(wide)
        try #require(w.width == 640 && w.height == 240)
        var centre: [UInt32] = [], bars = Set<UInt32>()
        for y in 0..<240 {
            for x in 0..<640 {
                if (160..<480).contains(x) { centre.append(w.words[y * 640 + x]) } else { bars.insert(w.words[y * 640 + x]) }
            }
        }
        #expect(bars == [0xFF00_0000])
        #expect(RenderPaths.mismatches(frame.words, centre, 320, 240).isEmpty)
        // 160 × 240: the frame at half size, 160 × 120, with black bars of 60 rows above and below.
        let t = try opaqueWords(tall)
        try #require(t.width == 160 && t.height == 240)
        #expect(Set(t.words[0..<(60 * 160)] + t.words[(180 * 160)...]) == [0xFF00_0000])
        // The scene's background (0.93 0.94 0.96) in the content's top-left corner.
        let corner = t.words[65 * 160 + 5]
        #expect(abs(Int(corner >> 16 & 0xFF) - 237) <= 2 && abs(Int(corner >> 8 & 0xFF) - 240) <= 2 && abs(Int(corner & 0xFF) - 245) <= 2)
    }

    @Test(.enabled(if: VirtualDisplay.available, Comment(rawValue: needs)))
    func aCloseRequestMidFrameEndsPlayCleanly() throws {
        let display = try #require(VirtualDisplay(), "Xvfb did not start")
        defer { display.stop() }
        let (status, log) = try carender(["play", Self.hello, "--scale", "1", "--frames", "100", "--backend", "cpu"], display: display,
                                         env: ["CARENDER_PLAY_FAULT": "close@2"])
        #expect(status == 0, "\(log)")
        #expect(log.contains("carender: played 2 frames in "))
    }

    @Test(.enabled(if: VirtualDisplay.available, Comment(rawValue: needs)))
    func theDisplayGoingAwayEndsPlayWithAClearMessage() throws {
        let display = try #require(VirtualDisplay(), "Xvfb did not start")
        let (status, log) = try carender(["play", Self.hello, "--scale", "1", "--backend", "cpu"], display: display, timeout: 60) { log in
            guard log.contains("carender: playing in a") else { return false }
            Thread.sleep(forTimeInterval: 0.3)
            display.stop()
            return true
        }
        #expect(status == 69, "\(log)")
        #expect(log.contains("carender: the display closed the window's connection (the X server went away); stopping"))
    }

    @Test(.enabled(if: VirtualDisplay.hasSDL, "needs libSDL2"))
    func withoutADisplayPlaySaysSoAndExits69() throws {
        let (status, log) = try carender(["play", Self.hello], display: nil)
        #expect(status == 69)
        #expect(log.contains("carender: play: no display to open a window on; "))
        #expect(log.contains("neither DISPLAY nor WAYLAND_DISPLAY is set"))
    }

    @Test func withoutSDLPlaySaysSoAndExits69AndRenderStillWorks() throws {
        let (status, log) = try carender(["play", Self.hello], display: nil, env: ["CARENDER_SDL_LIBRARY": "/nonexistent/libSDL2.so"])
        #expect(status == 69)
        #expect(log.contains("carender: play: no SDL2 library ("))
        let (usage, usageLog) = try carender(["play", Self.hello, "-o", "x.png"], display: nil)
        #expect(usage == 64)
        #expect(usageLog.contains("play shows the scene in a window: -o is for render"))
    }
}
