import Foundation
import CQuartzDeflate

/// Writes 8-bit PNG files (ISO/IEC 15948: signature, IHDR, sRGB, IDAT, IEND) from packed gray,
/// gray + alpha, RGB or RGBA rows, compressing with libdeflate.
///
/// Why not libpng's writer (which `PNGCodec` used): its zlib deflate and per-row adaptive filter
/// search took 160–270 ms for a 1170 × 2532 frame, 99 % of a PNG sequence export. Here every row
/// but the first uses the Up filter (the first, with no row above, uses Sub) and libdeflate
/// compresses at level 6: measured on that frame, 47 ms and a file 2 % smaller than libpng's;
/// on a photograph (lottie-ios's `dog.png`) 4.5 % larger, at a fifth of the time. The output
/// depends only on the pixels, so the same frame gives the same bytes on every run.
enum PNGWriter {
    /// libdeflate's level: 6 is where its time levels off against size on frame-sized images
    /// (level 4 was 12 % faster and 3 % larger; 8 twice as slow for 2 %).
    static let compressionLevel: Int32 = 6

    /// The PNG for `height` rows of `width` pixels of `channels` bytes each (1 gray, 2 gray +
    /// alpha, 3 RGB, 4 RGBA; straight alpha), packed without padding in `pixels`.
    static func encode(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, channels: Int) throws(CGImageEncodingError) -> Data {
        let stride = width * channels
        guard width > 0, height > 0, (1...4).contains(channels), pixels.count >= stride * height,
              width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .encoderFailed(.png, message: "no pixels to write (\(width)×\(height), \(channels) channels)")
        }
        let filteredCount = (stride + 1) * height
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: filteredCount)
        defer { filtered.deallocate() }
        filterRows(pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: stride, height: height,
                   bytesPerPixel: channels, into: filtered)

        guard let compressor = libdeflate_alloc_compressor(compressionLevel) else {
            throw .encoderFailed(.png, message: "libdeflate could not allocate a compressor")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, filteredCount)
        var out = Data(count: 8 + 25 + 13 + 12 + bound + 12)
        let written = out.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) -> Int in
            var w = ChunkWriter(raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            w.bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let colorType: UInt8 = switch channels { case 1: 0; case 2: 4; case 3: 2; default: 6 }
            w.chunk("IHDR") { w in
                w.uint32(UInt32(width)); w.uint32(UInt32(height))
                w.bytes([8, colorType, 0, 0, 0])          // depth, colour type, deflate, filter set 0, no interlace
            }
            w.chunk("sRGB") { w in w.bytes([0]) }           // perceptual intent, as libpng's writer put it
            var compressed = 0
            w.chunk("IDAT") { w in
                compressed = libdeflate_zlib_compress(compressor, filtered, filteredCount, w.cursor, bound)
                w.cursor += compressed
            }
            w.chunk("IEND") { _ in }
            return compressed == 0 ? 0 : w.count
        }
        guard written > 0 else { throw .encoderFailed(.png, message: "libdeflate could not compress the rows") }
        out.count = written
        return out
    }

    /// Each row as its filter byte and the filtered bytes: Sub for the first row, Up after.
    private static func filterRows(_ src: UnsafePointer<UInt8>, stride: Int, height: Int, bytesPerPixel bpp: Int,
                                   into dst: UnsafeMutablePointer<UInt8>) {
        dst[0] = 1
        for x in 0..<min(bpp, stride) { dst[1 + x] = src[x] }
        if stride > bpp { for x in bpp..<stride { dst[1 + x] = src[x] &- src[x - bpp] } }
        for y in 1..<max(height, 1) {
            let row = src + y * stride, above = row - stride, out = dst + y * (stride + 1)
            out[0] = 2
            for x in 0..<stride { out[1 + x] = row[x] &- above[x] }
        }
    }
}

/// Appends PNG chunks (big-endian length, type, data, CRC-32 of type and data) to a buffer
/// known to be large enough.
private struct ChunkWriter {
    let start: UnsafeMutablePointer<UInt8>
    var cursor: UnsafeMutablePointer<UInt8>
    init(_ start: UnsafeMutablePointer<UInt8>) { self.start = start; cursor = start }
    var count: Int { cursor - start }

    mutating func bytes(_ b: [UInt8]) { for v in b { cursor.pointee = v; cursor += 1 } }
    mutating func uint32(_ v: UInt32) { bytes([UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]) }

    mutating func chunk(_ type: String, _ body: (inout ChunkWriter) -> Void) {
        let lengthAt = cursor
        cursor += 4
        let typeAt = cursor
        bytes(Array(type.utf8))
        body(&self)
        let length = cursor - typeAt - 4
        var l = ChunkWriter(lengthAt)
        l.uint32(UInt32(length))
        uint32(UInt32(truncatingIfNeeded: libdeflate_crc32(0, typeAt, length + 4)))
    }
}
