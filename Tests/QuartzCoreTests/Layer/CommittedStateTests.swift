import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// The committed state after commits that change a few properties or many, updated in place
/// when nothing else holds the committed layer; whoever holds one keeps its values.
@Suite("Committed state updates", .serialized)
struct CommittedStateTests {
    @Test func fewChangesAreCopiedAndTheRestKept() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        layer.opacity = 0.5
        layer.name = "card"
        CATransaction.flush()
        let before = ObjectIdentifier(try #require(layer.committed))   // not held
        layer.position = CGPoint(x: 7, y: 9)
        layer.cornerRadius = 4
        CATransaction.flush()
        let committed = try #require(layer.committed)
        #expect(ObjectIdentifier(committed) == before)          // updated in place: nothing else held it
        let s = committed.state
        #expect(s.position == CGPoint(x: 7, y: 9))
        #expect(s.cornerRadius == 4)
        #expect(s.bounds == CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(s.opacity == 0.5)
        #expect(s.name == "card")
    }

    @Test func manyChangesCopyTheWholeState() throws {
        let layer = CALayer()
        layer.opacity = 0.25; CATransaction.flush()
        layer.position = CGPoint(x: 1, y: 2)
        layer.zPosition = 3
        layer.borderWidth = 4
        layer.cornerRadius = 5
        layer.shadowOpacity = 0.75
        layer.name = "many"
        CATransaction.flush()
        let s = try #require(layer.committed?.state)
        #expect(s.position == CGPoint(x: 1, y: 2))
        #expect(s.zPosition == 3)
        #expect(s.borderWidth == 4)
        #expect(s.cornerRadius == 5)
        #expect(s.shadowOpacity == 0.75)
        #expect(s.name == "many")
        #expect(s.opacity == 0.25)
    }

    @Test func aHeldCommittedLayerKeepsItsCommit() throws {
        let layer = CALayer()
        layer.position = CGPoint(x: 1, y: 1); CATransaction.flush()
        let held = try #require(layer.committed)
        layer.position = CGPoint(x: 2, y: 2); CATransaction.flush()
        let now = try #require(layer.committed)
        #expect(now !== held)
        #expect(held.state.position == CGPoint(x: 1, y: 1))
        #expect(now.state.position == CGPoint(x: 2, y: 2))
    }

    @Test func customKeysAndAnimationsFollowTheirFlags() throws {
        let layer = CALayer()
        layer.setValue(3, forKey: "myKey")
        CATransaction.flush()
        #expect(layer.committed?.customValues["myKey"] as? Int == 3)
        layer.setValue(4, forKey: "myKey")
        let a = CABasicAnimation(keyPath: "opacity")
        a.toValue = 0
        layer.add(a, forKey: "fade")
        CATransaction.flush()
        #expect(layer.committed?.customValues["myKey"] as? Int == 4)
        #expect(layer.committed?.animations.map(\.key) == ["fade"])
        #expect(layer.committed?.animations.first?.compiled?.isCompiled == true)
    }

    /// Every row's value in the committed state, as KVC boxes it, equals the model's.
    private func expectCommittedMatchesModel(_ layer: CALayer, _ round: Int) throws {
        let committed = try #require(layer.committed)
        for d in layer.classInfo.table.all where d.readState != nil {
            let c = String(describing: d.boxedValue(in: committed.state))
            let m = String(describing: d.boxedValue(in: layer.state))
            #expect(c == m, "round \(round): \(d.key) committed \(c), model \(m)")
        }
    }

    @Test func onlyTheChangedPropertiesAreCopiedAndTheCommitMatchesTheModel() throws {
        let layer = CAShapeLayer()
        CATransaction.flush()
        let shape = layer
        let rounds: [() -> Void] = [
            { layer.position = CGPoint(x: 3, y: 4); layer.opacity = 0.5 },
            { layer.isHidden = true; layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) },
            { layer.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1); layer.anchorPointZ = 2 },
            { layer.name = "x"; layer.maskedCorners = [.layerMinXMinYCorner] },
            { shape.lineWidth = 3; layer.position = CGPoint(x: 5, y: 6) },
            { layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40); layer.speed = 2; layer.isDoubleSided = false },
            { layer.setValue(7, forKey: "custom"); layer.zPosition = -1 },
            {},
        ]
        for (i, round) in rounds.enumerated() {
            let before = ObjectIdentifier(try #require(layer.committed))   // not held
            round()
            CATransaction.flush()
            #expect(ObjectIdentifier(try #require(layer.committed)) == before)   // updated in place
            try expectCommittedMatchesModel(layer, i)
        }
        #expect(layer.committed?.state.position == CGPoint(x: 5, y: 6))
        #expect(layer.committed?.state.shape.lineWidth == 3)
        #expect(layer.committed?.state.opacity == 0.5)
    }

    @Test func plainValuesAreCopiedByThemselvesAndTheRestWithTheWholeState() {
        let copies = PropertyTable.layer.commitCopies
        guard case .bytes(let offset, let count) = copies[Int(PropertyID.position.rawValue)] else {
            Issue.record("position is not copied as bytes"); return
        }
        #expect(offset == MemoryLayout<LayerState>.offset(of: \.position))
        #expect(count == MemoryLayout<CGPoint>.size)
        guard case .bytes(_, let flag) = copies[Int(PropertyID.hidden.rawValue)] else {
            Issue.record("isHidden is not copied as bytes"); return
        }
        #expect(flag == 1)
        guard case .whole = copies[Int(PropertyID.backgroundColor.rawValue)],
              case .whole = copies[Int(PropertyID.name.rawValue)],
              case .none = copies[Int(PropertyID.sublayers.rawValue)],
              case .none = copies[Int(PropertyID.frame.rawValue)] else {
            Issue.record("references and tree links are not classified as such"); return
        }
    }

    @Test func stateCopiesShareTheRareFieldsUntilOneIsWritten() {
        var a = LayerState()
        a.name = "a"
        var b = a
        b.name = "b"
        #expect(a.name == "a")
        #expect(b.name == "b")
        #expect(LayerState().name == nil)
        #expect(LayerState().borderColor === LayerState.opaqueBlack)
    }
}
