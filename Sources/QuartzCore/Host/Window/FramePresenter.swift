import CoreGraphics

/// What puts a window's frames on screen, called by its render thread (`WindowFrameLoop`).
/// QuartzCoreGL's `GLWindowPresenter` composites the passes itself into an EGL window surface;
/// QuartzCoreWindow's CPU presenters take the CPU compositor's pixels.
package protocol FramePresenter: AnyObject {
    /// One line for the user: who draws and how frames reach the window.
    var description: String { get }
    /// Whether the presenter draws the passes itself over pixels it keeps (`present(_:)`);
    /// otherwise the loop draws them with the CPU compositor and hands over the pixels
    /// (`present(pixels:damage:)`).
    var compositesPasses: Bool { get }
    /// Whether a present waits for the display's vertical blank (the loop then does not sleep
    /// until the frame's time itself).
    var waitsForVsync: Bool { get }
    /// Draws `frame` over the pixels kept from the last one and shows it. Throws when the
    /// surface or context cannot draw any more (the window then presents on the CPU).
    func present(_ frame: KeptTargetFrame) throws
    /// Shows `pixels`, the whole frame; `damage` is what changed since the last frame (target
    /// pixels, origin top-left).
    func present(pixels: PixelBuffer, damage: CGRect) throws
    /// Shows the last frame again (the window system lost the window's pixels: exposed, moved);
    /// false when the presenter kept nothing to show, and the loop draws the next frame whole.
    func redisplay() throws -> Bool
    /// Lets go of the surface; called once, on the render thread, when the loop stops.
    func close()
}

extension FramePresenter {
    package func present(_ frame: KeptTargetFrame) throws { throw PresenterError.unsupported("passes") }
    package func present(pixels: PixelBuffer, damage: CGRect) throws { throw PresenterError.unsupported("pixels") }
    package func close() {}
}

/// Why a presenter could not show a frame.
package enum PresenterError: Error, CustomStringConvertible {
    /// The loop handed over a kind of frame this presenter does not take.
    case unsupported(String)
    /// The surface is gone (its window closed, the display went away).
    case surfaceLost(String)
    /// The presenter recovered (a lost context made again) but kept no pixels: the loop draws
    /// the next frame whole and carries on.
    case lostPixels(String)

    package var description: String {
        switch self {
        case .unsupported(let kind): "this presenter does not take \(kind)"
        case .surfaceLost(let why): "the window surface is gone: \(why)"
        case .lostPixels(let why): "the presenter lost its pixels: \(why)"
        }
    }
}
