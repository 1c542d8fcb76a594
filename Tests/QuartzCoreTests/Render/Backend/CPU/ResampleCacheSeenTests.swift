import Testing
import CoreGraphics
@testable import QuartzCore

/// ResampleCache's memory of the keys drawn in the previous frame (two sets swapped per frame).
@Suite("Resample cache: keys seen")
struct ResampleCacheSeenTests {
    final class Owner: Sendable {}

    func key(angle: Double, fx: Double = 0.25) -> ResampleCache.Key {
        ResampleCache.Key(texture: ObjectIdentifier(Owner.self), generation: 1,
                          source: CGRect(x: 0, y: 0, width: 8, height: 8), rect: CGRect(x: 0, y: 0, width: 8, height: 8),
                          filter: .linear, edge: .clamp, aliased: [], a: cos(angle), b: sin(angle), c: -sin(angle),
                          d: cos(angle), fx: fx, fy: 0.5)
    }

    /// Asks for `key` in a frame; whether a bitmap came back, and how many were made.
    func ask(_ cache: ResampleCache, _ key: ResampleCache.Key, made: inout Int) -> Bool {
        cache.bitmap(key, owner: Owner()) {
            made += 1
            return TextureResource(zeroedWidth: 8, height: 8).map { ($0, 0, 0) }
        } != nil
    }

    @Test func aKeyIsMadeOnlyWhenItWasDrawnInTheFrameJustBefore() {
        let cache = ResampleCache()
        var made = 0
        cache.beginFrame()
        #expect(!ask(cache, key(angle: 0.1), made: &made))   // first sight
        #expect(!ask(cache, key(angle: 0.1), made: &made))   // again in the same frame: still no bitmap
        cache.beginFrame()
        #expect(!ask(cache, key(angle: 0.2), made: &made))   // a rotating quad: a new key each frame
        cache.beginFrame()
        #expect(!ask(cache, key(angle: 0.1), made: &made))   // seen two frames ago, not in the last: forgotten
        #expect(made == 0 && cache.count == 0)
        cache.beginFrame()
        #expect(ask(cache, key(angle: 0.1), made: &made))     // seen in the frame just before: made
        #expect(ask(cache, key(angle: 0.1), made: &made))     // then kept
        #expect(made == 1 && cache.count == 1)
    }

    /// Keys equal field by field hash alike, −0 and +0 included (a matrix of a quarter turn has
    /// both), so a still rotated quad finds its bitmap.
    @Test func equalKeysHashAlike() {
        var a = key(angle: 0), b = key(angle: 0)
        a.b = -0.0; b.b = 0.0
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b, key(angle: 0.3)]).count == 2)
        #expect(key(angle: 0.1) != key(angle: 0.1, fx: 0.5))
    }
}
