// Ordering actions: the actions a layer runs when it enters or leaves a shown layer tree, or
// replaces another layer (https://developer.apple.com/documentation/quartzcore/action-identifiers;
// the trigger table of the Core Animation Programming Guide, "Actions").

/// The action identifier for a layer becoming visible: inserted into a shown layer tree, or
/// `isHidden` set to false. (https://developer.apple.com/documentation/quartzcore/kcaonorderin)
public let kCAOnOrderIn: String = "onOrderIn"

/// The action identifier for a layer removed from a shown layer tree, or `isHidden` set to true.
/// (https://developer.apple.com/documentation/quartzcore/kcaonorderout)
public let kCAOnOrderOut: String = "onOrderOut"

/// The action identifier of a transition: run on the layer that replaces another through
/// `replaceSublayer(_:with:)`. (https://developer.apple.com/documentation/quartzcore/kcatransition)
public let kCATransition: String = "transition"

/// Rules, where Apple says only "a visible layer tree":
/// - "Shown" here means committed: an order-in runs when the layer or its new superlayer has
///   been committed (is on the render side); an order-out or a hide when the layer has been.
///   Trees never committed run no ordering actions, as trees off screen do on Apple.
/// - The action comes from `action(forKey:)` — delegate, `actions`, `style`, `defaultAction` —
///   and is run with `run(forKey:object:arguments:)` (arguments nil). These keys never produce
///   implicit property animations, and `CATransaction.disableActions()` suppresses them as it
///   suppresses every action.
/// - Moving a layer to another superlayer is one order-in (not an out and an in); reordering
///   within the same superlayer runs nothing. Masks are not part of the sublayer tree and run
///   none.
/// - `replaceSublayer(_:with:)`: the old layer orders out, then the new one orders in and runs
///   `kCATransition`.
extension CALayer {
    /// Whether `key` is one of the ordering identifiers (no implicit animation for them).
    static func isOrderingKey(_ key: String) -> Bool {
        key == kCAOnOrderIn || key == kCAOnOrderOut || key == kCATransition
    }

    /// The superlayer whose sublayers hold the receiver (nil for a mask or a root).
    final var sublayerParent: CALayer? {
        guard let p = parent, p.maskLayer !== self else { return nil }
        return p
    }

    /// Runs the action for ordering event `key` on the receiver when `shown`.
    final func runOrderingAction(_ key: String, shown: Bool) {
        guard shown, presentedModel == nil, !CATransaction.disableActions(),
              let action = action(forKey: key) else { return }
        action.run(forKey: key, object: self, arguments: nil)
    }

    /// After the receiver was put into `superlayer`'s sublayers (having been in `oldParent`).
    final func didOrderIn(to superlayer: CALayer, from oldParent: CALayer?) {
        guard oldParent !== superlayer else { return }
        runOrderingAction(kCAOnOrderIn, shown: isShownByHost || superlayer.isShownByHost)
    }

    /// After the receiver left a superlayer's sublayers.
    final func didOrderOut() {
        runOrderingAction(kCAOnOrderOut, shown: isShownByHost)
    }

    /// After `isHidden` changed to `hidden`.
    final func didChangeHidden(_ hidden: Bool) {
        runOrderingAction(hidden ? kCAOnOrderOut : kCAOnOrderIn, shown: isShownByHost)
    }

    /// After the receiver replaced `old` in `superlayer` (the old layer has ordered out).
    final func didReplace(in superlayer: CALayer, from oldParent: CALayer?) {
        didOrderIn(to: superlayer, from: oldParent)
        runOrderingAction(kCATransition, shown: isShownByHost || superlayer.isShownByHost)
    }
}
