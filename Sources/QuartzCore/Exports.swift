// `import QuartzCore` brings CoreGraphics (and so Foundation's CG geometry), as on Apple platforms.
@_exported import CoreGraphics
