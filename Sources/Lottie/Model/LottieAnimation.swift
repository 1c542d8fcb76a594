import Foundation
import CoreGraphics
import QuartzCore

/// A Lottie animation (Bodymovin JSON; https://lottiefiles.github.io/lottie-docs/), read
/// leniently: unknown layer and shape types, effects and malformed items become `warnings` and
/// the rest still plays. Times are frames at `frameRate`; the animation runs from `inPoint` to
/// `outPoint`; `size` is in points, y down.
public struct LottieAnimation: Sendable {
    public let version: String
    public let name: String
    public let frameRate: Double
    public let inPoint: Double
    public let outPoint: Double
    public let size: CGSize
    /// Named frame ranges (`markers`), in file order.
    public let markers: [LottieMarker]
    public private(set) var warnings: [LottieWarning]
    let layers: [LottieLayerModel]
    let assets: [String: LottieAsset]
    /// `fonts.list` by name, and the exported character outlines (`chars`).
    let fonts: [String: LottieFont]
    let glyphs: [LottieGlyph.Key: LottieGlyph]
    /// Image bytes by asset id, for `.lottie` archives (whose images live beside the JSON).
    var imageData: [String: Data] = [:]
    /// The folder relative image paths are resolved against (the JSON file's folder).
    var baseURL: URL?
    /// Folders outside `baseURL` from which image files may also be read (`AssetFolders`).
    var allowedAssetFolders: [URL] = []

    /// The duration in seconds, `(outPoint − inPoint) / frameRate`.
    public var duration: Double { (outPoint - inPoint) / frameRate }

    /// The largest frame rate and size accepted; beyond them the file is refused.
    public static let maximumFrameRate = 1000.0
    public static let maximumSide = 100_000.0
    /// The largest `.json` file or `.lottie` archive read (bytes), checked on the file opened
    /// (a link's target), before reading it.
    public static let maximumDocumentByteCount = 256 << 20
    /// The longest animation accepted, `outPoint − inPoint` in frames.
    public static let maximumFrameSpan = 10_000_000.0

    /// Decodes Bodymovin JSON. Throws `LottieError` when the data is not JSON, not an object, or
    /// lacks a usable frame rate, in/out points or size.
    public init(data: Data, baseURL: URL? = nil) throws(LottieError) {
        let parsed: (JSONValue, thinned: [(read: Int, kept: Int)])
        do { parsed = try JSONParser.parse(data) }
        catch { throw LottieError("not valid JSON: \(error)") }
        try self.init(json: parsed.0)
        self.baseURL = baseURL
        if let most = parsed.thinned.max(by: { $0.read < $1.read }) {
            addWarning(LottieWarning(path: "", message: "\(parsed.thinned.count) keyframe list(s) over "
                + "\(2 * JSONParser.maximumKeyframes) keyframes thinned evenly (the longest: \(most.read) to \(most.kept))"))
        }
    }

    init(json: JSONValue) throws(LottieError) {
        guard json.object != nil else { throw LottieError("not a Lottie animation: the JSON is not an object") }
        guard json["layers"]?.array != nil else { throw LottieError("not a Lottie animation: no 'layers' list") }
        guard let fr = json["fr"]?.number, fr > 0, fr <= Self.maximumFrameRate else {
            throw LottieError("frame rate 'fr' missing or outside (0, \(Int(Self.maximumFrameRate))]")
        }
        guard let ip = json["ip"]?.number, let op = json["op"]?.number else {
            throw LottieError("in/out points 'ip'/'op' missing or not numbers")
        }
        guard op > ip else { throw LottieError("out point 'op' (\(op)) is not after in point 'ip' (\(ip)): the animation is empty") }
        guard op - ip < Self.maximumFrameSpan else {
            throw LottieError("in/out points 'ip' (\(ip)) … 'op' (\(op)) span \(op - ip) frames; at most "
                              + "\(Int(Self.maximumFrameSpan)) are accepted")
        }
        guard let w = json["w"]?.number, let h = json["h"]?.number, w > 0, h > 0,
              w <= Self.maximumSide, h <= Self.maximumSide else {
            throw LottieError("size 'w'×'h' missing or outside (0, \(Int(Self.maximumSide))]")
        }
        let log = WarningLog()
        version = json["v"]?.string ?? ""
        name = json["nm"]?.string ?? ""
        frameRate = fr; inPoint = ip; outPoint = op
        size = CGSize(width: w, height: h)
        markers = LottieMarker.read(json["markers"], log: log)
        layers = (json["layers"]?.array ?? []).enumerated().map { i, l in
            LottieLayerModel(l, at: "layers[\(i)]", log: log, depth: 0)
        }
        var assets: [String: LottieAsset] = [:]
        for (i, a) in (json["assets"]?.array ?? []).enumerated() {
            guard let asset = LottieAsset(a, at: "assets[\(i)]", log: log) else { continue }
            assets[asset.id] = asset
        }
        self.assets = assets
        (fonts, glyphs) = LottieGlyph.read(fonts: json["fonts"], chars: json["chars"], log: log)
        if json.objectContainsExpressions { log.warn("", "expressions are not evaluated; their keyframed values are used") }
        warnings = log.warnings
        if log.dropped > 0 { warnings.append(LottieWarning(path: "", message: "\(log.dropped) more warnings") ) }
    }

