import CQuartzFreeType

extension CGFont {
    /// The glyph named `name` in the font's post table ("A", "uni4E2D"), or 0 (.notdef) if
    /// none (Apple's `getGlyphWithGlyphName(name:)`).
    public func getGlyphWithGlyphName(name: String) -> CGGlyph {
        face.withFace(or: 0) { f in
            guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_GLYPH_NAMES) != 0 else { return 0 }
            return CGGlyph(truncatingIfNeeded: name.withCString { FT_Get_Name_Index(f, $0) })
        }
    }

    /// The name of `glyph`, or nil if the font has no glyph names (Apple's `name(for:)`).
    public func name(for glyph: CGGlyph) -> String? {
        face.withFace(or: nil) { f in
            guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_GLYPH_NAMES) != 0 else { return nil }
            var buffer = [CChar](repeating: 0, count: 128)
            guard FT_Get_Glyph_Name(f, FT_UInt(glyph), &buffer, 128) == 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Writes each glyph's horizontal advance in font units (Apple's
    /// `getGlyphAdvances(glyphs:count:advances:)`). False if a glyph is out of range.
    public func getGlyphAdvances(glyphs: UnsafePointer<CGGlyph>, count: Int,
                                 advances: UnsafeMutablePointer<Int32>) -> Bool {
        face.withFace(or: false) { f in
            var ok = true
            for i in 0..<max(0, count) {
                var advance: FT_Fixed = 0
                if FT_Get_Advance(f, FT_UInt(glyphs[i]), FontFace.unscaledLoadFlags, &advance) != 0 { ok = false; advance = 0 }
                advances[i] = Int32(clamping: advance)
            }
            return ok
        }
    }

    /// The glyph for a Unicode scalar, or 0 (.notdef) if the font has none.
    package func glyph(for scalar: Unicode.Scalar) -> CGGlyph {
        face.withFace(or: 0) { CGGlyph(truncatingIfNeeded: FT_Get_Char_Index($0, FT_ULong(scalar.value))) }
    }

    /// The outline of `glyph` scaled by `scale` (points per font unit), y up, then transformed
    /// by `transform`; nil when the glyph cannot be loaded or is a bitmap (colour emoji).
    package func path(for glyph: CGGlyph, scale: CGFloat, transform: CGAffineTransform) -> CGPath? {
        face.withFace(or: nil) { f -> CGPath? in
            guard FT_Load_Glyph(f, FT_UInt(glyph), FontFace.unscaledLoadFlags) == 0,
                  f.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            let builder = OutlineBuilder(transform: CGAffineTransform(scaleX: scale, y: scale).concatenating(transform))
            withExtendedLifetime(builder) {
                _ = FT_Outline_Decompose(&f.pointee.glyph.pointee.outline, &OutlineBuilder.callbacks,
                                         Unmanaged.passUnretained(builder).toOpaque())
            }
            if !builder.path.isEmpty { builder.path.closeSubpath() }
            return builder.path.copy()
        }
    }
}

/// Receives FreeType's outline walk (font units) and builds a `CGMutablePath`.
private final class OutlineBuilder {
    let path = CGMutablePath()
    let transform: CGAffineTransform
    init(transform: CGAffineTransform) { self.transform = transform }

    func point(_ v: UnsafePointer<FT_Vector>?) -> CGPoint {
        CGPoint(x: CGFloat(v!.pointee.x), y: CGFloat(v!.pointee.y))
    }

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    // FreeType reports contours by move-to only; each new one closes the last.
    nonisolated(unsafe) static var callbacks = FT_Outline_Funcs(
        move_to: { to, user in
            let b = from(user)
            if !b.path.isEmpty { b.path.closeSubpath() }
            b.path.move(to: b.point(to), transform: b.transform); return 0
        },
        line_to: { to, user in
            let b = from(user); b.path.addLine(to: b.point(to), transform: b.transform); return 0
        },
        conic_to: { control, to, user in
            let b = from(user)
            b.path.addQuadCurve(to: b.point(to), control: b.point(control), transform: b.transform); return 0
        },
        cubic_to: { c1, c2, to, user in
            let b = from(user)
            b.path.addCurve(to: b.point(to), control1: b.point(c1), control2: b.point(c2), transform: b.transform)
            return 0
        },
        shift: 0, delta: 0)
}
