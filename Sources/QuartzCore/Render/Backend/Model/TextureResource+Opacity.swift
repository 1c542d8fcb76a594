import Synchronization

extension TextureResource {
    /// Whether every pixel has alpha 255: found by one scan on first use and kept (the pixels
    /// never change after the resource is published). Occlusion culling asks it only of
    /// textures that would hide something.
    package var isOpaque: Bool {
        switch opaqueState.load(ordering: .relaxed) {
        case 1: return true
        case 2: return false
        default:
            let opaque = scanOpaque()
            opaqueState.store(opaque ? 1 : 2, ordering: .relaxed)
            return opaque
        }
    }

    /// Whether a scan already found every pixel opaque (never scans: for textures drawn once,
    /// where a scan would cost as much as it saves).
    package var isKnownOpaque: Bool { opaqueState.load(ordering: .relaxed) == 1 }

    /// The AND of every alpha byte is 255, read eight pixels at a time (stopping at the first
    /// row with a translucent pixel).
    private func scanOpaque() -> Bool {
        let all = SIMD8<UInt32>(repeating: 0xFF00_0000)
        for y in 0..<height {
            let row = UnsafeRawPointer(base + y * stride)
            var acc = all, x = 0
            while x + 8 <= width {
                acc &= row.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
                x += 8
            }
            var tail: UInt32 = 0xFF00_0000
            while x < width { tail &= row.load(fromByteOffset: x * 4, as: UInt32.self); x += 1 }
            if (acc & all) != all || tail & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }
}
