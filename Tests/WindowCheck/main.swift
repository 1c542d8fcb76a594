// cawindowcheck: scripted checks of QuartzCoreWindow in a real window, run by
// Tests/QuartzCoreTests/Host/Window/CAWindowTests.swift under Xvfb (one process per scenario:
// SDL's video state is process-wide). Each scenario prints `key value…` lines that the tests
// parse; the window's own lines go to standard error.
//
//   cawindowcheck frames cpu|gpu|auto OUTDIR   window pixels vs the offscreen frame of the same tree
//   cawindowcheck idle cpu|gpu                 frames and CPU time of a still window, then an animation
//   cawindowcheck blocked cpu|gpu              frames presented while the main queue is blocked
//   cawindowcheck resize cpu|gpu               0×0, 1×1, 16384×16384 and back
//   cawindowcheck events                       10,000 queued events, a throwing and a slow handler
//   cawindowcheck displaylink                  CADisplayLink on .main for one second
//   cawindowcheck latency cpu|gpu              frames from an input event to its frame on screen
//   cawindowcheck contextloss                  the GPU context destroyed under a window, then a change
//   cawindowcheck bench cpu|gpu                the window host's figures (Bench.swift)
import CQuartzSDL2
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreWindow
import QuartzCoreGL

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// A window used from the scenario thread only through `onMain`.
final class Box<T>: @unchecked Sendable { var value: T; init(_ v: T) { value = v } }

/// Runs `body` on the main queue and waits for it.
func onMain<R>(_ body: () throws -> R) rethrows -> R { try DispatchQueue.main.sync { try body() } }

/// Polls `condition` on the main queue every 10 ms for up to `seconds`; whether it held.
func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if onMain(condition) { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return false
}

func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

/// The test scene: an opaque background, rounded and bordered layers, a rotated one (edges
/// antialiased), a shadow and a text layer: 320 × 240 points.
func makeScene() -> CALayer {
    let root = CALayer()
    root.backgroundColor = rgb(0.15, 0.16, 0.2)
    let a = CALayer()
    a.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
    a.backgroundColor = rgb(0.9, 0.3, 0.2)
    a.cornerRadius = 14
    a.borderWidth = 3
    a.borderColor = rgb(1, 1, 1)
    root.addSublayer(a)
    let b = CALayer()
    b.frame = CGRect(x: 180, y: 30, width: 100, height: 100)
    b.backgroundColor = rgb(0.2, 0.7, 0.4)
    b.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
    b.shadowOpacity = 0.6
    b.shadowRadius = 5
    root.addSublayer(b)
    let t = CATextLayer()
    t.frame = CGRect(x: 20, y: 150, width: 280, height: 40)
    t.string = "Window 123"
    t.fontSize = 24
    t.foregroundColor = rgb(1, 0.9, 0.3)
    root.addSublayer(t)
    return root
}

/// What the window shows now and the offscreen renderer's frame of `reference` filling a host
/// of the window's size and scale (what a window does to its root); nil without a capture.
func shotAndReference(_ window: CAWindow, _ reference: CALayer) -> (shot: CGImage, frame: CGImage)? {
    reference.frame = CGRect(origin: .zero, size: window.size)
    guard let shot = window.capture(),
          let frame = CAOffscreenRenderer(rootLayer: reference, size: window.size, scale: window.contentsScale)?.image(at: 0)
    else { return nil }
    return (shot, frame)
}

/// Slides the scene's first layer across for `seconds` (an animation to draw).
func slide(_ scene: CALayer, _ seconds: Double) {
    onMain {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 80; a.toValue = 240; a.duration = seconds
        scene.sublayers![0].add(a, forKey: "slide")
    }
}

func backend(_ name: String) -> CAWindow.Backend {
    switch name { case "gpu": .gpu; case "cpu": .cpu; default: .automatic }
}

