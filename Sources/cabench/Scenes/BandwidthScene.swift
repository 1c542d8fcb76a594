// The memory-bandwidth roof: what one full frame costs when only the bytes matter. Render
// scenes compare against it (issue 7: `fillrate` within 1.1× of this roof).
import CPeer

struct BandwidthScene: BenchScene {
    let name = "bandwidth"
    let summary = "1920×1080 ARGB32 full-frame copy and premultiplied OVER in C and pixman; ms per frame, GB/s"
    let width = 1920, height = 1080

    func cases() -> [BenchCase] {
        let frame = width * height * 4
        return [
            // Copy: read the source, write the destination.
            BenchCase(label: "copy one 1920×1080 frame (bytes = read + write)", unit: .millisecondsPer("frame"),
                      subjects: [
                        frameSubject("memcpy per row (C)", bytes: 2 * frame) { f in
                            cpeer_copy_argb32(f.target, f.source, Int32(f.width), Int32(f.height), Int32(f.stride))
                        },
                        frameSubject("pixman_image_composite32 SRC", isPeer: true, bytes: 2 * frame) { f in
                            _ = cpeer_pixman_composite_argb32(0, f.target, f.source, Int32(f.width), Int32(f.height), Int32(f.stride))
                        },
                      ], frames: 50),
            // OVER: read both, write the destination.
            BenchCase(label: "premultiplied OVER of one 1920×1080 frame onto another (read 2 + write 1)",
                      unit: .millisecondsPer("frame"),
                      subjects: [
                        frameSubject("scalar loop (C, -O2)", bytes: 3 * frame, over: true) { f in
                            cpeer_over_argb32(f.target, f.source, Int32(f.width), Int32(f.height), Int32(f.stride))
                        },
                        frameSubject("pixman_image_composite32 OVER", isPeer: true, bytes: 3 * frame, over: true) { f in
                            _ = cpeer_pixman_composite_argb32(1, f.target, f.source, Int32(f.width), Int32(f.height), Int32(f.stride))
                        },
                      ], frames: 30),
        ]
    }

    /// `over`: the check compares with the C loop's OVER (±1 per channel, rounding); otherwise
    /// with the source (exact).
    private func frameSubject(_ name: String, isPeer: Bool = false, bytes: Int, over: Bool = false,
                              _ body: @escaping (FrameBuffers) -> Void) -> Subject {
        Subject(name: name, isPeer: isPeer, bytesPerIteration: bytes) {
            let f = FrameBuffers(width: width, height: height)
            return Iteration(body: { body(f) }, check: { check(over: over, body) })
        }
    }

    /// Runs `body` on a fresh small frame and compares every pixel with the expected result.
    private func check(over: Bool, _ body: (FrameBuffers) -> Void) -> String? {
        let got = FrameBuffers(width: 300, height: 7), want = FrameBuffers(width: 300, height: 7)
        body(got)
        if over {
            cpeer_over_argb32(want.target, want.source, 300, 7, Int32(want.stride))
        } else {
            want.target.update(from: want.source, count: 300 * 7)
        }
        for i in 0..<(300 * 7) {
            let a = got.target[i], b = want.target[i]
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((a >> UInt32(shift)) & 0xff) - Int((b >> UInt32(shift)) & 0xff))
                if d > (over ? 1 : 0) { return "pixel \(i) is \(String(a, radix: 16)), expected \(String(b, radix: 16))" }
            }
        }
        return nil
    }
}
