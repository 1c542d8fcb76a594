import Testing
import CQuartzEGL
import CoreGraphics
import Foundation
@testable import QuartzCore
@testable import QuartzCoreGL

/// `CARenderer.makeForCurrentGLContext()`: a layer tree drawn into an app's own GL context and
/// framebuffer (here a headless EGL context and a framebuffer of the test's, standing in for a
/// GtkGLArea's), source-over the app's pixels, with the app's GL state put back.
@Suite("CARenderer in an app's GL context", .enabled(if: BackendKind.GPU.shared != nil, "needs EGL (Mesa's llvmpipe is enough)"))
struct CARendererGLContextTests {
    /// A transparent root with an opaque orange box at (8, 8, 32, 24) points from the bottom-left.
    static func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        let box = CALayer()
        box.frame = CGRect(x: 8, y: 8, width: 32, height: 24)
        box.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        root.addSublayer(box)
        return root
    }

    @Test func drawsIntoTheBoundFramebufferOverTheAppsPixels() throws {
        let app = try GLContext(session: try EGLSession.shared.get())
        defer { app.destroy() }
        try app.withCurrent {
            let gl = app.gl
            // The app's framebuffer: 64 × 48, cleared to grey, its viewport elsewhere.
            let texture = GLTarget.makeTexture(gl, 64, 48)
            var fbo: GLuint = 0
            gl.genFramebuffers(1, &fbo)
            gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            gl.framebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            gl.viewport(0, 0, 64, 48)
            gl.clearColor(0.5, 0.5, 0.5, 1)
            gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
            gl.viewport(1, 2, 3, 4)

            let renderer = try CARenderer.makeForCurrentGLContext()
            renderer.layer = Self.scene()
            CATransaction.flush()
            renderer.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
            renderer.beginFrame(atTime: 0, timeStamp: nil)
            #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 64, height: 48), "the first frame is whole")
            renderer.render()
            renderer.endFrame()

            // The app's bindings are as it left them.
            var bound: GLint = 0, viewport = [GLint](repeating: 0, count: 4), clear = [GLfloat](repeating: 0, count: 4)
            gl.getIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
            gl.getIntegerv(GLenum(GL_VIEWPORT), &viewport)
            gl.getFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clear)
            #expect(bound == GLint(fbo))
            #expect(viewport == [1, 2, 3, 4])
            #expect(clear == [0.5, 0.5, 0.5, 1])

            // GL rows are bottom-up, like the layer's y-up space here.
            var pixels = [UInt8](repeating: 0, count: 64 * 48 * 4)
            gl.readPixels(0, 0, 64, 48, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
            func rgba(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(pixels[(y * 64 + x) * 4 + $0]) } }
            let inBox = rgba(20, 20), outside = rgba(50, 40)
            #expect(abs(inBox[0] - 230) <= 1 && abs(inBox[1] - 128) <= 1 && abs(inBox[2] - 26) <= 1, "the box: \(inBox)")
            #expect(outside.prefix(3).allSatisfy { abs($0 - 128) <= 1 }, "the app's grey shows through: \(outside)")

            // Nothing animates: the next frame changes nothing and no frame is due.
            renderer.beginFrame(atTime: 1, timeStamp: nil)
            #expect(renderer.updateBounds().isNull)
            #expect(renderer.nextFrameTime() == .infinity)
            renderer.endFrame()
            gl.deleteFramebuffers(1, &fbo)
            var t = texture
            gl.deleteTextures(1, &t)
        }
    }

    @Test func withoutACurrentContextItSaysSo() {
        #expect(throws: GLError.self) { try CARenderer.makeForCurrentGLContext() }
    }
}