    /// Reads a `.json` file or a `.lottie`/`.lot` archive (the first animation in it). Image
    /// files named by the JSON are read only from inside its folder or `allowedAssetFolders`
    /// (after resolving `..` and links); any other is skipped with a warning when drawn.
    public init(contentsOf url: URL, allowedAssetFolders: [URL] = []) throws(LottieError) {
        try self.init(reading: url)
        self.allowedAssetFolders = allowedAssetFolders
    }

    private init(reading url: URL) throws(LottieError) {
        let data: Data
        switch AssetFolders.readDocument(url.path, limit: Self.maximumDocumentByteCount) {
        case .data(let d): data = d
        case .failure(let why, overLimit: true):
            throw LottieError("the animation \(why) (\(Self.maximumDocumentByteCount >> 20) MiB)")
        // The caller has the path (carender prints it first); the message says what is wrong.
        case .failure(let why, _): throw LottieError("the file \(why)")
        }
        if data.starts(with: [0x50, 0x4b, 0x03, 0x04]) {
            try self.init(archive: data)
        } else if ["lottie", "lot"].contains(url.pathExtension.lowercased()) {
            // A .lottie is a zip; plain JSON under that name is still read, anything else is not an archive.
            do { try self.init(data: data, baseURL: url.deletingLastPathComponent()) } catch {
                guard error.description.hasPrefix("not valid JSON") else { throw error }
                throw LottieError("not a .\(url.pathExtension) (zip) archive: it starts with neither a zip header (PK\\3\\4) nor JSON")
            }
        } else {
            try self.init(data: data, baseURL: url.deletingLastPathComponent())
        }
    }

    mutating func addWarning(_ w: LottieWarning) { warnings.append(w) }

    static func describe(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let c) = error { return c.debugDescription }
        return "\(error)"
    }
}

extension JSONValue {
    /// Whether any property carries an After Effects expression (`x` holding a string).
    var objectContainsExpressions: Bool {
        var stack: [JSONValue] = [self], budget = 2_000_000
        while let v = stack.popLast(), budget > 0 {
            budget -= 1
            switch v {
            case .object(let o):
                if case .string(let s)? = o["x"], !s.isEmpty, o["k"] != nil { return true }
                stack.append(contentsOf: o.values)
            case .array(let a): stack.append(contentsOf: a)
            default: break
            }
        }
        return false
    }
}

/// An asset (https://lottiefiles.github.io/lottie-docs/assets/): a precomposition's layers, or an
/// image (a file under `u` named `p`, or a `data:` URI when embedded).
struct LottieAsset: Sendable {
    var id: String
    var layers: [LottieLayerModel]?
    var imagePath: String?
    var imageFolder: String
    var size: CGSize

    init?(_ j: JSONValue, at path: String, log: WarningLog) {
        guard let id = j["id"]?.string else { log.warn(path, "asset without an id skipped"); return nil }
        self.id = id
        size = CGSize(width: j["w"]?.number ?? 0, height: j["h"]?.number ?? 0)
        imageFolder = j["u"]?.string ?? ""
        imagePath = j["p"]?.string
        if let ls = j["layers"]?.array {
            layers = ls.enumerated().map { i, l in LottieLayerModel(l, at: "\(path).layers[\(i)]", log: log, depth: 0) }
        }
    }
}
