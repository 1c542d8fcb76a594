// `import ImageIO` brings CoreGraphics, as on Apple platforms.
@_exported import CoreGraphics
