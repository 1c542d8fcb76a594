import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// Writes `layer` with `CAMLWriter` and reads the text back; returns the text and the root read.
func writeAndRead(_ layer: CALayer, sourceLocation: SourceLocation = #_sourceLocation) throws -> (text: String, root: CALayer) {
    let text = try CAMLWriter().string(for: layer)
    let s = try scene(text)
    // A root of zero size is fine for a layer tree; only as a scene's host does it warn.
    let warnings = s.warnings.filter { !$0.message.contains("not a usable document size") }
    #expect(warnings.isEmpty, "reading back warned: \(warnings)", sourceLocation: sourceLocation)
    return (text, s.rootLayer)
}

/// A number from NSNumber or a Swift numeric value.
func writerNumber(_ v: Any?) -> Double? {
    switch v {
    case let n as NSNumber: n.doubleValue
    case let x as Double: x
    case let x as CGFloat: Double(x)
    case let x as Float: Double(x)
    case let x as Int: Double(x)
    default: nil
    }
}

/// Straight sRGB components with alpha (gray converted), to compare colours across spaces.
func writerRGBA(_ c: CGColor?) -> [Double]? {
    c.flatMap(CAMLFormat.rgba)
}

/// Whether two images have the same size and pixels (compared as their PNG encodings, which
/// hold straight 8-bit RGBA whatever the in-memory layout).
func samePixels(_ a: CGImage, _ b: CGImage) -> Bool {
    guard a.width == b.width && a.height == b.height else { return false }
    // Same layout: the bytes themselves (fast); else the straight RGBA of their PNGs.
    if a.bitmapInfo == b.bitmapInfo, a.bytesPerRow == b.bytesPerRow, a.bitsPerPixel == b.bitsPerPixel,
       let x = a.dataProvider?.data, let y = b.dataProvider?.data, x == y { return true }
    return (try? a.pngData()) == (try? b.pngData())
}

/// `NSValue`s of points, sizes, rects and transforms as the Swift values they hold.
func unboxed(_ v: Any?) -> Any? {
    guard let n = v as? NSValue, !(v is NSNumber) else { return v }
    let type = String(cString: n.objCType)
    if type.contains("Transform3D") || type == "[16d]" { return n.caTransform3DValue }
    if type.contains("Rect") { return n.rectValue }
    if type.contains("Size") { return n.sizeValue }
    if type.contains("Point") { return n.pointValue }
    return v
}

func bitsEqual(_ a: CATransform3D, _ b: CATransform3D) -> Bool { CAMLFormat.bits(a) == CAMLFormat.bits(b) }

/// Whether two animation or state values are the same: numbers by value (bit for bit), points,
/// sizes, rects, transforms, colours by sRGB components, images by pixels, arrays item by item.
func sameValue(_ a: Any?, _ b: Any?) -> Bool {
    switch (unboxed(a), unboxed(b)) {
    case (nil, nil): return true
    case (is NSNull, is NSNull): return true
    case (let x as Bool, let y as Bool): return x == y
    case (let x as CGPoint, let y as CGPoint): return x == y
    case (let x as CGSize, let y as CGSize): return x == y
    case (let x as CGRect, let y as CGRect): return x == y
    case (let x as CATransform3D, let y as CATransform3D): return bitsEqual(x, y)
    case (let x as CGColor, let y as CGColor): return writerRGBA(x) == writerRGBA(y)
    case (let x as CGImage, let y as CGImage): return samePixels(x, y)
    case (let x as String, let y as String): return x == y
    case (let x as CAMediaTimingFunction, let y as CAMediaTimingFunction): return x == y
    case (let x as [Any], let y as [Any]): return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
    default:
        if let x = writerNumber(a), let y = writerNumber(b) { return x.bitPattern == y.bitPattern }
        return false
    }
}

