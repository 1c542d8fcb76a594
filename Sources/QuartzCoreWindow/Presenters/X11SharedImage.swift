import CQuartzSDL2
import Foundation
import QuartzCore
import QuartzCoreGL

/// A frame-sized image in memory shared with the X server (MIT-SHM, libXext opened at run
/// time): a present copies the damaged rows into it and the server reads them from there,
/// instead of receiving every byte through the socket (a 1920 × 1080 frame is 8 MB). nil where
/// the server has no MIT-SHM (a remote display) or libXext is missing; `X11ImagePresenter`
/// then sends frames with `XPutImage`.
final class X11SharedImage {
    private typealias Create = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Visual>?, UInt32, Int32,
                                               UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<XShmSegmentInfo>?,
                                               UInt32, UInt32) -> UnsafeMutablePointer<XImage>?
    private typealias Attach = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<XShmSegmentInfo>?) -> Int32
    private typealias Put = @convention(c) (UnsafeMutableRawPointer?, UInt, OpaquePointer?, UnsafeMutablePointer<XImage>?,
                                            Int32, Int32, Int32, Int32, UInt32, UInt32, Int32) -> Int32

    let width: Int, height: Int
    private let display: UnsafeMutableRawPointer
    private let image: UnsafeMutablePointer<XImage>
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    private let put: Put
    private let detach: Attach
    private let free: @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// A `width` × `height` shared image for windows of `visual` and `depth` on `connection`.
    init?(_ connection: X11Connection, visual: UnsafeMutablePointer<Visual>, depth: UInt32, width: Int, height: Int) {
        guard width > 0, height > 0,
              let ext = dlopen("libXext.so.6", RTLD_NOW | RTLD_LOCAL),
              let query = dlsym(ext, "XShmQueryExtension"), let create = dlsym(ext, "XShmCreateImage"),
              let attach = dlsym(ext, "XShmAttach"), let detach = dlsym(ext, "XShmDetach"),
              let put = dlsym(ext, "XShmPutImage"),
              let free = connection.symbol("XFree", as: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self)
        else { return nil }
        let display = connection.display
        guard unsafeBitCast(query, to: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self)(display) != 0 else { return nil }
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = unsafeBitCast(create, to: Create.self)(display, visual, depth, ZPixmap, nil, info,
                                                                 UInt32(width), UInt32(height)) else {
            info.deallocate(); return nil
        }
        let bytes = Int(image.pointee.bytes_per_line) * height
        let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard id >= 0, let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            if id >= 0 { shmctl(id, IPC_RMID, nil) }
            _ = free(UnsafeMutableRawPointer(image)); info.deallocate(); return nil
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 0
        image.pointee.data = info.pointee.shmaddr
        // Attached by the server before the segment is marked for removal (it goes when both let go).
        let attached = unsafeBitCast(attach, to: Attach.self)(display, info) != 0 && connection.sync()
        shmctl(id, IPC_RMID, nil)
        guard attached else {
            shmdt(address); image.pointee.data = nil; _ = free(UnsafeMutableRawPointer(image)); info.deallocate()
            return nil
        }
        self.display = display; self.image = image; self.info = info
        self.width = width; self.height = height
        self.put = unsafeBitCast(put, to: Put.self)
        self.detach = unsafeBitCast(detach, to: Attach.self)
        self.free = free
    }

    /// Copies `rect` (whole pixels inside the frame) of `p` into the shared image and asks the
    /// server to draw it into `window` at the same place (the caller syncs).
    func send(_ p: PixelBuffer, _ rect: (x: Int, y: Int, width: Int, height: Int), to window: UInt, gc: OpaquePointer) {
        let stride = Int(image.pointee.bytes_per_line)
        guard let base = image.pointee.data else { return }
        p.words.withUnsafeBytes { src in
            for row in rect.y..<rect.y + rect.height {
                memcpy(UnsafeMutableRawPointer(base) + row * stride + rect.x * 4,
                       src.baseAddress! + row * p.stride + rect.x * 4, rect.width * 4)
            }
        }
        _ = put(display, window, gc, image, Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y),
                UInt32(rect.width), UInt32(rect.height), 0)
    }

    deinit {
        _ = detach(display, info)
        shmdt(info.pointee.shmaddr)
        image.pointee.data = nil
        _ = free(UnsafeMutableRawPointer(image))
        info.deallocate()
    }
}
