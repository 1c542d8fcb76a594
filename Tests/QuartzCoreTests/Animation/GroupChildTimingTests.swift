import Testing
import Foundation
@testable import QuartzCore

/// Group children without a duration of their own run over the group's duration (Apple's
/// CAAnimationGroup listing: https://developer.apple.com/documentation/quartzcore/caanimationgroup).
@Suite struct GroupChildTimingTests {
    /// Apple's listing: a fade (1 s) and a `transform` scale through a value function, 1 → 3,
    /// with no duration; only the group's duration (1 s) is set.
    static func applesGroup() -> CAAnimationGroup {
        let fadeOut = CABasicAnimation(keyPath: "opacity")
        fadeOut.fromValue = 1; fadeOut.toValue = 0; fadeOut.duration = 1
        let expandScale = CABasicAnimation()
        expandScale.keyPath = "transform"
        expandScale.valueFunction = CAValueFunction(name: .scale)
        expandScale.fromValue = [1, 1, 1]; expandScale.toValue = [3, 3, 3]
        let group = CAAnimationGroup()
        group.animations = [fadeOut, expandScale]
        group.duration = 1
        return group
    }

    @Test func applesListingScalesToTwoAtHalfTime() throws {
        let (host, root) = makeHost()
        host.withClock { root.add(Self.applesGroup(), forKey: "fadeAndScale") }
        host.update(to: 0.25)
        #expect(near(host.withClock { root.presentation()!.transform.m11 }, 1.5, 1e-9))
        host.update(to: 0.5)
        let p = try #require(host.withClock { root.presentation() })
        #expect(near(p.transform.m11, 2, 1e-9))
        #expect(near(p.transform.m22, 2, 1e-9))
        #expect(near(p.transform.m33, 2, 1e-9))
        #expect(near(CGFloat(p.opacity), 0.5, 1e-6))
    }

    @Test func scaleKeyPathChildWithoutDurationPlaysOverTheGroup() throws {
        let (host, root) = makeHost()
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 1; scale.toValue = 3
        let group = CAAnimationGroup(); group.animations = [scale]; group.duration = 1
        host.withClock { root.add(group, forKey: "g") }
        host.update(to: 0.5)
        let p = try #require(host.withClock { root.presentation() })
        #expect(near(p.transform.m11, 2, 1e-9))
        #expect(near(p.transform.m22, 2, 1e-9))
    }

    /// The typed (compiled) and general evaluation paths give the same group values.
    @Test func compiledAndGeneralPathsAgreeOnGroups() {
        let layer = CALayer()
        let table = layer.classInfo.table
        let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 0; move.toValue = 100
        move.beginTime = 0.5      // no duration: the group's 2 s, clipped at the group's end
        let group = CAAnimationGroup(); group.animations = [move]; group.duration = 2
        let entry = LayerAnimation(key: "g", isNamed: true, animation: group)
        entry.resolvedBeginTime = 0
        entry.compile(table: table)
        for t in [0.25, 0.75, 1.5, 1.99] {
            var a = layer.state, b = layer.state
            var ca: [String: Any] = [:], cb: [String: Any] = [:]
            AnimationEvaluator.apply([entry], to: &a, custom: &ca, table: table, at: t)
            AnimationEvaluator.applyGeneral([entry], to: &b, custom: &cb, table: table, at: t)
            #expect(a.position.x == b.position.x)
            let expected: CGFloat = t < 0.5 ? 0 : CGFloat((t - 0.5) / 2 * 100)
            #expect(near(a.position.x, expected, 1e-9), "t=\(t)")
        }
    }

    /// A child with its own duration keeps it (clipped to the group).
    @Test func childWithItsOwnDurationKeepsIt() {
        let (host, root) = makeHost()
        let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 0; move.toValue = 10; move.duration = 4
        let group = CAAnimationGroup(); group.animations = [move]; group.duration = 1
        host.withClock { root.add(group, forKey: "g") }
        host.update(to: 0.5)
        #expect(near(host.withClock { root.presentation()!.position.x }, 1.25, 1e-9))
    }

    /// A group kept with `fillMode = .forwards` holds its children's end values (the children
    /// fill with their group); without a fill the model values return.
    @Test func filledGroupHoldsItsChildrensEndValues() throws {
        let (host, root) = makeHost()
        let held = Self.applesGroup()
        held.fillMode = .forwards; held.isRemovedOnCompletion = false
        host.withClock { root.add(held, forKey: "held") }
        host.update(to: 2)
        let p = try #require(host.withClock { root.presentation() })
        #expect(near(p.transform.m11, 3, 1e-9) && p.opacity == 0)
        host.withClock { root.removeAllAnimations() }
        let plain = Self.applesGroup()
        host.withClock { root.add(plain, forKey: "plain") }
        host.update(to: 3.5)
        let q = try #require(host.withClock { root.presentation() })
        #expect(q.transform.m11 == 1 && q.opacity == 1)
    }

    @Test func childTimingRule() {
        var child = MediaTimingParameters()
        #expect(MediaTiming.childParameters(child, inGroupOfDuration: 3).duration == 3)
        child.duration = 0.5
        #expect(MediaTiming.childParameters(child, inGroupOfDuration: 3).duration == 0.5)
        #expect(MediaTiming.childParameters(child, inGroupOfDuration: 3, groupPhase: .after).fillMode == .forwards)
        #expect(MediaTiming.childParameters(child, inGroupOfDuration: 3, groupPhase: .before).fillMode == .backwards)
        #expect(MediaTiming.childParameters(child, inGroupOfDuration: 3).fillMode == .removed)
    }
}
