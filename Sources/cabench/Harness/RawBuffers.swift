// Pixel and byte buffers for the bandwidth-style scenes, freed with the iteration holding them.

/// Two raw buffers of `bytes` bytes, 64-byte aligned; the source is filled, the target zeroed.
final class RawBuffers {
    let source: UnsafeMutableRawPointer
    let target: UnsafeMutableRawPointer
    let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
        source = .allocate(byteCount: bytes, alignment: 64)
        target = .allocate(byteCount: bytes, alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
        target.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    }

    deinit { source.deallocate(); target.deallocate() }
}

/// Two full frames of premultiplied ARGB32 (cairo's and pixman's a8r8g8b8, native-endian words):
/// a translucent source with varying alpha and an opaque destination.
final class FrameBuffers {
    let width: Int, height: Int
    let source: UnsafeMutablePointer<UInt32>
    let target: UnsafeMutablePointer<UInt32>
    var stride: Int { width * 4 }
    var bytes: Int { width * height * 4 }

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        let n = width * height
        source = .allocate(capacity: n)
        target = .allocate(capacity: n)
        for y in 0..<height {
            for x in 0..<width {
                // Alpha 32…223 (never 0 or 255, so no per-pixel shortcut applies); colour ≤ alpha.
                let a = UInt32(32 + (x + y) % 192)
                let r = a * UInt32(x % 256) / 255, g = a * UInt32(y % 256) / 255, b = a / 2
                source[y * width + x] = a << 24 | r << 16 | g << 8 | b
                target[y * width + x] = 0xff00_0000 | UInt32(x % 256) << 16 | UInt32(y % 256) << 8 | 0x40
            }
        }
    }

    deinit { source.deallocate(); target.deallocate() }
}
