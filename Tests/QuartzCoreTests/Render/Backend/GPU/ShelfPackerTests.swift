import Testing
import QuartzCoreGL

/// The atlas's rectangle packer (no GL): rectangles never overlap or leave the page, freed
/// space is found again, and a page emptied gives all its rows back.
struct ShelfPackerTests {
    struct Placed { let x, y, w, h: Int }

    /// Outside the expectation macros, which cannot call mutating methods.
    static func take(_ packer: inout ShelfPacker, _ w: Int, _ h: Int) -> (x: Int, y: Int)? {
        packer.allocate(width: w, height: h)
    }

    static func overlaps(_ a: Placed, _ b: Placed) -> Bool {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    }

    @Test func rectanglesOfMixedSizesNeverOverlapAndStayInThePage() throws {
        var packer = ShelfPacker(width: 256, height: 256)
        var placed: [Placed] = []
        var rng = SplitMix(seed: 7)
        while true {
            let w = Int.random(in: 3...40, using: &rng), h = Int.random(in: 3...40, using: &rng)
            guard let p = packer.allocate(width: w, height: h) else { break }
            placed.append(Placed(x: p.x, y: p.y, w: w, h: h))
        }
        #expect(placed.count > 40)
        #expect(packer.count == placed.count)
        for (i, a) in placed.enumerated() {
            #expect(a.x >= 0 && a.y >= 0 && a.x + a.w <= 256 && a.y + a.h <= 256)
            for b in placed[(i + 1)...] { #expect(!Self.overlaps(a, b), "\(a) overlaps \(b)") }
        }
        // At least half the page is used: shelves waste at most their height's rounding.
        let area = placed.reduce(0) { $0 + $1.w * $1.h }
        #expect(area > 256 * 256 / 2)
    }

    @Test func aFreedRectangleIsReusedAndNeighboursMerge() throws {
        var packer = ShelfPacker(width: 100, height: 30)
        let a = try #require(Self.take(&packer, 40, 10))
        let b = try #require(Self.take(&packer, 40, 10))
        #expect(a.y == b.y && a.x == 0 && b.x == 40)
        // 20 columns left on the shelf: a 30-wide one needs a new shelf.
        let c = try #require(Self.take(&packer, 30, 10))
        #expect(c.y != a.y)
        #expect(Self.take(&packer, 30, 10) != nil)   // the second shelf's rest
        #expect(Self.take(&packer, 80, 10) == nil)    // no room anywhere
        packer.free(x: a.x, y: a.y, width: 40)
        packer.free(x: b.x, y: b.y, width: 40)
        // a and b merged with the free tail: 100 columns in one span.
        let d = try #require(Self.take(&packer, 100, 10))
        #expect(d.x == 0 && d.y == a.y)
    }

    @Test func anEmptiedPageGivesEveryRowBack() throws {
        var packer = ShelfPacker(width: 64, height: 64)
        var placed: [(x: Int, y: Int)] = []
        while let p = packer.allocate(width: 16, height: 8) { placed.append(p) }
        #expect(placed.count == 32)
        #expect(packer.rowsLeft == 0)
        for p in placed.reversed() { packer.free(x: p.x, y: p.y, width: 16) }
        #expect(packer.isEmpty && packer.rowsLeft == 64)
        // Now a rectangle as tall as the page fits.
        #expect(Self.take(&packer, 64, 64) != nil)
    }

    @Test func tooLargeOrEmptyRectanglesAreRefused() {
        var packer = ShelfPacker(width: 32, height: 32)
        #expect(Self.take(&packer, 33, 1) == nil)
        #expect(Self.take(&packer, 1, 33) == nil)
        #expect(Self.take(&packer, 0, 4) == nil)
        #expect(packer.isEmpty)
    }
}