/// Opens the check window showing `scene` (made on the main queue, where its implicit
/// transaction commits), or prints why not and exits 69. `CHECK_SCALE` sets its scale.
func open(_ scene: CALayer, _ name: String, size: CGSize = CGSize(width: 320, height: 240)) -> Box<CAWindow> {
    let scale = ProcessInfo.processInfo.environment["CHECK_SCALE"].flatMap(Double.init).map { CGFloat($0) }
    do {
        return try onMain { Box(try CAWindow(title: "cawindowcheck", size: size, rootLayer: scene, backend: backend(name), scale: scale)) }
    } catch {
        say("error \(error)")
        exit(69)
    }
}

/// Process CPU time in seconds (user + system).
func cpuTime() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
}

/// Words of an image drawn opaque (over black), row 0 at the top.
func words(_ image: CGImage) -> [UInt32] {
    var out = [UInt32](repeating: 0, count: image.width * image.height)
    out.withUnsafeMutableBytes { raw in
        let ctx = CGContext(data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                            bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: image.width, height: image.height))
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    }
    return out
}

/// The largest channel difference of two words.
func delta(_ a: UInt32, _ b: UInt32) -> Int {
    var m = 0
    for shift: UInt32 in [0, 8, 16] {
        let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
        m = max(m, abs(x - y))
    }
    return m
}

/// Pixels differing by more than 2/255 where the reference's 3 × 3 neighbourhood is flat
/// (outside antialiased edges), and the largest difference anywhere.
func compare(_ window: CGImage, _ reference: CGImage) -> (mismatches: Int, maximum: Int) {
    guard window.width == reference.width, window.height == reference.height else { return (-1, 255) }
    let w = words(window), r = words(reference), width = window.width, height = window.height
    var mismatches = 0, maximum = 0
    for y in 0..<height {
        for x in 0..<width {
            let d = delta(w[y * width + x], r[y * width + x])
            maximum = max(maximum, d)
            guard d > 2 else { continue }
            var flat = true
            for dy in -1...1 { for dx in -1...1 {
                let nx = min(max(x + dx, 0), width - 1), ny = min(max(y + dy, 0), height - 1)
                if delta(r[ny * width + nx], r[y * width + x]) > 2 { flat = false }
            } }
            if flat { mismatches += 1 }
        }
    }
    return (mismatches, maximum)
}

