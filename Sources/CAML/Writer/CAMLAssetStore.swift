import Foundation
import CoreGraphics

/// The images a document names: each distinct `CGImage` is PNG-encoded once and either kept as
/// a file for the bundle's `assets/` folder (`assets/image-1.png`, numbered in the order first
/// met) or embedded as a `data:image/png;base64,…` URI.
///
/// PNG keeps 8-bit pixels exactly (straight alpha; premultiplied pixels are divided by alpha,
/// which the decoder multiplies back), so a read–write–read round trip draws the same pixels.
final class CAMLAssetStore {
    enum Mode { case files, dataURI }

    let mode: Mode
    /// Files for `assets/`, in order: name relative to the bundle, PNG bytes.
    private(set) var files: [(path: String, data: Data)] = []
    private var sources: [ObjectIdentifier: String] = [:]
    /// Held so that an `ObjectIdentifier` is never reused by another image during one write.
    private var held: [CGImage] = []

    init(mode: Mode) { self.mode = mode }

    /// The `src` text for `image`.
    func source(for image: CGImage) throws(CAMLWriteError) -> String {
        if let s = sources[ObjectIdentifier(image)] { return s }
        let png: Data
        do { png = try image.pngData() } catch {
            throw CAMLWriteError(.imageEncodingFailed, path: "",
                                 "a \(image.width)×\(image.height) image could not be encoded as PNG (\(error))")
        }
        let src: String
        switch mode {
        case .files:
            src = "assets/image-\(files.count + 1).png"
            files.append((src, png))
        case .dataURI:
            src = "data:image/png;base64," + png.base64EncodedString()
            guard src.utf8.count <= CAMLImageLoader.maximumDataURIByteCount else {
                throw CAMLWriteError(.imageTooLarge, path: "",
                    "a \(image.width)×\(image.height) image is \(src.utf8.count) bytes as a data: URI; "
                    + "readers take at most \(CAMLImageLoader.maximumDataURIByteCount) (write a .ca bundle instead)")
            }
        }
        sources[ObjectIdentifier(image)] = src
        held.append(image)
        return src
    }
}
