// A window of layers that react to the pointer and the keyboard (QuartzCoreWindow):
// three cards to drag (dropped, a card settles on a 20-point grid with an implicit animation),
// a button that springs when clicked (CASpringAnimation), and a text field drawn with a
// CATextLayer that shows what is typed (Backspace deletes, Escape quits).
//
//   swift run cawindowdemo            (needs a display: X11, Wayland, or xvfb-run)
//
// Each thing that happens is printed on one line ("dropped card 2 at 340,120"), which is how
// its test (Tests/QuartzCoreWindowTests/WindowDemoTests.swift) checks input by position.
// With CAWINDOW_DEMO_CAPTURE=PATH, F12 writes the window's pixels to PATH (a PNG).
import Foundation
import CoreGraphics
import QuartzCore
import QuartzCoreWindow

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let window: CAWindow
do { window = try CAWindow(title: "Cards", size: CGSize(width: 640, height: 400), minimumSize: CGSize(width: 320, height: 240)) } catch {
    FileHandle.standardError.write(Data("cawindowdemo: \(error)\n".utf8))
    exit(69)
}
let root = window.rootLayer
root.backgroundColor = CGColor(red: 0.11, green: 0.12, blue: 0.14, alpha: 1)

let colors = [CGColor(red: 0.91, green: 0.30, blue: 0.24, alpha: 1), CGColor(red: 0.18, green: 0.65, blue: 0.45, alpha: 1),
              CGColor(red: 0.95, green: 0.77, blue: 0.06, alpha: 1)]
let cards = colors.enumerated().map { i, color -> CALayer in
    let card = CALayer()
    card.name = "card \(i + 1)"
    card.frame = CGRect(x: 40 + CGFloat(i) * 160, y: 40, width: 120, height: 160)
    card.backgroundColor = color
    card.cornerRadius = 12
    card.shadowOpacity = 0.4
    card.shadowRadius = 6
    card.shadowOffset = CGSize(width: 0, height: 3)
    root.addSublayer(card)
    return card
}

let button = CALayer()
button.name = "button"
button.frame = CGRect(x: 40, y: 300, width: 140, height: 48)
button.backgroundColor = CGColor(red: 0.20, green: 0.45, blue: 0.95, alpha: 1)
button.cornerRadius = 24
let buttonLabel = CATextLayer()
buttonLabel.string = "Spring"
buttonLabel.fontSize = 20
buttonLabel.alignmentMode = .center
buttonLabel.foregroundColor = CGColor(gray: 1, alpha: 1)
buttonLabel.frame = CGRect(x: 0, y: 11, width: 140, height: 28)
button.addSublayer(buttonLabel)
root.addSublayer(button)

let field = CALayer()
field.name = "field"
field.frame = CGRect(x: 220, y: 300, width: 380, height: 48)
field.backgroundColor = CGColor(gray: 1, alpha: 1)
field.cornerRadius = 8
field.borderWidth = 2
field.borderColor = CGColor(gray: 0.6, alpha: 1)
let fieldText = CATextLayer()
fieldText.fontSize = 20
fieldText.foregroundColor = CGColor(gray: 0.1, alpha: 1)
fieldText.frame = CGRect(x: 12, y: 11, width: 356, height: 28)
fieldText.string = "Type here"
field.addSublayer(fieldText)
root.addSublayer(field)

var typed = ""
var dragging: (card: CALayer, offset: CGVector)?
var topZ: CGFloat = 0

/// The card, button or field a hit layer belongs to.
func control(_ hit: CALayer?) -> CALayer? {
    var l = hit
    while let layer = l, layer.name == nil { l = layer.superlayer }
    return l
}

window.eventHandler = { event in
    switch event {
    case .pointerDown(let p):
        // Cards move: hit-test where they are on screen (the presentation), not the model.
        guard let target = control(window.presentedLayer(at: p.location)) else { return }
        if cards.contains(where: { $0 === target }) {
            topZ += 1
            target.zPosition = topZ
            dragging = (target, CGVector(dx: target.position.x - p.location.x, dy: target.position.y - p.location.y))
            window.cursor = .openHand
        } else if target === button {
            let spring = CASpringAnimation(keyPath: "transform.scale")
            spring.fromValue = 0.8
            spring.toValue = 1
            spring.damping = 6
            spring.duration = spring.settlingDuration
            button.add(spring, forKey: "press")
            say("button pressed")
        } else if target === field {
            field.borderColor = CGColor(red: 0.20, green: 0.45, blue: 0.95, alpha: 1)
            say("field focused")
        }
    case .pointerDragged(let p):
        guard let d = dragging else { return }
        // Under the finger at once: no implicit animation while dragging.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        d.card.position = CGPoint(x: p.location.x + d.offset.dx, y: p.location.y + d.offset.dy)
        CATransaction.commit()
    case .pointerUp:
        guard let d = dragging else { return }
        dragging = nil
        window.cursor = .arrow
        // Dropped: settles on the grid with the default implicit animation (0.25 s).
        let p = d.card.position
        d.card.position = CGPoint(x: (p.x / 20).rounded() * 20, y: (p.y / 20).rounded() * 20)
        say("dropped \(d.card.name!) at \(Int(d.card.position.x)),\(Int(d.card.position.y))")
    case .textInput(let s):
        typed += s
        fieldText.string = typed
        say("text \(typed)")
    case .keyDown(let k) where k.key == "Backspace":
        if !typed.isEmpty { typed.removeLast() }
        fieldText.string = typed.isEmpty ? "Type here" : typed
        say("text \(typed)")
    case .keyDown(let k) where k.key == "Escape":
        window.close()
    case .keyDown(let k) where k.key == "F12":
        guard let path = ProcessInfo.processInfo.environment["CAWINDOW_DEMO_CAPTURE"], let image = window.capture() else { return }
        do { try image.write(pngTo: URL(fileURLWithPath: path)); say("captured \(image.width)x\(image.height)") }
        catch { say("capture failed: \(error)") }
    case .resized(let size):
        say("resized \(Int(size.width))x\(Int(size.height))")
    default:
        break
    }
}

say("ready \(Int(window.size.width))x\(Int(window.size.height)) at scale \(window.contentsScale)")
CAWindow.run()
