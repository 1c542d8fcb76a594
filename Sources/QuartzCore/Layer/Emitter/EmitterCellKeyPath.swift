import Foundation

/// Cell key paths on an emitter layer: `emitterCells.<name>.<key>` names the property <key> of
/// the cell called <name> (`emitterCells.fire.birthRate`; sub-cells as
/// `emitterCells.fire.emitterCells.spark.velocity`), as Apple's CAEmitterLayer documents for
/// changing and animating cells after they are attached
/// (https://developer.apple.com/documentation/quartzcore/caemitterlayer).
///
/// `StructKeyPath` hands an array of cells here, so `value(forKeyPath:)`,
/// `setValue(_:forKeyPath:)` and animations (through the one evaluator) all work. A set returns
/// changed copies of the cells: cells already committed are never mutated, so the render side
/// and presentation copies keep reading what they were given.
enum EmitterCellKeyPath {
    /// The cell named by `path` (name, then optionally "emitterCells", name…) and the key after it.
    static func resolve(_ path: ArraySlice<Substring>, in cells: [CAEmitterCell]) -> (CAEmitterCell, String)? {
        guard let name = path.first, let cell = cells.first(where: { $0.name == String(name) }) else { return nil }
        let rest = path.dropFirst()
        if rest.first == "emitterCells", rest.count > 2 {
            return resolve(rest.dropFirst(), in: cell.emitterCells ?? [])
        }
        guard rest.count == 1, let key = rest.first else { return nil }
        return (cell, String(key))
    }

    static func value(_ cells: [CAEmitterCell], _ field: String) -> Any? {
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard let (cell, key) = resolve(parts[...], in: cells) else { return nil }
        return cell.value(forKey: key)
    }

    static func setting(_ cells: [CAEmitterCell], _ field: String, to value: Any?,
                        keyPath: String) throws(CALayerDiagnostic) -> [CAEmitterCell] {
        let copies = cells.map { $0.deepCopy() }
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard let (cell, key) = resolve(parts[...], in: copies), CAEmitterCell.accessors[key] != nil else {
            throw CALayerDiagnostic(.invalidKeyPath, key: keyPath, "'\(keyPath)' names no emitter cell property")
        }
        guard CAEmitterCell.accessors[key]!.set(cell, value) else {
            throw CALayerDiagnostic(.invalidValue, key: keyPath,
                                    "cannot set '\(keyPath)' to \(ValueNormalizer.typeName(value))")
        }
        return copies
    }
}
