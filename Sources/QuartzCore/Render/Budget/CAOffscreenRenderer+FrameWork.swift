extension CAOffscreenRenderer {
    /// The estimated work of the frame at `time` (`FrameWork.estimate`: pixel touches), found from
    /// its render passes without drawing it. Our addition: a host that draws the frame another
    /// way (a vector PDF page through `render(at:in:)`, which rasterizes shadows, masks and
    /// perspective with the same compositor) can refuse it against `maximumFrameWork` first.
    public func estimatedWork(at time: CFTimeInterval) -> Int {
        host.update(to: time)
        return FrameWork.estimate(makePasses(at: host.clock.now))
    }
}
