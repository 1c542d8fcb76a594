import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("States and transitions")
struct CAMLStateTests {
    /// A root with one child `a` at x = 10 (file value) and states that move it.
    private let document = caml("""
      <CALayer bounds="0 0 200 100">
        <sublayers><CALayer id="a" bounds="0 0 10 10" position="10 50" opacity="1"/></sublayers>
        <states>
          <LKState name="Locked"><elements>
            <LKStateSetValue targetId="a" keyPath="position.x"><value type="integer" value="20"/></LKStateSetValue>
          </elements></LKState>
          <LKState name="Unlock"><elements>
            <LKStateSetValue targetId="a" keyPath="position.x"><value type="real" value="150.5"/></LKStateSetValue>
            <LKStateSetValue targetId="a" keyPath="opacity"><value type="real" value="0.25"/></LKStateSetValue>
          </elements></LKState>
          <LKState name="Dim" basedOn="Unlock"><elements>
            <LKStateSetValue targetId="a" keyPath="opacity"><value type="real" value="0.1"/></LKStateSetValue>
          </elements></LKState>
          <LKState name="Sleep"><elements/></LKState>
        </states>
        <stateTransitions>
          <LKStateTransition fromState="*" toState="Unlock"><elements>
            <LKStateTransitionElement targetId="a" keyPath="position.x">
              <animation type="CABasicAnimation" duration="2" keyPath="position.x"/>
            </LKStateTransitionElement>
          </elements></LKStateTransition>
          <LKStateTransition fromState="Locked" toState="Unlock"><elements>
            <LKStateTransitionElement targetId="a" keyPath="position.x">
              <animation type="CASpringAnimation" duration="1" damping="20" stiffness="200" mass="1" velocity="3"/>
            </LKStateTransitionElement>
          </elements></LKStateTransition>
        </stateTransitions>
      </CALayer>
    """)

    @Test("the initial state is Locked and is applied at load")
    func initial() throws {
        let s = try scene(document)
        #expect(s.initialState == "Locked" && s.currentState == "Locked")
        #expect(s.stateNames == ["Locked", "Unlock", "Dim", "Sleep"])
        #expect(s.layer(withID: "a")?.position == CGPoint(x: 20, y: 50))
        #expect(s.warnings.isEmpty)
    }

    @Test("apply(state:) sets values; keys a state leaves alone go back to the file's values")
    func apply() throws {
        let s = try scene(document)
        let a = try #require(s.layer(withID: "a"))
        s.apply(state: "Unlock")
        #expect(a.position.x == 150.5 && a.opacity == 0.25)
        #expect(a.animationKeys() == nil)   // no implicit animation
        s.apply(state: "Sleep")
        #expect(a.position.x == 10 && a.opacity == 1)
        s.apply(state: "Dim")
        #expect(a.position.x == 150.5 && a.opacity == Float(0.1))
        s.apply(state: "Nope")
        #expect(a.position.x == 150.5 && s.currentState == "Dim")
        #expect(s.warnings.last?.message.contains("no state named 'Nope'") == true)
    }

    @Test("the exact transition wins over * → to; its animation runs between the two states' values")
    func exactTransition() throws {
        let s = try scene(document)
        let a = try #require(s.layer(withID: "a"))
        let host = CALayerHost(rootLayer: s.rootLayer, startTime: 0)
        host.update(to: 2)
        s.transition(from: "Locked", to: "Unlock", at: 2)
        let spring = try #require(a.animation(forKey: "state.position.x") as? CASpringAnimation)
        #expect((spring.fromValue as? NSNumber)?.doubleValue == 20)
        #expect((spring.toValue as? NSNumber)?.doubleValue == 150.5)
        #expect(spring.initialVelocity == 3 && spring.keyPath == "position.x")
        #expect(a.position.x == 150.5 && s.currentState == "Unlock")
        host.update(to: 2)
        let start = host.withClock { a.presentation()?.position.x }
        #expect(start == 20)
    }

    @Test("* → to matches any source; the basic animation is at its midpoint halfway through")
    func wildcardTransition() throws {
        let s = try scene(document)
        let a = try #require(s.layer(withID: "a"))
        s.apply(state: "Sleep")
        let host = CALayerHost(rootLayer: s.rootLayer, startTime: 0)
        host.withClock { s.transition(from: "Sleep", to: "Unlock") }
        let basic = try #require(a.animation(forKey: "state.position.x") as? CABasicAnimation)
        #expect((basic.fromValue as? NSNumber)?.doubleValue == 10)
        host.update(to: 1)
        let mid = try #require(host.withClock { a.presentation()?.position.x })
        #expect(abs(mid - 80.25) < 1e-9)
    }

    @Test("without a matching transition the values just change")
    func noTransition() throws {
        let s = try scene(document)
        let a = try #require(s.layer(withID: "a"))
        s.transition(from: "Unlock", to: "Sleep", at: 0)
        #expect(a.animationKeys() == nil)
        #expect(a.position.x == 10)
    }
}
