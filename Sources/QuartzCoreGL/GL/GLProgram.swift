import CQuartzEGL
import Foundation

/// A linked program and its uniform locations, looked up once by name.
struct GLProgram {
    let id: GLuint
    private let locations: [String: GLint]

    init(_ gl: GLFunctions, vertex: String, fragment: String, uniforms: [String]) throws(GLError) {
        let vs = try Self.compile(gl, GLenum(GL_VERTEX_SHADER), vertex)
        let fs = try Self.compile(gl, GLenum(GL_FRAGMENT_SHADER), fragment)
        defer { gl.deleteShader(vs); gl.deleteShader(fs) }
        let program = gl.createProgram()
        gl.attachShader(program, vs); gl.attachShader(program, fs)
        gl.linkProgram(program)
        var ok: GLint = 0
        gl.getProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = Self.log { gl.getProgramInfoLog(program, $0, nil, $1) }
            gl.deleteProgram(program)
            throw .shaderFailed(log)
        }
        id = program
        var found: [String: GLint] = [:]
        for name in uniforms { found[name] = gl.getUniformLocation(program, name) }
        locations = found
    }

    /// The location of a uniform named at creation (−1 when the driver optimised it away).
    subscript(_ name: String) -> GLint { locations[name] ?? -1 }

    private static func compile(_ gl: GLFunctions, _ kind: GLenum, _ source: String) throws(GLError) -> GLuint {
        let shader = gl.createShader(kind)
        source.withCString { text in
            var p: UnsafePointer<GLchar>? = text
            gl.shaderSource(shader, 1, &p, nil)
        }
        gl.compileShader(shader)
        var ok: GLint = 0
        gl.getShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = Self.log { gl.getShaderInfoLog(shader, $0, nil, $1) }
            gl.deleteShader(shader)
            throw .shaderFailed(log)
        }
        return shader
    }

    private static func log(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buffer = [GLchar](repeating: 0, count: 4096)
        buffer.withUnsafeMutableBufferPointer { read(4095, $0.baseAddress!) }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
