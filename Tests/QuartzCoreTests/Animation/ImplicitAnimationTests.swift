import Testing
import Foundation
@testable import QuartzCore

/// Implicit animations: changing an animatable property of a committed layer adds a
/// CABasicAnimation from the presentation value with the transaction's duration and timing
/// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/CreatingBasicAnimations/CreatingBasicAnimations.html,
/// https://developer.apple.com/documentation/quartzcore/catransaction).
@Suite("Implicit animations", .serialized)
struct ImplicitAnimationTests {
    let def = CAMediaTimingFunction(name: .default)

    @Test func changingOpacityAnimatesFromThePresentationValue() throws {
        let (host, root) = makeHost()
        host.withClock { root.opacity = 0 }
        #expect(root.opacity == 0)                           // the model changes at once
        let anim = try #require(root.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(anim.duration == 0.25)
        #expect((anim.fromValue as? NSNumber)?.floatValue == 1)
        #expect(anim.toValue == nil)                         // to the model value
        host.update(to: 0.125)
        let expected = 1 - Float(def.output(at: 0.5))
        #expect(abs(host.withClock { root.presentation()!.opacity } - expected) < 1e-6)
        host.update(to: 0.25)
        #expect(host.withClock { root.presentation()!.opacity } == 0)
        #expect(root.animationKeys() == nil)                 // removed on completion
    }

    @Test func layersNeverCommittedDoNotAnimate() {
        let (host, _) = makeHost()
        let fresh = CALayer()
        host.withClock { fresh.position = CGPoint(x: 5, y: 5) }
        #expect(fresh.animationKeys() == nil)
    }

    @Test func disableActionsAndTransactionDuration() {
        let (host, root) = makeHost()
        host.withClock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.position = CGPoint(x: 50, y: 50)
            CATransaction.commit()
        }
        #expect(root.animationKeys() == nil)
        host.withClock {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            root.position = CGPoint(x: 150, y: 50)
            CATransaction.commit()
        }
        host.update(to: 1)
        #expect(host.withClock { root.presentation()!.position } == CGPoint(x: 100, y: 50))
    }

    @Test func retargetingMidFlightStartsFromWhereItIs() {
        let (host, root) = makeHost()
        host.withClock {
            CATransaction.begin(); CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            root.position = CGPoint(x: 100, y: 0)
            CATransaction.commit()
        }
        host.update(to: 0.125)   // half way: x = 50
        host.withClock {
            CATransaction.begin(); CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            root.position = CGPoint(x: 0, y: 0)
            CATransaction.commit()
        }
        let anim = root.animation(forKey: "position") as? CABasicAnimation
        #expect((anim?.fromValue as? NSValue)?.pointValue == CGPoint(x: 50, y: 0))
        host.update(to: 0.25)
        #expect(host.withClock { root.presentation()!.position.x } == 25)
    }

    @Test func actionsDictionaryAndDelegateOverrideTheImplicitAnimation() {
        let (host, root) = makeHost()
        host.withClock {
            root.actions = ["opacity": NSNull()]
            root.opacity = 0.5
        }
        #expect(root.animationKeys() == nil)
        let custom = CABasicAnimation(); custom.duration = 3
        host.withClock {
            root.actions = ["opacity": custom]
            root.opacity = 0.2
        }
        #expect(root.animation(forKey: "opacity")?.duration == 3)
    }

    @Test func nonAnimatablePropertiesDoNotAnimate() {
        let (host, root) = makeHost()
        host.withClock { root.name = "x"; root.isGeometryFlipped = true; root.speed = 2 }
        #expect(root.animationKeys() == nil)
    }

    @Test func implicitAnimationOfAColour() throws {
        let (host, root) = makeHost()
        host.withClock {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.commit()
        }
        host.update(to: 0)
        host.withClock {
            CATransaction.begin(); CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
        }
        host.update(to: 0.125)
        let c = try #require(host.withClock { root.presentation()?.backgroundColor?.components })
        #expect(c == [0.5, 0, 0.5, 1])
    }
}