func scenario(_ args: [String]) {
    let name = args.count > 1 ? args[1] : "auto"
    switch args.first ?? "" {
    case "frames":
        let out = URL(fileURLWithPath: args.count > 2 ? args[2] : "/tmp")
        let w = open(onMain { makeScene() }, name)
        let idle = wait(10) { w.value.isIdle }
        Thread.sleep(forTimeInterval: Double(ProcessInfo.processInfo.environment["CHECK_DELAY"] ?? "0.3")!)   // the CPU presenter shows frames on the main queue
        onMain {
            let window = w.value
            say("backend \(window.backendDescription)")
            say("idle \(idle)")
            guard let (shot, frame) = shotAndReference(window, makeScene()) else { say("error no capture"); exit(1) }
            try? shot.write(pngTo: out.appendingPathComponent("window.png"))
            try? frame.write(pngTo: out.appendingPathComponent("offscreen.png"))
            let (mismatches, maximum) = compare(shot, frame)
            say("size \(shot.width) \(shot.height)")
            say("mismatches \(mismatches) maximum \(maximum)")
            say("readbacks \(window.gpuReadbacks ?? -1)")
        }
    case "idle":
        let scene = onMain { makeScene() }
        let w = open(scene, name)
        _ = wait(10) { w.value.isIdle }
        Thread.sleep(forTimeInterval: 0.3)
        let before = onMain { w.value.frameCounts }, cpu0 = cpuTime()
        Thread.sleep(forTimeInterval: 2)
        let after = onMain { w.value.frameCounts }, cpu1 = cpuTime()
        say("still-frames \(after.presented - before.presented) \(after.unchanged - before.unchanged)")
        say(String(format: "still-cpu %.4f", (cpu1 - cpu0) / 2))
        slide(scene, 1)
        Thread.sleep(forTimeInterval: 0.5)
        let moving = onMain { w.value.frameCounts }
        say("animating-frames \(moving.presented - after.presented) idle \(onMain { w.value.isIdle })")
        say("idle-after-animation \(wait(3) { w.value.isIdle })")
    case "blocked":
        let scene = onMain { makeScene() }
        let w = open(scene, name)
        _ = wait(10) { w.value.isIdle }
        slide(scene, 3)
        Thread.sleep(forTimeInterval: 0.2)
        let before = w.value.loop.frameCounts.presented
        // The main queue is blocked for one second: the render thread goes on, and the screen
        // changes (read from the X server off the main queue).
        DispatchQueue.main.async { Thread.sleep(forTimeInterval: 1) }
        Thread.sleep(forTimeInterval: 0.2)
        let first = w.value.capture().map(words)
        Thread.sleep(forTimeInterval: 0.5)
        let second = w.value.capture().map(words)
        Thread.sleep(forTimeInterval: 0.3)
        let during = w.value.loop.frameCounts.presented - before
        say("frames-while-blocked \(during)")
        say("screen-changed-while-blocked \(first != nil && second != nil && first! != second!)")
        say("refresh \(w.value.loop.refreshRate)")
    case "resize":
        let w = open(onMain { makeScene() }, name)
        _ = wait(10) { w.value.isIdle }
        for (width, height) in [(0, 0), (1, 1), (16384, 16384), (5000, 80), (400, 300)] {
            onMain { w.value.sdl.setWindowSize(w.value.window, Int32(width), Int32(height)) }
            Thread.sleep(forTimeInterval: 0.5)
            onMain {
                let r = w.value.rootLayer.bounds
                say("resized \(width)x\(height) size \(Int(w.value.size.width))x\(Int(w.value.size.height)) root \(Int(r.width))x\(Int(r.height)) failed \(w.value.loop.frameCounts.failed)")
            }
        }
        _ = wait(5) { w.value.isIdle }
        Thread.sleep(forTimeInterval: 0.3)
        onMain {
            let window = w.value
            guard let (shot, frame) = shotAndReference(window, makeScene()) else { return say("error no capture") }
            let (mismatches, _) = compare(shot, frame)
            say("final \(shot.width)x\(shot.height) mismatches \(mismatches)")
        }
    case "events":
        let w = open(onMain { makeScene() }, "cpu")
        _ = wait(10) { w.value.isIdle }
        let count = Box(0), threw = Box(false)
        struct Refused: Error {}
        onMain {
            w.value.eventHandler = { event in
                if case .pointerMoved = event { count.value += 1 }
                if case .keyDown(let k) = event, k.key == "T" { threw.value = true; throw Refused() }
                if case .keyDown(let k) = event, k.key == "S" { Thread.sleep(forTimeInterval: 2) }
            }
        }
        let start = Date()
        onMain {
            let window = w.value
            var e = SDL_Event()
            for i in 0..<10_000 {
                e = SDL_Event()
                e.type = SDL_MOUSEMOTION.rawValue
                e.motion.windowID = window.windowID
                e.motion.x = Int32(i % 300); e.motion.y = 10
                _ = window.sdl.pushEvent(&e)
            }
            for key in [SDLK_t, SDLK_s] {
                e = SDL_Event()
                e.type = SDL_KEYDOWN.rawValue
                e.key.windowID = window.windowID
                e.key.keysym.sym = SDL_Keycode(bitPattern: key.rawValue)
                _ = window.sdl.pushEvent(&e)
            }
        }
        // The slow handler blocks the main queue for 2 s; the render thread is not affected.
        _ = wait(20) { count.value >= 9_000 && threw.value }
        Thread.sleep(forTimeInterval: 2.5)
        say("handled \(onMain { count.value }) threw \(onMain { threw.value }) in \(String(format: "%.2f", Date().timeIntervalSince(start)))")
        say("open \(onMain { !w.value.isClosed })")
    case "displaylink":
        let w = open(onMain { makeScene() }, "cpu")
        _ = wait(10) { w.value.isIdle }
        let fired = Box(0), onMainQueue = Box(true)
        let link = onMain { () -> CADisplayLink in
            let link = CADisplayLink { _ in
                fired.value += 1
                if !Thread.isMainThread && DispatchQueue.getSpecific(key: mainKey) != true { onMainQueue.value = false }
            }
            link.add(to: .main, forMode: .common)
            return link
        }
        let start = onMain { fired.value }
        Thread.sleep(forTimeInterval: 1)
        say("displaylink \(onMain { fired.value } - start) main \(onMain { onMainQueue.value }) refresh \(w.value.loop.refreshRate)")
        onMain { link.invalidate() }
        say("idle-after-invalidate \(wait(3) { w.value.isIdle })")
    case "latency":
        let scene = onMain { makeScene() }
        let w = open(scene, name)
        _ = wait(10) { w.value.isIdle }
        var samples: [Double] = []
        for i in 0..<20 {
            let eventTime = Box(0.0)
            onMain {
                w.value.eventHandler = { event in
                    guard case .keyDown = event else { return }
                    eventTime.value = CACurrentMediaTime()
                    scene.sublayers![0].backgroundColor = i % 2 == 0 ? rgb(0.1, 0.2, 0.9) : rgb(0.9, 0.3, 0.2)
                }
                var e = SDL_Event()
                e.type = SDL_KEYDOWN.rawValue
                e.key.windowID = w.value.windowID
                e.key.keysym.sym = SDL_Keycode(bitPattern: SDLK_a.rawValue)
                _ = w.value.sdl.pushEvent(&e)
            }
            _ = wait(2) { eventTime.value > 0 && w.value.loop.lastPresentTime > eventTime.value }
            let interval = 1 / w.value.loop.refreshRate
            samples.append((w.value.loop.lastPresentTime - eventTime.value) / interval)
            Thread.sleep(forTimeInterval: 0.1)
        }
        samples.sort()
        say(String(format: "latency-frames median %.2f max %.2f", samples[samples.count / 2], samples.last!))
    case "contextloss":
        // The GPU context is destroyed as a reset would; the next change is drawn with a new one.
        let scene = onMain { makeScene() }
        let w = open(scene, "gpu")
        _ = wait(10) { w.value.isIdle }
        guard let gl = w.value.loop.currentPresenter as? GLWindowPresenter else { say("error not on the GPU"); exit(1) }
        gl.simulateContextLoss()
        onMain { scene.sublayers![0].backgroundColor = rgb(0.2, 0.3, 0.9) }
        _ = wait(10) { w.value.isIdle }
        Thread.sleep(forTimeInterval: 0.3)
        onMain {
            let window = w.value
            let reference = makeScene()
            reference.sublayers![0].backgroundColor = rgb(0.2, 0.3, 0.9)
            guard let (shot, frame) = shotAndReference(window, reference) else { return say("error no capture") }
            say("recoveries \(gl.recoveries) backend \(window.backendDescription)")
            say("mismatches \(compare(shot, frame).mismatches)")
        }
    case "bench":
        bench(name)
    default:
        say("usage: cawindowcheck frames|idle|blocked|resize|events|displaylink|latency|contextloss|bench [cpu|gpu|auto] [OUTDIR]")
        exit(64)
    }
    exit(0)
}

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
CAWindow.exitsWithLastWindow = false
let arguments = Array(CommandLine.arguments.dropFirst())
Thread { scenario(arguments) }.start()
CAWindow.run()
