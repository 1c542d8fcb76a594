// Every scene, in the order `cabench all` runs them. A new scene: a file in Scenes/ and a line here.

enum SceneRegistry {
    static func all() -> [any BenchScene] {
        [LayerSetScene(), TickScene(), CommitScene(), DamageScene(), ShadowPathScene(), BandwidthScene(),
         FillrateScene(), SpritesScene(), TransformedScene(), PerspectiveScene(), ThreadsScene(), RampScene(), ScrollScene(),
         WallpaperScene(), TextLinesScene(), DashedRingsScene(),
         TextLayersScene(), GPULayersScene(), LottieScene()]
    }
}
