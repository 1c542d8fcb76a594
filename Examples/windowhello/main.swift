// README's window app: a spinning square that changes colour when clicked (Esc quits).
import QuartzCore
import QuartzCoreWindow

let window: CAWindow
do { window = try CAWindow(title: "Hello", size: CGSize(width: 400, height: 300)) }
catch { print(error); exit(69) }                 // no display, no SDL2: says which
window.rootLayer.backgroundColor = CGColor(gray: 0.1, alpha: 1)

let square = CALayer()
square.frame = CGRect(x: 150, y: 100, width: 100, height: 100)   // points, origin top-left
square.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
square.cornerRadius = 16
window.rootLayer.addSublayer(square)

let spin = CABasicAnimation(keyPath: "transform.rotation.z")
spin.fromValue = 0
spin.toValue = 2 * Double.pi
spin.duration = 3
spin.repeatCount = .infinity
square.add(spin, forKey: "spin")                 // runs on the render thread from here on

window.eventHandler = { event in                 // on the main queue, in root-layer points
    switch event {
    case .pointerDown(let p) where window.presentedLayer(at: p.location) === square:
        square.backgroundColor = CGColor(red: .random(in: 0...1), green: .random(in: 0...1),
                                         blue: .random(in: 0...1), alpha: 1)   // fades in 0.25 s
        print("clicked the square at \(Int(p.location.x)),\(Int(p.location.y))")
    case .keyDown(let key) where key.key == "Escape": window.close()   // last window: exits
    default: break
    }
}
CAWindow.run()
