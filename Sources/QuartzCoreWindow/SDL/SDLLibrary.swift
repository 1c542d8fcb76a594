import CQuartzSDL2
import Foundation

/// libSDL2 opened at run time, with the entry points windows use. Nothing links SDL, so a
/// program that imports QuartzCoreWindow runs where it is missing; opening a window then throws
/// `CAWindowError.noSDL`. `QUARTZCORE_SDL_LIBRARY=PATH` (or carender's `CARENDER_SDL_LIBRARY`)
/// opens another library (tests point it at a missing file).
package struct SDLLibrary: @unchecked Sendable {   // C function pointers; SDL itself is used from the main thread
    package typealias Window = OpaquePointer
    package typealias Renderer = OpaquePointer
    package typealias Texture = OpaquePointer

    package let initialize: @convention(c) (UInt32) -> Int32
    package let quit: @convention(c) () -> Void
    package let getError: @convention(c) () -> UnsafePointer<CChar>?
    package let setHint: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> SDL_bool
    package let currentVideoDriver: @convention(c) () -> UnsafePointer<CChar>?
    package let currentDisplayMode: @convention(c) (Int32, UnsafeMutablePointer<SDL_DisplayMode>?) -> Int32
    package let usableBounds: @convention(c) (Int32, UnsafeMutablePointer<SDL_Rect>?) -> Int32
    package let createWindow: @convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32, UInt32) -> Window?
    package let destroyWindow: @convention(c) (Window?) -> Void
    package let windowDisplayIndex: @convention(c) (Window?) -> Int32
    package let createRenderer: @convention(c) (Window?, Int32, UInt32) -> Renderer?
    package let destroyRenderer: @convention(c) (Renderer?) -> Void
    package let outputSize: @convention(c) (Renderer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    package let createTexture: @convention(c) (Renderer?, UInt32, Int32, Int32, Int32) -> Texture?
    package let destroyTexture: @convention(c) (Texture?) -> Void
    package let setTextureBlendMode: @convention(c) (Texture?, SDL_BlendMode) -> Int32
    package let updateTexture: @convention(c) (Texture?, UnsafePointer<SDL_Rect>?, UnsafeRawPointer?, Int32) -> Int32
    package let setDrawColor: @convention(c) (Renderer?, UInt8, UInt8, UInt8, UInt8) -> Int32
    package let clear: @convention(c) (Renderer?) -> Int32
    package let copy: @convention(c) (Renderer?, Texture?, UnsafePointer<SDL_Rect>?, UnsafePointer<SDL_Rect>?) -> Int32
    package let present: @convention(c) (Renderer?) -> Void
    package let pollEvent: @convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32
    package let pushEvent: @convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32

    package let getWindowID: @convention(c) (Window?) -> UInt32
    package let getWindowSize: @convention(c) (Window?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void
    package let setWindowSize: @convention(c) (Window?, Int32, Int32) -> Void
    package let setWindowMinimumSize: @convention(c) (Window?, Int32, Int32) -> Void
    package let setWindowTitle: @convention(c) (Window?, UnsafePointer<CChar>?) -> Void
    package let windowWMInfo: @convention(c) (Window?, UnsafeMutablePointer<SDL_SysWMinfo>?) -> SDL_bool
    package let createSystemCursor: @convention(c) (SDL_SystemCursor) -> OpaquePointer?
    package let setCursor: @convention(c) (OpaquePointer?) -> Void
    package let keyName: @convention(c) (SDL_Keycode) -> UnsafePointer<CChar>?
    package let modState: @convention(c) () -> SDL_Keymod
    /// SDL 2.26's pixel size of a window (HiDPI); nil in older libraries.
    package let windowSizeInPixels: (@convention(c) (Window?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void)?

    /// The library, or the loader's reason it could not be opened.
    package init() throws(CAWindowError) {
        let env = ProcessInfo.processInfo.environment
        let path = env["QUARTZCORE_SDL_LIBRARY"] ?? env["CARENDER_SDL_LIBRARY"] ?? "libSDL2-2.0.so.0"
        guard let lib = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .noSDL(dlerror().map { String(cString: $0) } ?? path)
        }
        func sym<T>(_ name: String) throws(CAWindowError) -> T {
            guard let p = dlsym(lib, name) else { throw .noSDL("\(path) lacks \(name)") }
            return unsafeBitCast(p, to: T.self)
        }
        initialize = try sym("SDL_Init"); quit = try sym("SDL_Quit"); getError = try sym("SDL_GetError")
        setHint = try sym("SDL_SetHint"); currentVideoDriver = try sym("SDL_GetCurrentVideoDriver")
        currentDisplayMode = try sym("SDL_GetCurrentDisplayMode"); usableBounds = try sym("SDL_GetDisplayUsableBounds")
        createWindow = try sym("SDL_CreateWindow"); destroyWindow = try sym("SDL_DestroyWindow")
        windowDisplayIndex = try sym("SDL_GetWindowDisplayIndex")
        createRenderer = try sym("SDL_CreateRenderer"); destroyRenderer = try sym("SDL_DestroyRenderer")
        outputSize = try sym("SDL_GetRendererOutputSize")
        createTexture = try sym("SDL_CreateTexture"); destroyTexture = try sym("SDL_DestroyTexture")
        setTextureBlendMode = try sym("SDL_SetTextureBlendMode"); updateTexture = try sym("SDL_UpdateTexture")
        setDrawColor = try sym("SDL_SetRenderDrawColor"); clear = try sym("SDL_RenderClear")
        copy = try sym("SDL_RenderCopy"); present = try sym("SDL_RenderPresent")
        pollEvent = try sym("SDL_PollEvent")
        pushEvent = try sym("SDL_PushEvent")
        getWindowID = try sym("SDL_GetWindowID"); getWindowSize = try sym("SDL_GetWindowSize")
        setWindowSize = try sym("SDL_SetWindowSize"); setWindowMinimumSize = try sym("SDL_SetWindowMinimumSize")
        setWindowTitle = try sym("SDL_SetWindowTitle"); windowWMInfo = try sym("SDL_GetWindowWMInfo")
        createSystemCursor = try sym("SDL_CreateSystemCursor"); setCursor = try sym("SDL_SetCursor")
        keyName = try sym("SDL_GetKeyName")
        modState = try sym("SDL_GetModState")
        windowSizeInPixels = dlsym(lib, "SDL_GetWindowSizeInPixels").map { unsafeBitCast($0, to: (@convention(c) (Window?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void).self) }
    }

    /// SDL's message for the last failure, on one line.
    package var lastError: String {
        let s = getError().map { String(cString: $0) } ?? ""
        return s.isEmpty ? "no reason given" : s.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
