import CQuartzSDL2
import CoreGraphics
import Foundation
import QuartzCoreGL

extension CAWindow {
    /// The window's pixels as the window system shows them now, as an opaque ARGB image of the
    /// content area in pixels (row 0 at the top); nil where they cannot be read (not X11, or the
    /// window is not mapped). Read from the X server on a connection of its own (`XGetImage`),
    /// so it is what is on screen whoever drew it: for tests and screenshots (our addition).
    public func capture() -> CGImage? {
        typealias Get = @convention(c) (UnsafeMutableRawPointer?, UInt, Int32, Int32, UInt32, UInt32, UInt, Int32) -> UnsafeMutablePointer<XImage>?
        guard let x11, !isClosed, let connection = try? X11Connection(name: nil),
              let getImage = connection.symbol("XGetImage", as: Get.self) else { return nil }
        // A window that is not viewable gives BadMatch: Xlib's default handler would exit.
        let restore = X11Errors.ignoring(connection)
        defer { restore() }
        connection.sync()
        var w: Int32 = 0, h: Int32 = 0
        sdl.getWindowSize(window, &w, &h)
        sdl.windowSizeInPixels?(window, &w, &h)
        guard w > 0, h > 0,
              let image = getImage(connection.display, x11.window, 0, 0, UInt32(w), UInt32(h), ~0, ZPixmap)
        else { return nil }
        defer { _ = image.pointee.f.destroy_image?(image) }
        let x = image.pointee
        guard x.bits_per_pixel == 32, let data = x.data else { return nil }
        let width = Int(x.width), height = Int(x.height), stride = Int(x.bytes_per_line)
        var bytes = Data(count: width * height * 4)
        bytes.withUnsafeMutableBytes { out in
            let words = out.bindMemory(to: UInt32.self)
            for row in 0..<height {
                let src = UnsafeRawPointer(data).advanced(by: row * stride).assumingMemoryBound(to: UInt32.self)
                for col in 0..<width { words[row * width + col] = src[col] | 0xFF00_0000 }
            }
        }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little),
                       provider: CGDataProvider(data: bytes), decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }
}

/// Xlib's error handler swapped for one that ignores errors, for calls whose failure is an
/// answer (a window not mapped yet); the handler is process-wide, so it is put back after.
enum X11Errors {
    typealias Handler = @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    typealias Setter = @convention(c) (Handler?) -> Handler?

    /// Installs the ignoring handler; returns the function that restores the previous one.
    static func ignoring(_ connection: X11Connection) -> () -> Void {
        guard let set = connection.symbol("XSetErrorHandler", as: Setter.self) else { return {} }
        let previous = set { _, _ in 0 }
        return { _ = set(previous) }
    }
}