/// Records every difference between two animations, field by field.
func animationDifferences(_ a: CAAnimation, _ b: CAAnimation, _ at: String) -> [String] {
    var d: [String] = []
    func check(_ ok: Bool, _ what: String) { if !ok { d.append("\(at): \(what)") } }
    check(type(of: a) == type(of: b), "class \(type(of: a)) vs \(type(of: b))")
    check(a.beginTime.bitPattern == b.beginTime.bitPattern, "beginTime \(a.beginTime) vs \(b.beginTime)")
    check(a.duration == b.duration, "duration \(a.duration) vs \(b.duration)")
    check(a.speed == b.speed, "speed"); check(a.timeOffset == b.timeOffset, "timeOffset")
    check(a.repeatCount == b.repeatCount, "repeatCount \(a.repeatCount) vs \(b.repeatCount)")
    check(a.repeatDuration == b.repeatDuration, "repeatDuration")
    check(a.autoreverses == b.autoreverses, "autoreverses"); check(a.fillMode == b.fillMode, "fillMode")
    check(a.isRemovedOnCompletion == b.isRemovedOnCompletion, "removedOnCompletion")
    check(a.timingFunction == b.timingFunction, "timingFunction")
    if let p = a as? CAPropertyAnimation, let q = b as? CAPropertyAnimation {
        check(p.keyPath == q.keyPath, "keyPath"); check(p.isAdditive == q.isAdditive, "additive")
        check(p.isCumulative == q.isCumulative, "cumulative")
        check(p.valueFunction?.name == q.valueFunction?.name, "valueFunction")
    }
    if let p = a as? CABasicAnimation, let q = b as? CABasicAnimation {
        check(sameValue(p.fromValue, q.fromValue), "fromValue \(String(describing: p.fromValue)) vs \(String(describing: q.fromValue))")
        check(sameValue(p.toValue, q.toValue), "toValue \(String(describing: p.toValue)) vs \(String(describing: q.toValue))")
        check(sameValue(p.byValue, q.byValue), "byValue")
    }
    if let p = a as? CASpringAnimation, let q = b as? CASpringAnimation {
        check(p.mass == q.mass && p.stiffness == q.stiffness && p.damping == q.damping, "spring")
        check(p.initialVelocity == q.initialVelocity, "velocity"); check(p.allowsOverdamping == q.allowsOverdamping, "overdamping")
    }
    if let p = a as? CAKeyframeAnimation, let q = b as? CAKeyframeAnimation {
        check(sameValue(p.values, q.values), "values \(String(describing: p.values)) vs \(String(describing: q.values))")
        check(sameValue(p.keyTimes, q.keyTimes), "keyTimes")
        check((p.timingFunctions ?? []) == (q.timingFunctions ?? []), "timingFunctions")
        check(p.calculationMode == q.calculationMode, "calculationMode")
        check(p.rotationMode == q.rotationMode, "rotationMode")
        check(p.path == q.path, "path")
    }
    if let p = a as? CAAnimationGroup, let q = b as? CAAnimationGroup {
        let x = p.animations ?? [], y = q.animations ?? []
        check(x.count == y.count, "group size")
        for (i, (m, n)) in zip(x, y).enumerated() { d += animationDifferences(m, n, "\(at).animations[\(i)]") }
    }
    if let p = a as? CATransition, let q = b as? CATransition {
        check(p.type == q.type && p.subtype == q.subtype, "transition type")
    }
    return d
}

