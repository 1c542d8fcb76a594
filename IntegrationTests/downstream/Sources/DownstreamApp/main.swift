import CoreGraphics

let t = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 1, y: 1))
print(CGPoint(x: 1, y: 1).applying(t))

import CoreText
let font = CTFontCreateWithName("Helvetica", 12, nil)
print(CTFontCopyPostScriptName(font), CTFontGetAscent(font))
