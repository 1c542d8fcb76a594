import Testing
import CoreGraphics
@testable import QuartzCore

// Every default follows the CALayer property page named beside it
// (https://developer.apple.com/documentation/quartzcore/calayer/<property>).
@Suite("CALayer defaults")
struct DefaultsTests {
    @Test func geometryDefaults() {
        let l = CALayer()
        #expect(l.bounds == .zero)                                  // bounds
        #expect(l.position == .zero)                                // position
        #expect(l.zPosition == 0)                                   // zPosition
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5))           // anchorPoint
        #expect(l.anchorPointZ == 0)                                // anchorPointZ
        #expect(l.transform == CATransform3DIdentity)               // transform
        #expect(l.sublayerTransform == CATransform3DIdentity)       // sublayerTransform
        #expect(l.frame == .zero)                                   // frame
        #expect(!l.isGeometryFlipped)                               // isGeometryFlipped
        #expect(!l.contentsAreFlipped())                            // contentsAreFlipped()
        #expect(l.affineTransform() == .identity)                   // affineTransform()
        #expect(l.autoresizingMask == [])                           // autoresizingMask
    }

    @Test func appearanceDefaults() {
        let l = CALayer()
        #expect(!l.isHidden)                                        // isHidden
        #expect(l.isDoubleSided)                                    // isDoubleSided
        #expect(l.opacity == 1)                                     // opacity
        #expect(!l.isOpaque)                                        // isOpaque
        #expect(l.allowsGroupOpacity)                               // allowsGroupOpacity (iOS)
        #expect(!l.allowsEdgeAntialiasing)                          // allowsEdgeAntialiasing
        #expect(l.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(l.edgeAntialiasingMask.rawValue == 15)
        #expect(!l.masksToBounds)                                   // masksToBounds
        #expect(!l.shouldRasterize)                                 // shouldRasterize
        #expect(l.rasterizationScale == 1)                          // rasterizationScale
        #expect(!l.drawsAsynchronously)                             // drawsAsynchronously
        #expect(l.filters == nil && l.compositingFilter == nil && l.backgroundFilters == nil)
        #expect(l.backgroundColor == nil)                           // backgroundColor
        #expect(l.borderColor == CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)) // borderColor: opaque black
        #expect(l.borderWidth == 0)                                 // borderWidth
        #expect(l.cornerRadius == 0)                                // cornerRadius
        #expect(l.maskedCorners.rawValue == 15)                     // maskedCorners: all four
        #expect(l.cornerCurve == .circular)                         // cornerCurve
    }

    @Test func contentsDefaults() {
        let l = CALayer()
        #expect(l.contents == nil)                                          // contents
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))  // contentsRect
        #expect(l.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1)) // contentsCenter
        #expect(l.contentsGravity == .resize)                               // contentsGravity
        #expect(l.contentsScale == 1)                                       // contentsScale
        #expect(l.contentsFormat == .RGBA8Uint)                             // contentsFormat
        #expect(l.minificationFilter == .linear)                            // minificationFilter
        #expect(l.magnificationFilter == .linear)                           // magnificationFilter
        #expect(l.minificationFilterBias == 0)                              // minificationFilterBias
        #expect(!l.needsDisplayOnBoundsChange)                              // needsDisplayOnBoundsChange
    }

    @Test func shadowDefaults() {
        let l = CALayer()
        #expect(l.shadowColor == CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)) // opaque black
        #expect(l.shadowOpacity == 0)                                   // shadowOpacity
        #expect(l.shadowOffset == CGSize(width: 0, height: -3))         // shadowOffset
        #expect(l.shadowRadius == 3)                                    // shadowRadius
        #expect(l.shadowPath == nil)                                    // shadowPath
    }

    @Test func identityAndTreeDefaults() {
        let l = CALayer()
        #expect(l.name == nil && l.style == nil && l.actions == nil && l.delegate == nil)
        #expect(l.sublayers == nil && l.superlayer == nil && l.mask == nil)
        #expect(l.layoutManager == nil)
        #expect(l.model() === l)
        #expect(l.presentation() == nil)
        #expect(!l.needsDisplay() && !l.needsLayout())
    }

    @Test func rawValuesMatchApplesConstants() {
        #expect(CALayerContentsGravity.resizeAspectFill.rawValue == "resizeAspectFill")
        #expect(CALayerContentsGravity.topLeft.rawValue == "topLeft")
        #expect(CALayerContentsFilter.trilinear.rawValue == "trilinear")
        #expect(CALayerContentsFormat.RGBA16Float.rawValue == "RGBAh")
        #expect(CALayerContentsFormat.gray8Uint.rawValue == "Gray8")
        #expect(CALayerCornerCurve.continuous.rawValue == "continuous")
        #expect(CACornerMask.layerMaxXMaxYCorner.rawValue == 8)
        #expect(CAEdgeAntialiasingMask.layerTopEdge.rawValue == 8)
        #expect(CAAutoresizingMask.layerMaxYMargin.rawValue == 32)
    }

    /// `defaultValue(forKey:)` gives Apple's defaults in KVC form, and every table key has one
    /// except the tree links and delegate, whose defaults are nil.
    @Test func defaultValueForKey() {
        #expect((CALayer.defaultValue(forKey: "anchorPoint") as? NSValue)?.pointValue == CGPoint(x: 0.5, y: 0.5))
        #expect((CALayer.defaultValue(forKey: "opacity") as? NSNumber)?.floatValue == 1)
        #expect((CALayer.defaultValue(forKey: "isDoubleSided") as? NSNumber)?.boolValue == true)
        #expect((CALayer.defaultValue(forKey: "shadowOffset") as? NSValue)?.sizeValue == CGSize(width: 0, height: -3))
        #expect(CALayer.defaultValue(forKey: "contentsGravity") as? String == "resize")
        #expect((CALayer.defaultValue(forKey: "transform") as? NSValue)?.caTransform3DValue == CATransform3DIdentity)
        #expect(CALayer.defaultValue(forKey: "someCustomKey") == nil)
        for d in PropertyTable.layer.all where d.stateKeyPath != nil {
            let l = CALayer()
            // The default read through KVC equals defaultValue(forKey:) for every stored key.
            #expect(String(describing: l.value(forKey: d.key)) == String(describing: CALayer.defaultValue(forKey: d.key)),
                    "key \(d.key)")
        }
    }

    @Test func cornerCurveExpansionFactor() {
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(close(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665, 1e-6))
    }
}
