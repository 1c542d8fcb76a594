import CQuartzSDL2
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// Presents CPU-composited frames on X11 from the render thread: the damaged rectangle of each
/// frame goes to the window through a shared-memory image (`X11SharedImage`, MIT-SHM), or with
/// `XPutImage` where the server has none, on an X connection of the presenter's own, so
/// frames keep reaching the screen while the main thread is busy (the render-server model),
/// and only what changed crosses to the server. The frame's premultiplied BGRA words are the
/// layout of a 24-bit TrueColor window's 32-bit pixels (alpha ignored: colour over black), so
/// they are sent as they are. A frame smaller than the window (a resize in flight, a window
/// over the frame limit) is shown at the top-left, the rest cleared to black.
final class X11ImagePresenter: FramePresenter, @unchecked Sendable {   // render thread after init
    private typealias Put = @convention(c) (UnsafeMutableRawPointer?, UInt, OpaquePointer?, UnsafeMutablePointer<XImage>?,
                                            Int32, Int32, Int32, Int32, UInt32, UInt32) -> Int32
    private typealias CreateImage = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Visual>?, UInt32, Int32, Int32,
                                                    UnsafeMutablePointer<CChar>?, UInt32, UInt32, Int32, Int32) -> UnsafeMutablePointer<XImage>?
    private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    private typealias Fill = @convention(c) (UnsafeMutableRawPointer?, UInt, OpaquePointer?, Int32, Int32, UInt32, UInt32) -> Int32

    private let connection: X11Connection
    private let window: UInt
    private let gc: OpaquePointer
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: UInt32
    private let put: Put, createImage: CreateImage, free: Free, fill: Fill
    private let freeGC: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Int32
    /// The size of the last frame shown (a frame of another size is sent whole). No pixels
    /// are kept: a second reference to the frame would make the producer copy it before
    /// drawing the next one into the same memory.
    private var lastSize: (width: Int, height: Int)?
    private var closed = false
    /// The shared image of the frame's size, when MIT-SHM works (remade when the size changes).
    private var shared: X11SharedImage?
    private var sharedUnavailable = false

    var compositesPasses: Bool { false }
    var waitsForVsync: Bool { false }
    var description: String {
        "the CPU, straight to the window (X11" + (sharedUnavailable ? ", XPutImage)" : ", shared memory)")
    }

    /// A presenter for the X11 window `window`; nil when its visual is not 24- or 32-bit
    /// TrueColor with 32-bit pixels (the SDL texture presenter converts those).
    init?(window: UInt) {
        guard let c = try? X11Connection(name: nil),
              let attributes = c.symbol("XGetWindowAttributes", as: (@convention(c) (UnsafeMutableRawPointer?, UInt, UnsafeMutablePointer<XWindowAttributes>?) -> Int32).self),
              let createGC = c.symbol("XCreateGC", as: (@convention(c) (UnsafeMutableRawPointer?, UInt, UInt, OpaquePointer?) -> OpaquePointer?).self),
              let put = c.symbol("XPutImage", as: Put.self), let createImage = c.symbol("XCreateImage", as: CreateImage.self),
              let free = c.symbol("XFree", as: Free.self),
              let fill = c.symbol("XFillRectangle", as: Fill.self),
              let setForeground = c.symbol("XSetForeground", as: (@convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt) -> Int32).self),
              let freeGC = c.symbol("XFreeGC", as: (@convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Int32).self)
        else { return nil }
        var a = XWindowAttributes()
        guard attributes(c.display, window, &a) != 0, let v = a.visual, a.depth == 24 || a.depth == 32,
              v.pointee.red_mask == 0xFF0000, v.pointee.green_mask == 0xFF00, v.pointee.blue_mask == 0xFF,
              let gc = createGC(c.display, window, 0, nil) else { return nil }
        _ = setForeground(c.display, gc, 0)   // black, for the area outside a smaller frame
        connection = c; self.window = window; self.gc = gc; visual = v; depth = UInt32(a.depth)
        self.put = put; self.createImage = createImage; self.free = free; self.fill = fill
        self.freeGC = freeGC
    }

    func present(pixels: PixelBuffer, damage: CGRect) throws {
        let resized = lastSize.map { $0 != (pixels.width, pixels.height) } ?? true
        lastSize = (pixels.width, pixels.height)
        try send(pixels, damage: resized ? nil : damage)
    }

    /// Nothing kept to show again: the loop draws the next frame whole.
    func redisplay() throws -> Bool { lastSize = nil; return false }

    /// Sends `rect` of `p` (nil: all of it, and black beyond it) and waits for the server.
    private func send(_ p: PixelBuffer, damage rect: CGRect?) throws {
        guard !closed else { return }
        let whole = CGRect(x: 0, y: 0, width: p.width, height: p.height)
        let r = (rect ?? whole).intersection(whole).integral
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return }
        if rect == nil {
            // Whatever lies beyond the frame: black (the window may be larger for a moment).
            _ = fill(connection.display, window, gc, Int32(p.width), 0, 16384, 16384)
            _ = fill(connection.display, window, gc, 0, Int32(p.height), UInt32(p.width), 16384)
        }
        if !sharedUnavailable, shared?.width != p.width || shared?.height != p.height {
            shared = nil
            shared = X11SharedImage(connection, visual: visual, depth: depth, width: p.width, height: p.height)
            sharedUnavailable = shared == nil
        }
        if let shared {
            shared.send(p, (Int(r.minX), Int(r.minY), Int(r.width), Int(r.height)), to: window, gc: gc)
            // Wait for the server: it has read the shared memory before the next frame is copied in.
            if !connection.sync() { throw PresenterError.surfaceLost("XShmPutImage to window 0x\(String(window, radix: 16)) failed") }
            return
        }
        let ok = p.words.withUnsafeBytes { bytes -> Bool in
            // XPutImage only reads the pixels; Xlib's type is not const.
            let data = UnsafeMutableRawPointer(mutating: bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            guard let image = createImage(connection.display, visual, depth, ZPixmap, 0, data,
                                          UInt32(p.width), UInt32(p.height), 32, Int32(p.stride)) else { return false }
            defer { image.pointee.data = nil; _ = free(image) }   // the pixels are the buffer's, not Xlib's
            _ = put(connection.display, window, gc, image, Int32(r.minX), Int32(r.minY), Int32(r.minX), Int32(r.minY),
                    UInt32(r.width), UInt32(r.height))
            // Wait for the server: a frame is on screen before the next is sent.
            return connection.sync()
        }
        if !ok { throw PresenterError.surfaceLost("XPutImage to window 0x\(String(window, radix: 16)) failed") }
    }

    func close() {
        guard !closed else { return }
        closed = true
        shared = nil
        _ = freeGC(connection.display, gc)
    }
}
