import Foundation
import Testing
import CQuartzZlib
@testable import Lottie

/// `.lottie` archives from strangers (docs/SECURITY.md): an entry is inflated at most once however
/// many assets name it, and one archive inflates to at most `ZipArchive.maximumTotalSize` in all.
@Suite struct LottieArchiveBudgetTests {
    /// A zip (PKWARE APPNOTE 4.3) holding `files`, each deflated (method 8).
    static func zip(_ files: [(name: String, bytes: Data)]) -> Data {
        var out = Data(), central = Data()
        func u16(_ v: Int, _ d: inout Data) { d.append(contentsOf: [UInt8(v & 0xff), UInt8(v >> 8 & 0xff)]) }
        func u32(_ v: Int, _ d: inout Data) { u16(v & 0xffff, &d); u16(v >> 16 & 0xffff, &d) }
        for f in files {
            let packed = deflate(f.bytes), name = Data(f.name.utf8), offset = out.count
            u32(0x0403_4b50, &out); u16(20, &out); u16(0, &out); u16(8, &out); u32(0, &out); u32(0, &out)
            u32(packed.count, &out); u32(f.bytes.count, &out); u16(name.count, &out); u16(0, &out)
            out.append(name); out.append(packed)
            u32(0x0201_4b50, &central); u16(20, &central); u16(20, &central); u16(0, &central); u16(8, &central)
            u32(0, &central); u32(0, &central); u32(packed.count, &central); u32(f.bytes.count, &central)
            u16(name.count, &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central)
            u32(0, &central); u32(offset, &central); central.append(name)
        }
        let centralOffset = out.count
        out.append(central)
        u32(0x0605_4b50, &out); u16(0, &out); u16(0, &out); u16(files.count, &out); u16(files.count, &out)
        u32(central.count, &out); u32(centralOffset, &out); u16(0, &out)
        return out
    }

    /// Raw deflate (no zlib header), as zip stores it.
    static func deflate(_ input: Data) -> Data {
        var stream = z_stream()
        _ = deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                          ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var src = [UInt8](input), dst = [UInt8](repeating: 0, count: input.count + 1024)
        let n = src.withUnsafeMutableBufferPointer { i in
            dst.withUnsafeMutableBufferPointer { o in
                stream.next_in = i.baseAddress; stream.avail_in = uInt(i.count)
                stream.next_out = o.baseAddress; stream.avail_out = uInt(o.count)
                _ = CQuartzZlib.deflate(&stream, Z_FINISH)
                return Int(stream.total_out)
            }
        }
        return Data(dst.prefix(n))
    }

    @Test("an entry named many times is inflated once; the archive's total bounds what is taken out")
    func totalBudget() throws {
        let mib = Data(repeating: 0x41, count: 1 << 20)
        var archive = try ZipArchive(Self.zip([("i/a.png", mib), ("i/b.png", mib)]), maximumTotalSize: (3 << 20) / 2)
        for _ in 0..<6 { #expect(archive.contents(of: "i/a.png") == mib) }
        #expect(archive.remaining == (1 << 20) / 2)   // charged once, not six times
        #expect(archive.contents(of: "i/b.png") == nil)   // 1 MiB more would pass 1.5 MiB in all
        #expect(archive.isOverTotal("i/b.png"))
    }

    @Test("six image assets naming one entry share one inflation of it")
    func sharedEntry() throws {
        let assets = (0..<6).map { #"{"id":"i\#($0)","w":10,"h":10,"u":"/i/","p":"big.png"}"# }.joined(separator: ",")
        let json = lottieJSON("", assets: "[\(assets)]")
        let big = Data(repeating: 0, count: 100 << 20)   // six copies would pass the 256 MiB total
        let a = try LottieAnimation(archive: Self.zip([("animations/a.json", json), ("i/big.png", big)]))
        #expect(a.imageData.count == 6)
        #expect(Set(a.imageData.values.map(\.count)) == [100 << 20])
        #expect(!a.warnings.contains { $0.message.contains("inflate past") })
    }
}
