// On Linux, CGFloat, CGPoint, CGSize and CGRect live in Foundation. Re-export it so that
// `import CoreGraphics` brings them, as it does on Apple platforms.
@_exported import Foundation
