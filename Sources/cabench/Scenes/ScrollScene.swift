// issue 7's `scroll`: a tiled layer scrolled 10 points per frame. Not available: there is no
// tiled layer (CATiledLayer) yet, so there is nothing of ours to time; the scene is listed so
// `cabench list` and docs/BENCHMARKS.md say so, and it runs no cases.
struct ScrollScene: BenchScene {
    let name = "scroll"
    let summary = "not available: needs tiled layers (CATiledLayer), which do not exist yet; runs nothing"
    func cases() -> [BenchCase] { [] }
}
