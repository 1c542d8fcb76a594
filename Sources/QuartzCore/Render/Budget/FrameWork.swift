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
            for q in pass.quads {
                let box = Damage.box(q)?.intersection(rect) ?? rect
                if !box.isNull { total += Double(box.width * box.height) }
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
