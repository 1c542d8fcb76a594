extension CAOffscreenRenderer {
    /// The backend that draws the host's bitmap frames: the CPU compositor unless replaced
    /// (carender puts the GPU backend, QuartzCoreGL's `GLCompositor`, here). Frames are the
    /// same within the conformance suite's tolerance whichever draws them; damage tracking
    /// and caches above the backend are unchanged.
    package var backend: any RenderBackend {
        get { producer.backend }
        set { producer.backend = newValue }
    }
}
