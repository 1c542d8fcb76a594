import Foundation
import Lottie

/// Which frames of an animation `carender render ANIMATION` draws, in the animation's frame
/// numbers, and at what rate the output plays them.
///
/// One frame for `--progress P`, `--frame F` or `--time T` (seconds from the in point), and for
/// a one-frame output (.png, .jpg, .pdf) given none of them (the in point). A sequence for
/// `--duration D` (from the in point, at `--fps`, default the animation's own rate), for
/// `--marker NAME` (its frames), and, for a folder, video or GIF output given none of these,
/// the whole animation from its in point to its out point, `--loops N` times (a GIF at no more
/// than 50 fps). `--frames A:B`
/// then keeps frames A…B−1 of the sequence, numbered as in the whole render (FrameRange.swift).
struct LottieFrames {
    /// Frame numbers to draw, in order.
    let frames: [Double]
    /// The number of the first one in the whole sequence (`--frames`).
    let first: Int
    /// Output frames per second (videos and GIFs).
    let fps: Double
    let isSequence: Bool

    init(_ o: LottieRenderOptions, _ a: LottieAnimation) throws(UsageError) {
        let multiFrameOutput = o.output.map { OutputPath.format(of: $0) }.map { f -> Bool in
            switch f { case .folder?, .video?: true; default: false }
        } ?? false
        // A GIF plays at most 50 fps (VideoContainer): a faster animation is resampled to 50.
        let isGIF = o.output.map { OutputPath.format(of: $0) == .video(.gif) } ?? false
        let rate = o.fps ?? (isGIF ? min(a.frameRate, VideoContainer.maxGIFFramesPerSecond) : a.frameRate)
        guard rate >= 0.01, rate <= 1000 else { throw UsageError(message: "--fps must be 0.01…1000") }
        var whole: [Double]
        if let t = o.time {
            guard t >= 0, t <= a.duration else {
                throw UsageError(message: "--time \(t) is outside the animation's 0…" + String(format: "%.2f", a.duration) + " s")
            }
            whole = [a.inPoint + t * a.frameRate]
        } else if let frame = o.frame {
            guard (a.inPoint...a.outPoint).contains(frame) else {
                throw UsageError(message: "--frame \(frame) is outside the animation's frames \(a.inPoint)…\(a.outPoint)")
            }
            whole = [frame]
        } else if let p = o.progress {
            whole = [a.inPoint + p * (a.outPoint - a.inPoint)]
        } else if let name = o.marker {
            guard let m = a.markers.first(where: { $0.name == name }) else {
                throw UsageError(message: "--marker \(printable(name)): the animation has "
                    + (a.markers.isEmpty ? "no markers" : "the markers " + a.markers.map { printable($0.name) }.joined(separator: ", ")))
            }
            // As --frame: a marker outside the animation is refused, never clamped.
            guard m.startFrame >= a.inPoint, m.startFrame + m.durationFrames <= a.outPoint else {
                throw UsageError(message: "--marker \(printable(name)) spans frames \(m.startFrame)…\(m.startFrame + m.durationFrames), "
                                 + "outside the animation's frames \(a.inPoint)…\(a.outPoint)")
            }
            whole = Self.span(from: m.startFrame, frames: max(m.durationFrames, 1), rate: rate, a)
        } else if let duration = o.duration {
            guard duration > 0, duration * rate <= Double(RenderOptions.maxSequenceFrames) else {
                throw UsageError(message: "--duration × --fps must give 1…\(RenderOptions.maxSequenceFrames) frames")
            }
            whole = (0..<max(1, Int((duration * rate).rounded()))).map { a.inPoint + Double($0) / rate * a.frameRate }
            // As --frame: past the out point is refused, never held at the last frame.
            if let last = whole.last, last > a.outPoint + 1e-6 {
                throw UsageError(message: "--duration \(duration) runs past the animation's end: its frames \(a.inPoint)…\(a.outPoint) last "
                                 + String(format: "%.2f s", a.duration))
            }
        } else if multiFrameOutput {
            whole = Self.span(from: a.inPoint, frames: a.outPoint - a.inPoint, rate: rate, a)
        } else {
            whole = [a.inPoint]
        }
        let loops = o.loops ?? 1
        if o.loops != nil, !multiFrameOutput {
            throw UsageError(message: "--loops repeats the animation in a folder, video or GIF; a .png, .jpg or .pdf is one frame")
        }
        if loops > 1 {
            guard whole.count * loops <= RenderOptions.maxSequenceFrames else {
                throw UsageError(message: "--loops \(loops) gives \(whole.count * loops) frames; a sequence is at most \(RenderOptions.maxSequenceFrames)")
            }
            whole = Array([[Double]](repeating: whole, count: loops).joined())
        }
        isSequence = whole.count > 1 || o.duration != nil || o.marker != nil || (multiFrameOutput && o.time == nil
                                                                               && o.frame == nil && o.progress == nil)
        if o.fps != nil && !isSequence {
            throw UsageError(message: "--fps is for a sequence: --duration, --marker, or the whole animation to a folder, video or GIF")
        }
        guard whole.count <= RenderOptions.maxSequenceFrames else {
            throw UsageError(message: "\(whole.count) frames in the sequence; at most \(RenderOptions.maxSequenceFrames)")
        }
        if o.frames != nil, !isSequence {
            throw UsageError(message: "--frames A:B needs a sequence: a folder, video or GIF output, or --duration or --marker")
        }
        let selected = try FrameRange.select(o.frames, from: whole, isSequence: isSequence)
        guard selected.times.count <= RenderOptions.maxFrames else {
            throw UsageError(message: "\(selected.times.count) frames to render; at most \(RenderOptions.maxFrames) a run "
                             + "(--frames A:B renders part of a longer sequence)")
        }
        (first, frames, fps) = (selected.first, selected.times, rate)
    }

    /// `frames` animation frames from `start` sampled at `rate` output frames a second (the
    /// end excluded, as a loop's next start).
    static func span(from start: Double, frames: Double, rate: Double, _ a: LottieAnimation) -> [Double] {
        let wanted = (frames / a.frameRate * rate).rounded()
        // Clamped before the conversion: a marker 1e300 frames long must not trap.
        let count = wanted.isFinite ? max(1, Int(min(wanted, Double(RenderOptions.maxSequenceFrames + 1)))) : 1
        return (0..<count).map { start + Double($0) / rate * a.frameRate }
    }
}
