import Testing
import CoreGraphics
@testable import QuartzCore
import Synchronization

/// Collects the diagnostics reported while `body` runs (task-local, so parallel tests do not mix).
func diagnostics<T>(_ body: () throws -> T) rethrows -> (result: T, reported: [CALayerDiagnostic]) {
    let log = Mutex<[CALayerDiagnostic]>([])
    let result = try CADiagnostics.withHandler({ d in log.withLock { $0.append(d) } }) { try body() }
    return (result, log.withLock { $0 })
}

/// The kinds of the diagnostics reported while `body` runs.
func reportedKinds(_ body: () -> Void) -> [CALayerDiagnostic.Kind] {
    diagnostics(body).reported.map(\.kind)
}

func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

func close(_ a: CGSize, _ b: CGSize, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.origin, b.origin, tolerance) && close(a.size, b.size, tolerance)
}

func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9) -> Bool {
    for i in 0..<4 { for j in 0..<4 where !close(a[i, j], b[i, j], tolerance) { return false } }
    return true
}

/// A layer with the given frame (identity transform, anchor at the centre).
func layer(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, name: String? = nil) -> CALayer {
    let l = CALayer()
    l.frame = CGRect(x: x, y: y, width: w, height: h)
    l.name = name
    return l
}

/// A number read back through KVC as a CGFloat (NSNumber as? CGFloat is nil on Linux).
func number(_ value: Any?) -> CGFloat? { (value as? NSNumber).map { CGFloat($0.doubleValue) } }
