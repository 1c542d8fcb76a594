import Foundation

// Cell key paths: `emitterCells.<name>.<key>` names a property of the cell called <name>
// (`emitterCells.fire.birthRate`, `emitterCells.fire.emitterCells.spark.velocity`), as Apple's
// CAEmitterLayer documents for changing cells after they are attached
// (https://developer.apple.com/documentation/quartzcore/caemitterlayer). A set replaces the
// layer's cells with changed copies (the committed cells are never mutated, so the render side
// may keep reading them). Animating these key paths is not supported.
extension CAEmitterLayer {
    /// The cell named by `path` (name, then "emitterCells", name… ) and the property key after it.
    static func resolve(_ path: ArraySlice<Substring>, in cells: [CAEmitterCell]) -> (CAEmitterCell, String)? {
        guard let name = path.first, let cell = cells.first(where: { $0.name == String(name) }) else { return nil }
        let rest = path.dropFirst()
        if rest.first == "emitterCells", rest.count > 2 {
            return resolve(rest.dropFirst(), in: cell.emitterCells ?? [])
        }
        guard rest.count == 1, let key = rest.first else { return nil }
        return (cell, String(key))
    }

    func cellKeyPathValue(_ keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard let cells = value(forKey: "emitterCells") as? [CAEmitterCell],
              let (cell, key) = Self.resolve(parts.dropFirst(), in: cells) else { return nil }
        return cell.value(forKey: key)
    }

    func setCellKeyPathValue(_ value: Any?, _ keyPath: String) {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        let copies = (self.value(forKey: "emitterCells") as? [CAEmitterCell])?.map { $0.deepCopy() } ?? []
        guard let (cell, key) = Self.resolve(parts.dropFirst(), in: copies) else {
            CADiagnostics.report(CALayerDiagnostic(.invalidKeyPath, key: keyPath,
                                                   "'\(keyPath)' names no emitter cell property"))
            return
        }
        cell.setValue(value, forKey: key)
        super.setValue(copies, forKey: "emitterCells")
    }
}
