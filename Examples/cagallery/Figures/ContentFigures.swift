import CoreGraphics
import QuartzCore

// "Positioning and Scaling a Layer's Contents": the twelve contentsGravity values, each in an
// 80×60 layer showing a 64×48 picture (the picture is smaller than the layer, so the position
// kinds leave space and the scaling kinds stretch).
@MainActor let gravities: [CALayerContentsGravity] = [
    .topLeft, .top, .topRight, .resize,
    .left, .center, .right, .resizeAspect,
    .bottomLeft, .bottom, .bottomRight, .resizeAspectFill,
]

@MainActor let contentsGravityFigure = Figure(
    name: "04-contents-gravity",
    caption: "Each contentsGravity: a 64×48 picture in an 80×60 layer (the scaling kinds in the last column)",
    size: CGSize(width: 440, height: 300),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 440, height: 300), Palette.paper)
        for (i, g) in gravities.enumerated() {
            let x = 20 + CGFloat(i % 4) * 105, y = 15 + CGFloat(i / 4) * 95
            let l = box(CGRect(x: x, y: y, width: 80, height: 60), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            l.borderWidth = 1
            l.borderColor = Palette.grey
            l.contents = samplePicture
            l.contentsGravity = g
            // Scaling kinds draw the picture squeezed into the layer; keep it inside the border.
            l.masksToBounds = true
            root.addSublayer(l)
            root.addSublayer(label(g.rawValue, CGRect(x: x, y: y + 62, width: 100, height: 18), size: 10))
        }
        return root
    })

// "Layers Have Their Own Background and Border" and "Layers Support a Corner Radius".
@MainActor let styleFigure = Figure(
    name: "05-background-border-corners",
    caption: "backgroundColor; + borderWidth 4; + cornerRadius 18; with contents and masksToBounds",
    size: CGSize(width: 460, height: 160),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 460, height: 160), Palette.paper)
        for i in 0..<4 {
            let l = box(CGRect(x: 20 + CGFloat(i) * 110, y: 30, width: 90, height: 90), Palette.blue)
            if i >= 1 { l.borderWidth = 4; l.borderColor = Palette.ink }
            if i >= 2 { l.cornerRadius = 18 }
            if i == 3 {
                l.contents = samplePicture
                l.contentsGravity = .resizeAspectFill
                l.masksToBounds = true
            }
            root.addSublayer(l)
        }
        return root
    })

// "Adding Shadows to Layers": a shadow from the layer's alpha; masksToBounds clips the layer's
// own shadow (the guide's reason for a separate shadow layer); an explicit shadowPath.
@MainActor let shadowFigure = Figure(
    name: "06-shadows",
    caption: "shadowOpacity 0.6, radius 6, offset (4, 6); with masksToBounds (shadow clipped); with an elliptical shadowPath",
    size: CGSize(width: 420, height: 170),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 420, height: 170), Palette.paper)
        for i in 0..<3 {
            let l = box(CGRect(x: 30 + CGFloat(i) * 130, y: 35, width: 100, height: 90), Palette.orange)
            l.cornerRadius = 12
            l.shadowOpacity = 0.6
            l.shadowRadius = 6
            l.shadowOffset = CGSize(width: 4, height: 6)
            if i == 1 { l.masksToBounds = true }
            if i == 2 {
                l.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 70, width: 100, height: 30), transform: nil)
            }
            root.addSublayer(l)
        }
        return root
    })

// masksToBounds on a superlayer: a sublayer that overflows its parent, unclipped and clipped
// (with the parent's rounded corners).
@MainActor let masksToBoundsFigure = Figure(
    name: "07-masks-to-bounds",
    caption: "A sublayer overflowing its superlayer: masksToBounds false, then true (clipped to the rounded bounds)",
    size: CGSize(width: 380, height: 180),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 380, height: 180), Palette.paper)
        for i in 0..<2 {
            let parent = box(CGRect(x: 40 + CGFloat(i) * 180, y: 40, width: 120, height: 100), Palette.blue)
            parent.cornerRadius = 20
            parent.masksToBounds = i == 1
            let child = box(CGRect(x: 60, y: -25, width: 90, height: 90), Palette.green)
            child.opacity = 0.9
            parent.addSublayer(child)
            root.addSublayer(parent)
        }
        return root
    })
