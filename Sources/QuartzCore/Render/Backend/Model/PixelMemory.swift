#if canImport(Glibc)
import Glibc
#endif

/// Where pixel buffers live: frames (`PixelBuffer`) and textures (`TextureResource`) of 2 MiB
/// or more are backed by transparent huge pages where the kernel offers them on request
/// (`madvise` mode). A span loop starts every row of a sprite a frame's stride (7,680 bytes at
/// 1080p) from the last, so with 4 KiB pages each row is a new page and a TLB miss; an 8 MB
/// frame in 2 MiB pages is four TLB entries (issue 17).
enum PixelMemory {
    static let hugePage = 2 << 20

    /// Zeroed memory for `byteCount` bytes, 2 MiB-aligned (and advised) when that large;
    /// release it with `deallocate()` (the C allocator's `free` either way).
    static func allocateZeroed(byteCount: Int) -> UnsafeMutableRawPointer {
        let large = byteCount >= hugePage
        let p = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: large ? hugePage : 16)
        if large { adviseHugePages(p, byteCount: byteCount) }
        p.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        return p
    }

    /// Asks for huge pages for the whole 2 MiB pages inside `p ..< p + byteCount`; call it
    /// before the memory is first written (pages already present are left to the kernel's
    /// background collapse). Harmless where the kernel has no transparent huge pages.
    static func adviseHugePages(_ p: UnsafeMutableRawPointer, byteCount: Int) {
        let first = (UInt(bitPattern: p) + UInt(hugePage - 1)) & ~UInt(hugePage - 1)
        let end = (UInt(bitPattern: p) + UInt(byteCount)) & ~UInt(hugePage - 1)
        guard end > first, let start = UnsafeMutableRawPointer(bitPattern: first) else { return }
        #if os(Linux)
        _ = madvise(start, Int(end - first), MADV_HUGEPAGE)
        #endif
    }
}
