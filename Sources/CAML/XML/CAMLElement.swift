/// One element of a parsed CAML document: a tiny DOM, because the reader needs to look ahead
/// (an animation's type decides how its children read; states refer to layers by id anywhere).
///
/// Names are local names: a namespace prefix (`ca:CALayer`) is dropped, since CAML files use
/// one default namespace. Attributes keep document order when the parser reports it; readers
/// must not depend on it (libxml2 through Foundation hands them over as a dictionary).
final class CAMLElement {
    let name: String
    let attributes: [(name: String, value: String)]
    var children: [CAMLElement] = []
    /// Character data directly inside the element, trimmed.
    var text = ""
    /// 1-based position of the start tag, as the parser reports it.
    let line: Int
    let column: Int

    init(name: String, attributes: [(name: String, value: String)], line: Int, column: Int) {
        self.name = name; self.attributes = attributes; self.line = line; self.column = column
    }

    /// The value of attribute `key`, or nil.
    subscript(key: String) -> String? {
        attributes.first { $0.name == key }?.value
    }

    /// The first child named `name`.
    func child(_ name: String) -> CAMLElement? { children.first { $0.name == name } }
}
