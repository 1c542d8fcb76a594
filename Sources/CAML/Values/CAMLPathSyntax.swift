import Foundation
import CoreGraphics

/// The text form of a `CGPath` (a keyframe animation's `path`): SVG-like absolute commands,
/// `M x y` (move), `L x y` (line), `Q cx cy x y` (quadratic), `C c1x c1y c2x c2y x y` (cubic)
/// and `Z` (close), separated by spaces or commas, e.g. `M 0 0 L 100 0 Q 150 50 100 100 Z`.
///
/// Written with the writer's shortest round-trip numbers, so a path reads back element for
/// element. `parse` returns nil for an unknown command, a missing or non-finite number, a
/// coordinate past ±1,000,000 points, or more than `maximumElementCount` elements.
enum CAMLPathSyntax {
    static let maximumElementCount = 100_000

    static func text(_ path: CGPath) -> String {
        var parts: [String] = []
        func add(_ command: String, _ points: UnsafeMutablePointer<CGPoint>, _ n: Int) {
            parts.append(command)
            for i in 0..<n {
                parts.append(CAMLFormat.number(Double(points[i].x)) ?? "0")
                parts.append(CAMLFormat.number(Double(points[i].y)) ?? "0")
            }
        }
        path.applyWithBlock { e in
            switch e.pointee.type {
            case .moveToPoint: add("M", e.pointee.points, 1)
            case .addLineToPoint: add("L", e.pointee.points, 1)
            case .addQuadCurveToPoint: add("Q", e.pointee.points, 2)
            case .addCurveToPoint: add("C", e.pointee.points, 3)
            case .closeSubpath: parts.append("Z")
            @unknown default: break
            }
        }
        return parts.joined(separator: " ")
    }

    /// How many commands (M, L, Q, C, Z) `text` holds: tells a path over the limit from a
    /// malformed one in the warning.
    static func commandCount(_ text: String) -> Int {
        text.utf8.reduce(0) { n, c in n + ("MLQCZz".utf8.contains(c) ? 1 : 0) }
    }

    static func parse(_ text: String) -> CGPath? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        let path = CGMutablePath()
        var i = 0, count = 0
        func points(_ n: Int) -> [CGPoint]? {
            guard i + 2 * n <= tokens.count else { return nil }
            var out: [CGPoint] = []
            for k in 0..<n {
                guard let x = CAMLScalars.coordinate(String(tokens[i + 2 * k])),
                      let y = CAMLScalars.coordinate(String(tokens[i + 2 * k + 1])) else { return nil }
                out.append(CGPoint(x: x, y: y))
            }
            i += 2 * n
            return out
        }
        while i < tokens.count {
            let command = tokens[i]
            i += 1
            count += 1
            guard count <= maximumElementCount else { return nil }
            switch command {
            case "M": guard let p = points(1) else { return nil }; path.move(to: p[0])
            case "L": guard let p = points(1) else { return nil }; path.addLine(to: p[0])
            case "Q": guard let p = points(2) else { return nil }; path.addQuadCurve(to: p[1], control: p[0])
            case "C": guard let p = points(3) else { return nil }; path.addCurve(to: p[2], control1: p[0], control2: p[1])
            case "Z", "z": path.closeSubpath()
            default: return nil
            }
        }
        return path
    }
}
