/// Where a bitmap's texels are in the GL texture that holds them: the whole texture for one of
/// its own or a pass buffer, a rectangle of a page for one in the atlas (`GLAtlas`).
struct TextureRegion: Equatable {
    /// The bitmap's top-left texel and size in the texture, in texels.
    var x: Int, y: Int, width: Int, height: Int
    /// The texture's size in texels.
    var textureWidth: Int, textureHeight: Int

    init(x: Int, y: Int, width: Int, height: Int, textureWidth: Int, textureHeight: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
        self.textureWidth = textureWidth; self.textureHeight = textureHeight
    }

    /// A whole `width` × `height` texture.
    init(whole width: Int, _ height: Int) {
        self.init(x: 0, y: 0, width: width, height: height, textureWidth: width, textureHeight: height)
    }
}