/// Records every difference between two layer trees, property by property, sublayers, masks
/// and animations included. `rootPosition: false` skips the roots' positions (a scene's host
/// places its root, so a bare tree read back as a scene has its root moved).
func layerDifferences(_ a: CALayer, _ b: CALayer, _ at: String = "root", rootPosition: Bool = true) -> [String] {
    var d: [String] = []
    func check(_ ok: Bool, _ what: String) { if !ok { d.append("\(at): \(what)") } }
    check(a.name == b.name, "name \(String(describing: a.name)) vs \(String(describing: b.name))")
    check(a.bounds == b.bounds, "bounds \(a.bounds) vs \(b.bounds)")
    check(!rootPosition || a.position == b.position, "position \(a.position) vs \(b.position)")
    check(a.anchorPoint == b.anchorPoint, "anchorPoint"); check(a.zPosition == b.zPosition, "zPosition")
    check(a.anchorPointZ == b.anchorPointZ, "anchorPointZ")
    check(bitsEqual(a.transform, b.transform), "transform \(a.transform) vs \(b.transform)")
    check(bitsEqual(a.sublayerTransform, b.sublayerTransform), "sublayerTransform")
    check(a.isGeometryFlipped == b.isGeometryFlipped, "geometryFlipped"); check(a.isHidden == b.isHidden, "hidden")
    check(a.isDoubleSided == b.isDoubleSided, "doubleSided"); check(a.opacity == b.opacity, "opacity \(a.opacity) vs \(b.opacity)")
    check(a.isOpaque == b.isOpaque, "opaque"); check(a.allowsGroupOpacity == b.allowsGroupOpacity, "allowsGroupOpacity")
    check(a.allowsEdgeAntialiasing == b.allowsEdgeAntialiasing, "allowsEdgeAntialiasing")
    check(a.edgeAntialiasingMask == b.edgeAntialiasingMask, "edgeAntialiasingMask")
    check(a.masksToBounds == b.masksToBounds, "masksToBounds"); check(a.shouldRasterize == b.shouldRasterize, "shouldRasterize")
    check(a.rasterizationScale == b.rasterizationScale, "rasterizationScale")
    check(a.drawsAsynchronously == b.drawsAsynchronously, "drawsAsynchronously")
    check(a.contentsRect == b.contentsRect, "contentsRect"); check(a.contentsCenter == b.contentsCenter, "contentsCenter")
    check(a.contentsGravity == b.contentsGravity, "contentsGravity"); check(a.contentsScale == b.contentsScale, "contentsScale")
    check(a.contentsFormat == b.contentsFormat, "contentsFormat")
    check(a.minificationFilter == b.minificationFilter && a.magnificationFilter == b.magnificationFilter, "filters")
    check(a.minificationFilterBias == b.minificationFilterBias, "minificationFilterBias")
    check(a.needsDisplayOnBoundsChange == b.needsDisplayOnBoundsChange, "needsDisplayOnBoundsChange")
    check(writerRGBA(a.backgroundColor) == writerRGBA(b.backgroundColor), "backgroundColor")
    check(writerRGBA(a.borderColor) == writerRGBA(b.borderColor), "borderColor")
    check(writerRGBA(a.shadowColor) == writerRGBA(b.shadowColor), "shadowColor")
    check(a.borderWidth == b.borderWidth, "borderWidth"); check(a.cornerRadius == b.cornerRadius, "cornerRadius")
    check(a.maskedCorners == b.maskedCorners, "maskedCorners"); check(a.cornerCurve == b.cornerCurve, "cornerCurve")
    check(a.shadowOpacity == b.shadowOpacity, "shadowOpacity"); check(a.shadowOffset == b.shadowOffset, "shadowOffset")
    check(a.shadowRadius == b.shadowRadius, "shadowRadius")
    check(a.autoresizingMask == b.autoresizingMask, "autoresizingMask")
    check(a.beginTime.bitPattern == b.beginTime.bitPattern && a.duration == b.duration && a.speed == b.speed
          && a.timeOffset == b.timeOffset && a.repeatCount == b.repeatCount && a.repeatDuration == b.repeatDuration
          && a.autoreverses == b.autoreverses && a.fillMode == b.fillMode, "layer timing")
    switch (a.contents, b.contents) {
    case (nil, nil): break
    case (let x as CGImage, let y as CGImage): check(samePixels(x, y), "contents pixels")
    default: check(false, "contents \(String(describing: a.contents)) vs \(String(describing: b.contents))")
    }
    let ka = a.animationKeys() ?? [], kb = b.animationKeys() ?? []
    check(ka == kb, "animation keys \(ka) vs \(kb)")
    for k in ka where kb.contains(k) {
        if let x = a.animation(forKey: k), let y = b.animation(forKey: k) { d += animationDifferences(x, y, "\(at) ↻\(k)") }
    }
    let sa = a.sublayers ?? [], sb = b.sublayers ?? []
    check(sa.count == sb.count, "sublayer count \(sa.count) vs \(sb.count)")
    for (i, (x, y)) in zip(sa, sb).enumerated() { d += layerDifferences(x, y, "\(at)/\(x.name ?? String(i))") }
    switch (a.mask, b.mask) {
    case (nil, nil): break
    case (let x?, let y?): d += layerDifferences(x, y, "\(at)/mask")
    default: check(false, "mask")
    }
    return d
}

/// An RGBA image, w×h, premultiplied last, whose pixel (x, y) is `f(x, y)` as straight
/// `(r, g, b, a)` bytes.
func writerImage(_ w: Int, _ h: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> CGImage {
    var bytes = [UInt8]()
    for y in 0..<h {
        for x in 0..<w {
            let (r, g, b, a) = f(x, y)
            func pm(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
            bytes += [pm(r), pm(g), pm(b), a]
        }
    }
    return CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4 * w,
                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                   provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                   intent: .defaultIntent)!
}

/// A new empty temporary folder.
func writerTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("caml-writer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
