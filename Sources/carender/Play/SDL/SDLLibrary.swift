import CQuartzSDL2
import Foundation

/// libSDL2 opened at run time, with the entry points `play` uses. Nothing links SDL, so every
/// other carender command runs where it is missing; `play` then exits 69 saying so.
/// `CARENDER_SDL_LIBRARY=PATH` opens another library (tests point it at a missing file).
struct SDLLibrary {
    typealias Window = OpaquePointer
    typealias Renderer = OpaquePointer
    typealias Texture = OpaquePointer

    let initialize: @convention(c) (UInt32) -> Int32
    let quit: @convention(c) () -> Void
    let getError: @convention(c) () -> UnsafePointer<CChar>?
    let setHint: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> SDL_bool
    let currentVideoDriver: @convention(c) () -> UnsafePointer<CChar>?
    let currentDisplayMode: @convention(c) (Int32, UnsafeMutablePointer<SDL_DisplayMode>?) -> Int32
    let usableBounds: @convention(c) (Int32, UnsafeMutablePointer<SDL_Rect>?) -> Int32
    let createWindow: @convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32, UInt32) -> Window?
    let destroyWindow: @convention(c) (Window?) -> Void
    let windowDisplayIndex: @convention(c) (Window?) -> Int32
    let createRenderer: @convention(c) (Window?, Int32, UInt32) -> Renderer?
    let destroyRenderer: @convention(c) (Renderer?) -> Void
    let rendererInfo: @convention(c) (Renderer?, UnsafeMutablePointer<SDL_RendererInfo>?) -> Int32
    let outputSize: @convention(c) (Renderer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    let createTexture: @convention(c) (Renderer?, UInt32, Int32, Int32, Int32) -> Texture?
    let destroyTexture: @convention(c) (Texture?) -> Void
    let setTextureBlendMode: @convention(c) (Texture?, SDL_BlendMode) -> Int32
    let updateTexture: @convention(c) (Texture?, UnsafePointer<SDL_Rect>?, UnsafeRawPointer?, Int32) -> Int32
    let setDrawColor: @convention(c) (Renderer?, UInt8, UInt8, UInt8, UInt8) -> Int32
    let clear: @convention(c) (Renderer?) -> Int32
    let copy: @convention(c) (Renderer?, Texture?, UnsafePointer<SDL_Rect>?, UnsafePointer<SDL_Rect>?) -> Int32
    let present: @convention(c) (Renderer?) -> Void
    let readPixels: @convention(c) (Renderer?, UnsafePointer<SDL_Rect>?, UInt32, UnsafeMutableRawPointer?, Int32) -> Int32
    let pollEvent: @convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32
    let waitEventTimeout: @convention(c) (UnsafeMutablePointer<SDL_Event>?, Int32) -> Int32
    let pushEvent: @convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32

    /// The library, or the loader's reason it could not be opened.
    init() throws(PlayError) {
        let path = ProcessInfo.processInfo.environment["CARENDER_SDL_LIBRARY"] ?? "libSDL2-2.0.so.0"
        guard let lib = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .noSDL(dlerror().map { String(cString: $0) } ?? path)
        }
        func sym<T>(_ name: String) throws(PlayError) -> T {
            guard let p = dlsym(lib, name) else { throw .noSDL("\(path) lacks \(name)") }
            return unsafeBitCast(p, to: T.self)
        }
        initialize = try sym("SDL_Init"); quit = try sym("SDL_Quit"); getError = try sym("SDL_GetError")
        setHint = try sym("SDL_SetHint"); currentVideoDriver = try sym("SDL_GetCurrentVideoDriver")
        currentDisplayMode = try sym("SDL_GetCurrentDisplayMode"); usableBounds = try sym("SDL_GetDisplayUsableBounds")
        createWindow = try sym("SDL_CreateWindow"); destroyWindow = try sym("SDL_DestroyWindow")
        windowDisplayIndex = try sym("SDL_GetWindowDisplayIndex")
        createRenderer = try sym("SDL_CreateRenderer"); destroyRenderer = try sym("SDL_DestroyRenderer")
        rendererInfo = try sym("SDL_GetRendererInfo"); outputSize = try sym("SDL_GetRendererOutputSize")
        createTexture = try sym("SDL_CreateTexture"); destroyTexture = try sym("SDL_DestroyTexture")
        setTextureBlendMode = try sym("SDL_SetTextureBlendMode"); updateTexture = try sym("SDL_UpdateTexture")
        setDrawColor = try sym("SDL_SetRenderDrawColor"); clear = try sym("SDL_RenderClear")
        copy = try sym("SDL_RenderCopy"); present = try sym("SDL_RenderPresent")
        readPixels = try sym("SDL_RenderReadPixels")
        pollEvent = try sym("SDL_PollEvent"); waitEventTimeout = try sym("SDL_WaitEventTimeout")
        pushEvent = try sym("SDL_PushEvent")
    }

    /// SDL's message for the last failure, on one line.
    var lastError: String {
        let s = getError().map { String(cString: $0) } ?? ""
        return s.isEmpty ? "no reason given" : s.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
