/// A set of a quad's four straight edges, named by the side of its local `rect` they lie on
/// (so the names do not depend on whether y points up or down).
///
/// `SharedQuadState.aliasedEdges` uses it for the edges drawn hard — a pixel is covered or not,
/// by its centre — rather than antialiased by area (a layer without `allowsEdgeAntialiasing`,
/// or an edge left out of its `edgeAntialiasingMask`).
package struct QuadEdges: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let minX = QuadEdges(rawValue: 1)
    package static let maxX = QuadEdges(rawValue: 2)
    package static let minY = QuadEdges(rawValue: 4)
    package static let maxY = QuadEdges(rawValue: 8)
    package static let all: QuadEdges = [.minX, .maxX, .minY, .maxY]
}
