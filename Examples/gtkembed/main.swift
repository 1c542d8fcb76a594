// A layer tree inside a GTK 4 app's own view: a GtkGLArea (OpenGL ES) whose render signal
// asks CARenderer to draw the tree into the area's framebuffer (CARenderer.makeForCurrentGLContext).
// GTK runs the main loop, so the app commits its changes itself (CATransaction.flush()) before
// each frame, as Apple's CARenderer documentation asks, and redraws while animations run.
//
//   swift run gtkembed                 (needs libgtk-4-dev at build time and a display)
//
// GTK 4.8 makes GLX contexts on X11 by default; CARenderer draws into EGL contexts, so the
// example asks GDK for EGL (GDK_DEBUG=gl-egl) unless GDK_DEBUG is set. With GTKEMBED_FRAMES=N
// it prints the colour at the centre of frame N and quits (its test, CAWindowTests).
import CQuartzGTK4
import Foundation
import QuartzCore
import QuartzCoreGL

/// The app's state, reached from GTK's C callbacks through their user-data pointer.
final class Embed {
    let root = CALayer()
    let spinner = CALayer()
    var renderer: CARenderer?
    var frames = 0
    let quitAfter = ProcessInfo.processInfo.environment["GTKEMBED_FRAMES"].flatMap(Int.init)

    init() {
        root.backgroundColor = CGColor(red: 0.12, green: 0.13, blue: 0.16, alpha: 1)
        spinner.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        spinner.backgroundColor = CGColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1)
        spinner.cornerRadius = 20
        root.addSublayer(spinner)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0; spin.toValue = 2 * Double.pi
        spin.duration = 2; spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        CATransaction.flush()
    }

    /// The area's render signal: the context is current and the area's framebuffer bound.
    func render(_ area: UnsafeMutablePointer<GtkGLArea>) -> Bool {
        if renderer == nil {
            do {
                let r = try CARenderer.makeForCurrentGLContext()
                r.layer = root
                renderer = r
            } catch {
                FileHandle.standardError.write(Data("gtkembed: \(error)\n".utf8))
                exit(69)
            }
        }
        guard let renderer else { return false }
        // The area's size in pixels; the layer tree in points fills it, y up as in GL.
        let widget = UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)
        let scale = CGFloat(gtk_widget_get_scale_factor(widget))
        let w = CGFloat(gtk_widget_get_width(widget)), h = CGFloat(gtk_widget_get_height(widget))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: w * scale, height: h * scale)
        spinner.position = CGPoint(x: w * scale / 2, y: h * scale / 2)
        CATransaction.commit()
        renderer.bounds = root.frame
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        frames += 1
        if let n = quitAfter, frames >= n {
            print("frame \(frames) centre \(GLPixel.read(x: Int(w * scale / 2), y: Int(h * scale / 2))) corner \(GLPixel.read(x: 4, y: 4))")
            exit(0)
        }
        return true
    }

    /// Each tick of the area's frame clock: draw again while animations run (`nextFrameTime`).
    func tick(_ area: UnsafeMutablePointer<GtkGLArea>) {
        if renderer.map({ $0.nextFrameTime() < .infinity }) ?? true { gtk_gl_area_queue_render(area) }
    }
}

/// One pixel of the bound framebuffer (glReadPixels, from the app's GL library).
enum GLPixel {
    static func read(x: Int, y: Int) -> String {
        typealias ReadPixels = @convention(c) (Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
        guard let lib = dlopen("libGLESv2.so.2", RTLD_NOW), let sym = dlsym(lib, "glReadPixels") else { return "?" }
        var rgba = [UInt8](repeating: 0, count: 4)
        unsafeBitCast(sym, to: ReadPixels.self)(Int32(x), Int32(y), 1, 1, 0x1908 /* GL_RGBA */, 0x1401 /* GL_UNSIGNED_BYTE */, &rgba)
        return rgba.prefix(3).map(String.init).joined(separator: ",")
    }
}

setenv("GDK_DEBUG", "gl-egl", 0)
let embed = Embed()
let app = gtk_application_new("org.coreanimation.gtkembed", G_APPLICATION_NON_UNIQUE)

typealias RenderSignal = @convention(c) (UnsafeMutablePointer<GtkGLArea>?, OpaquePointer?, gpointer?) -> gboolean
typealias ActivateSignal = @convention(c) (UnsafeMutablePointer<GtkApplication>?, gpointer?) -> Void
typealias Tick = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean

let onRender: RenderSignal = { area, _, data in
    guard let area, let data else { return 0 }
    return Unmanaged<Embed>.fromOpaque(data).takeUnretainedValue().render(area) ? 1 : 0
}
let onTick: Tick = { widget, _, data in
    guard let widget, let data else { return 0 }
    Unmanaged<Embed>.fromOpaque(data).takeUnretainedValue().tick(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkGLArea.self))
    return 1   // G_SOURCE_CONTINUE
}
let onActivate: ActivateSignal = { app, data in
    let window = gtk_application_window_new(app)
    let area = gtk_gl_area_new()
    let glArea = UnsafeMutableRawPointer(area!).assumingMemoryBound(to: GtkGLArea.self)
    gtk_gl_area_set_use_es(glArea, 1)   // CARenderer draws with OpenGL ES 3
    g_signal_connect_data(area, "render", unsafeBitCast(onRender, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
    _ = gtk_widget_add_tick_callback(area, onTick, data, nil)
    let gtkWindow = UnsafeMutableRawPointer(window!).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_title(gtkWindow, "CARenderer in a GtkGLArea")
    gtk_window_set_default_size(gtkWindow, 400, 300)
    gtk_window_set_child(gtkWindow, area)
    gtk_window_present(gtkWindow)
}
g_signal_connect_data(app, "activate", unsafeBitCast(onActivate, to: GCallback.self),
                      Unmanaged.passUnretained(embed).toOpaque(), nil, GConnectFlags(rawValue: 0))
let status = g_application_run(UnsafeMutableRawPointer(app!).assumingMemoryBound(to: GApplication.self), 0, nil)
exit(status)
