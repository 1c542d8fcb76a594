import Testing
@testable import CoreGraphics
import CQuartzWebP

/// Bad input throws the `CGImageDecodingError` that says why, and never crashes.
@Suite("CGImage decoding errors")
struct CGImageDecodingErrorTests {
    func decodeError(_ data: Data) -> CGImageDecodingError? {
        do { _ = try CGImage.decode(from: data); return nil } catch { return error }
    }

    func isTruncated(_ data: Data, _ format: CGImageFileFormat) -> Bool {
        if case .truncated(format) = decodeError(data) { true } else { false }
    }

    func corruptMessage(_ data: Data, _ format: CGImageFileFormat) -> String? {
        if case let .corrupt(f, message) = decodeError(data), f == format { message } else { nil }
    }

    @Test func emptyAndUnknown() {
        guard case .empty = decodeError(Data()) else { Issue.record("empty"); return }
        let gif = Data("GIF89a\u{1}\u{0}".utf8)
        guard case let .unknownFormat(lead) = decodeError(gif) else { Issue.record("unknown"); return }
        #expect(lead == [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00])
        // The bytes are kept for callers but never printed: the data may be a file that is not
        // an image (and not the user's), such as /etc/shadow named as a scene's image.
        #expect(decodeError(gif)!.description == "cannot decode image: unknown format (not PNG, JPEG or WebP)")
        #expect(decodeError(Data([0x89, 0x50])) != nil)   // too short to be sniffed as PNG
    }

    @Test func unreadableFileNamesThePath() {
        let url = ImageFixture.temporaryURL("png")
        do {
            _ = try CGImage.decode(contentsOf: url)
            Issue.record("decoded a missing file")
        } catch {
            guard case let .unreadableFile(path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == url.path)
            #expect(error.localizedDescription.contains(url.lastPathComponent))
        }
    }

    @Test func truncatedPNG() throws {
        let png = try ImageFixture.data("rgba8.png")
        for cut in [8, 12, 20, 33, 45, png.count - 20, png.count - 12, png.count - 1] {
            #expect(isTruncated(png.prefix(cut), .png), "cut at \(cut) of \(png.count)")
        }
    }

    @Test func corruptPNG() throws {
        var png = try ImageFixture.data("rgba8.png")
        png[png.count - 20] ^= 0xFF        // last byte of the zlib stream's Adler-32 inside IDAT
        let message = try #require(corruptMessage(png, .png))
        #expect(message.contains("IDAT"), "\(message)")
        var crc = try ImageFixture.data("rgba8.png")
        crc[29] ^= 0x01                      // IHDR's CRC (bytes 29…32)
        let crcMessage = try #require(corruptMessage(crc, .png))
        #expect(crcMessage.contains("CRC"), "\(crcMessage)")
        var depth = try ImageFixture.data("rgba8.png")
        depth[24] = 7                        // IHDR bit depth 7 does not exist
        #expect(corruptMessage(depth, .png) != nil)
    }

    @Test func hugePNGHeaderIsRefusedBeforeAllocating() throws {
        let error = decodeError(try ImageFixture.data("huge-header.png"))
        guard case let .tooLarge(format, width, height)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(format == .png && width == 100_000 && height == 100_000)
        #expect(error!.description.contains("100000×100000"))
    }

    func sampleJPEG() throws -> Data {
        let image = try #require(ImageFixture.image(width: 16, height: 16, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: .noneSkipLast), bytes: ImageFixture.gradientRGBA(width: 16, height: 16)))
        return try image.jpegData(quality: 0.8)
    }

    /// Offset of the first SOF0 marker's segment (after FF C0).
    func sof(_ jpeg: Data) throws -> Int {
        let b = [UInt8](jpeg)
        return try #require((0..<b.count - 1).first { b[$0] == 0xFF && b[$0 + 1] == 0xC0 }) + 2
    }

    @Test func truncatedJPEG() throws {
        let jpeg = try sampleJPEG()
        for cut in [3, 10, 100, jpeg.count / 2, jpeg.count - 2] {
            #expect(isTruncated(jpeg.prefix(cut), .jpeg), "cut at \(cut) of \(jpeg.count): \(String(describing: decodeError(jpeg.prefix(cut))))")
        }
    }

    @Test func corruptJPEG() throws {
        var jpeg = try sampleJPEG()
        jpeg[try sof(jpeg) + 2] = 7          // sample precision 7 bits: unsupported by libjpeg
        let message = try #require(corruptMessage(jpeg, .jpeg))
        #expect(!message.isEmpty)
    }

    @Test func hugeJPEGHeaderIsRefused() throws {
        var jpeg = try sampleJPEG()
        let at = try sof(jpeg) + 3           // height, then width, 16-bit big-endian
        for i in 0..<4 { jpeg[at + i] = [0xFD, 0xE8, 0xFD, 0xE8][i] }   // 65000 × 65000
        guard case let .tooLarge(.jpeg, w, h) = decodeError(jpeg) else { Issue.record("not refused"); return }
        #expect(w == 65000 && h == 65000)
    }

    func sampleWebP() throws -> Data {
        try CGImageJPEGWebPTests.losslessWebP(ImageFixture.gradientRGBA(width: 16, height: 16), width: 16, height: 16)
    }

    @Test func truncatedWebP() throws {
        let webp = try sampleWebP()
        for cut in [12, 20, 30, webp.count / 2, webp.count - 1] {
            #expect(isTruncated(webp.prefix(cut), .webp), "cut at \(cut) of \(webp.count)")
        }
    }

    @Test func corruptWebP() throws {
        var webp = try sampleWebP()
        #expect(webp[20] == 0x2F)            // the VP8L signature byte
        webp[20] = 0x00
        #expect(corruptMessage(webp, .webp) != nil, "\(String(describing: decodeError(webp)))")
    }

    @Test func messagesSayWhy() {
        #expect(CGImageDecodingError.truncated(.jpeg).description.contains("JPEG image: the data is truncated"))
        #expect(CGImageDecodingError.corrupt(.png, message: "IDAT: CRC error").localizedDescription
                    .contains("corrupt (IDAT: CRC error)"))
        #expect(CGImageDecodingError.unsupported(.webp, feature: "animation").description.contains("animation is not supported"))
        #expect(CGImageDecodingError.tooLarge(.png, width: 1, height: 40000).description.contains("\(CGImage.maximumDimension)"))
    }
}
