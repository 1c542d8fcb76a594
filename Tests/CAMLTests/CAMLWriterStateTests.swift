import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("CAMLWriter states")
struct CAMLWriterStateTests {
    /// A root placed by its file at 390 0 (the host moves it), a child `a` whose base x is 10,
    /// four states (one based on another, one empty) and two transitions.
    let document = caml("""
      <CALayer id="root" bounds="0 0 200 100" position="390 0">
        <sublayers><CALayer id="a" name="a" bounds="0 0 10 10" position="10 50" backgroundColor="1 0 0"/></sublayers>
        <states>
          <LKState name="Locked"><elements>
            <LKStateSetValue targetId="a" keyPath="position.x"><value type="integer" value="20"/></LKStateSetValue>
            <LKStateSetValue targetId="a" keyPath="backgroundColor"><value type="CGColor" value="0 0 1" opacity="0.5"/></LKStateSetValue>
          </elements></LKState>
          <LKState name="Unlock"><elements>
            <LKStateSetValue targetId="a" keyPath="position.x"><value type="real" value="150.5"/></LKStateSetValue>
            <LKStateSetValue targetId="a" keyPath="bounds"><value type="CGRect" value="0 0 30 40"/></LKStateSetValue>
          </elements></LKState>
          <LKState name="Dim" basedOn="Unlock"><elements>
            <LKStateSetValue targetId="a" keyPath="opacity"><value type="real" value="0.1"/></LKStateSetValue>
          </elements></LKState>
          <LKState name="Sleep"><elements/></LKState>
        </states>
        <stateTransitions>
          <LKStateTransition fromState="*" toState="Unlock"><elements>
            <LKStateTransitionElement targetId="a" keyPath="position.x">
              <animation type="CASpringAnimation" duration="0.8" damping="50" mass="2" stiffness="300" fillMode="backwards" keyPath="position.x"/>
            </LKStateTransitionElement>
            <LKStateTransitionElement targetId="a" keyPath="bounds"/>
          </elements></LKStateTransition>
          <LKStateTransition fromState="Unlock" toState="*"><elements/></LKStateTransition>
        </stateTransitions>
      </CALayer>
    """)

