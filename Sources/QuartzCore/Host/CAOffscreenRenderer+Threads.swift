extension CAOffscreenRenderer {
    /// How many threads draw each frame's final pass, in horizontal bands (offscreen passes
    /// first, on the calling thread); nil (the default) uses one per active core, at most 8,
    /// with bands at least 64 rows high. Frames are byte-for-byte the same for every count;
    /// only the time changes (cabench reports the scaling). Applies to the CPU backend.
    package var renderThreadCount: Int? {
        get { (producer.backend as? CPUCompositor)?.threadCount }
        set { (producer.backend as? CPUCompositor)?.threadCount = newValue }
    }
}
