import CoreGraphics

/// An estimate of what a frame costs to rasterise, counted before any pixel is drawn: the
/// pixels each pass clears, the pixels each quad covers in its pass (cut to the pass), and for
/// blurs (shadows, `gaussianBlur` filters) six more touches of the whole pass (three box passes,
/// each horizontal and vertical), one for a colour matrix. Our addition, so a host can refuse a
/// frame that would take minutes (twenty blurs over a 4096² frame) instead of drawing it.
enum FrameWork {
    static func estimate(_ passes: [RenderPass]) -> Int {
        var total = 0.0
        for pass in passes {
            let rect = pass.outputRect
            let area = Double(rect.width * rect.height)
            total += area
            func add(_ box: CGRect?) {
                let b = box?.intersection(rect) ?? rect
                if !b.isNull { total += Double(b.width * b.height) }
            }
            for segment in pass.quads.segments {   // a shared run keeps its boxes (QuadRun)
                if let run = segment.run { run.boxes.forEach(add) } else { segment.quads.forEach { add(Damage.box($0)) } }
            }
            switch pass.effect {
            case .shadow?: total += 6 * area
            case .filters(let filters)?:
                for f in filters {
                    if case .gaussianBlur = f { total += 6 * area } else { total += area }
                }
            case nil: break
            }
        }
        return total >= Double(Int.max) ? Int.max : Int(total)
    }
}
