import CQuartzEGL
import Foundation
import QuartzCore

/// Pass effects on the GPU: shadows and Gaussian blurs as two passes of a separable Gaussian
/// (horizontal into a scratch buffer, vertical back), colour matrices in one pass.
///
/// The CPU backend blurs with three box blurs of radius r (chosen from σ); their sum is close to
/// a Gaussian of variance r(r + 1), which is the Gaussian drawn here, so the two agree within a
/// few 1/255 on blurred edges (a PSNR case of the conformance suite).
extension GLRenderer {
    func apply(_ effect: PassEffect, to t: GLTarget) throws {
        gl.disable(GLenum(GL_BLEND))
        defer { gl.enable(GLenum(GL_BLEND)) }
        switch effect {
        case .shadow(let color, let sigma):
            try blur(t, sigma: sigma, shadow: color)
        case .filters(let filters):
            for f in filters {
                switch f {
                case .gaussianBlur(let sigma): if sigma.isFinite, sigma > 0.2 { try blur(t, sigma: sigma, shadow: nil) }
                case .colorMatrix(let m): try colorMatrix(t, m)
                }
            }
        }
    }

    /// The kernel for a blur of `sigma` pixels, sampled every `step` texels: weights for
    /// offsets 0, 1, … (each used on both sides), normalised to sum to 1; at most 64, so a wide
    /// blur samples every `step`-th texel. The box radius r is the CPU backend's (capped at the
    /// buffer's size, where a blur changes nothing more) and the Gaussian's σ is √(r(r + 1)),
    /// the spread of its three boxes.
    static func kernel(sigma: Double, limit: Int) -> (weights: [Float], step: Int) {
        guard sigma.isFinite, sigma > 0.2 else { return ([1], 1) }
        let c = min(sigma, 1e6)
        let ideal = ((12 * c * c / 3 + 1).squareRoot() - 1) / 2 + 0.5
        let r = Double(max(1, Int(min(ideal, Double(max(limit, 1))))))
        let s = (r * (r + 1)).squareRoot()
        let radius = Int((3 * s).rounded(.up))
        let step = max(1, (radius + 62) / 63)
        var w = (0...(radius / step)).map { exp(-Double($0 * step * $0 * step) / (2 * s * s)) }
        let total = w[0] + 2 * w.dropFirst().reduce(0, +)
        w = w.map { $0 / total }
        return (w.map(Float.init), step)
    }

    private func blur(_ t: GLTarget, sigma: Double, shadow: PremultipliedColor?) throws {
        let scratch = try targets.take(gl, width: t.width, height: t.height)
        defer { targets.give(scratch, gl) }
        let (weights, step) = Self.kernel(sigma: sigma, limit: max(t.width, t.height))
        let p = blurProgram
        gl.useProgram(p.id)
        gl.uniform1i(p["uSrc"], 0)
        gl.uniform1i(p["uTaps"], GLint(weights.count))
        gl.uniform1i(p["uStep"], GLint(step))
        weights.withUnsafeBufferPointer { gl.uniform1fv(p["uWeights"], GLsizei($0.count), $0.baseAddress) }
        gl.activeTexture(GLenum(GL_TEXTURE0))
        for (source, destination, horizontal) in [(t, scratch, true), (scratch, t, false)] {
            destination.bind(gl)
            gl.bindTexture(GLenum(GL_TEXTURE_2D), source.texture)
            gl.uniform2i(p["uDir"], horizontal ? 1 : 0, horizontal ? 0 : 1)
            let last = !horizontal && shadow != nil
            gl.uniform1i(p["uShadow"], last ? 1 : 0)
            if let c = shadow {
                let v = QuadInstance.vector(c, opacity: 1)
                gl.uniform4f(p["uColor"], v.x, v.y, v.z, v.w)
            }
            gl.drawArrays(GLenum(GL_TRIANGLES), 0, 3)
            drawCalls += 1
        }
    }

    private func colorMatrix(_ t: GLTarget, _ cm: ColorMatrix) throws {
        let scratch = try targets.take(gl, width: t.width, height: t.height)
        defer { targets.give(scratch, gl) }
        let m = cm.m
        // Column-major: column j holds input j's factor in each of the four output rows.
        let columns: [Float] = (0..<4).flatMap { j in (0..<4).map { i in Float(m[5 * i + j]) } }
        let p = matrixProgram
        gl.useProgram(p.id)
        gl.uniform1i(p["uSrc"], 0)
        columns.withUnsafeBufferPointer { gl.uniformMatrix4fv(p["uM"], 1, GLboolean(GL_FALSE), $0.baseAddress) }
        gl.uniform4f(p["uC"], Float(m[4]), Float(m[9]), Float(m[14]), Float(m[19]))
        scratch.bind(gl)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        gl.bindTexture(GLenum(GL_TEXTURE_2D), t.texture)
        gl.drawArrays(GLenum(GL_TRIANGLES), 0, 3)
        drawCalls += 1
        t.swapTexture(with: scratch, gl)
    }
}