    func expectSameStates(_ a: CAMLScene, _ b: CAMLScene, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.states.map(\.name) == b.states.map(\.name), sourceLocation: sourceLocation)
        #expect(a.states.map(\.basedOn) == b.states.map(\.basedOn), sourceLocation: sourceLocation)
        for (s, t) in zip(a.states, b.states) {
            #expect(s.elements.map(\.targetID) == t.elements.map(\.targetID), sourceLocation: sourceLocation)
            #expect(s.elements.map(\.keyPath) == t.elements.map(\.keyPath), sourceLocation: sourceLocation)
            for (v, w) in zip(s.elements, t.elements) {
                #expect(sameValue(v.value, w.value), "\(s.name) \(v.keyPath): \(v.value) vs \(w.value)", sourceLocation: sourceLocation)
                #expect(String(describing: type(of: v.value)) == String(describing: type(of: w.value)), sourceLocation: sourceLocation)
            }
        }
        #expect(a.transitions.map { "\($0.fromState)→\($0.toState)" } == b.transitions.map { "\($0.fromState)→\($0.toState)" },
                sourceLocation: sourceLocation)
        for (s, t) in zip(a.transitions, b.transitions) {
            #expect(s.elements.map { "\($0.targetID) \($0.keyPath) \($0.animation != nil)" }
                    == t.elements.map { "\($0.targetID) \($0.keyPath) \($0.animation != nil)" }, sourceLocation: sourceLocation)
            for (x, y) in zip(s.elements, t.elements) {
                if let p = x.animation, let q = y.animation {
                    #expect(animationDifferences(p, q, x.keyPath) == [], sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("states, basedOn, typed state values and transitions round-trip")
    func roundTrip() throws {
        let original = try scene(document)
        let text = try CAMLWriter().string(for: original)
        let back = try scene(text)
        #expect(back.warnings.isEmpty)
        expectSameStates(original, back)
        #expect(layerDifferences(original.rootLayer, back.rootLayer) == [])
        #expect(text.contains("<value type=\"integer\" value=\"20\"/>"))
        #expect(text.contains("<value type=\"CGColor\" value=\"0 0 1 0.5\"/>"))
        #expect(text.contains("<LKStateTransitionElement targetId=\"a\" keyPath=\"bounds\"/>"))
        // The file's own root position and the child's base values are what is written.
        #expect(text.contains("<CALayer id=\"root\" bounds=\"0 0 200 100\" position=\"390 0\">"))
        #expect(text.contains("position=\"10 50\" backgroundColor=\"1 0 0\""))
        #expect(back.layer(withID: "a")?.position == CGPoint(x: 20, y: 50))
    }

    @Test("the state in force when writing is not recorded: base values are written")
    func baseValuesAfterStateChanges() throws {
        let original = try scene(document)
        original.apply(state: "Dim")
        #expect(original.layer(withID: "a")?.opacity == 0.1)
        original.transition(from: "Dim", to: "Unlock", at: 0)
        #expect(original.layer(withID: "a")?.animation(forKey: "state.position.x") != nil)
        let back = try scene(try CAMLWriter().string(for: original))
        let fresh = try scene(document)
        #expect(layerDifferences(fresh.rootLayer, back.rootLayer) == [])
        #expect(back.layer(withID: "a")?.animationKeys() ?? [] == [])
        back.apply(state: "Dim")
        fresh.apply(state: "Dim")
        #expect(layerDifferences(fresh.rootLayer, back.rootLayer) == [])
        #expect(back.layer(withID: "a")?.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        back.apply(state: "Sleep")
        #expect(back.layer(withID: "a")?.position == CGPoint(x: 10, y: 50))
        #expect(back.layer(withID: "a")?.opacity == 1)
    }

    @Test("a transition of the read-back scene animates as the original's does")
    func transitionsBehaveTheSame() throws {
        let a = try scene(document), b = try scene(try CAMLWriter().string(for: try scene(document)))
        a.transition(from: "Locked", to: "Unlock", at: 0)
        b.transition(from: "Locked", to: "Unlock", at: 0)
        let x = try #require(a.layer(withID: "a")?.animation(forKey: "state.position.x") as? CASpringAnimation)
        let y = try #require(b.layer(withID: "a")?.animation(forKey: "state.position.x") as? CASpringAnimation)
        #expect(animationDifferences(x, y, "state.position.x") == [])
        #expect(writerNumber(y.fromValue) == 20 && writerNumber(y.toValue) == 150.5)
    }

    @Test("planes that share ids become one document with renamed ids and merged states and transitions")
    func flattenedPlanes() throws {
        let folder = try writerTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wallpaper = folder.appendingPathComponent("Two.wallpaper")
        for (plane, x) in [("Background", 10), ("Floating", 60)] {
            let bundle = wallpaper.appendingPathComponent("\(plane).ca")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            try Data(caml("""
              <CALayer bounds="0 0 100 100">
                <sublayers><CALayer id="a" name="\(plane)" bounds="0 0 10 10" position="\(x) 50"/></sublayers>
                <states>
                  <LKState name="Locked"><elements>
                    <LKStateSetValue targetId="a" keyPath="position.y"><value type="integer" value="\(x + 1)"/></LKStateSetValue>
                  </elements></LKState>
                  <LKState name="Unlock"><elements>
                    <LKStateSetValue targetId="a" keyPath="position.y"><value type="integer" value="90"/></LKStateSetValue>
                  </elements></LKState>
                </states>
                <stateTransitions>
                  <LKStateTransition fromState="*" toState="Unlock"><elements>
                    <LKStateTransitionElement targetId="a" keyPath="position.y">
                      <animation type="CABasicAnimation" duration="1" keyPath="position.y"/>
                    </LKStateTransitionElement>
                  </elements></LKStateTransition>
                </stateTransitions>
              </CALayer>
            """).utf8).write(to: bundle.appendingPathComponent("main.caml"))
        }
        let original = try CAMLScene.load(contentsOf: wallpaper)
        let text = try CAMLWriter().string(for: original)
        let back = try scene(text, file: "Two.caml")
        #expect(back.warnings.isEmpty)
        #expect(back.layer(withID: "a")?.name == "Background")
        #expect(back.layer(withID: "a-2")?.name == "Floating")
        #expect(back.states.map(\.name) == ["Locked", "Unlock"])
        #expect(back.states.first?.elements.map(\.targetID) == ["a", "a-2"])
        #expect(back.transitions.count == 1 && back.transitions.first?.elements.count == 2)
        #expect(layerDifferences(original.rootLayer, back.rootLayer) == [])
        #expect(back.layer(withID: "a-2")?.position == CGPoint(x: 60, y: 61))
        back.transition(from: "Locked", to: "Unlock", at: 0)
        for id in ["a", "a-2"] {
            let anim = try #require(back.layer(withID: id)?.animation(forKey: "state.position.y") as? CABasicAnimation)
            #expect(writerNumber(anim.toValue) == 90)
        }
    }
}
