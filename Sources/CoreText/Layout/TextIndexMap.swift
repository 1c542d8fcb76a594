/// Offsets of one string in UTF-16 code units (NSAttributedString's ranges, CFRange) and in
/// UTF-8 bytes (pango's indices), each convertible to the other in O(1).
struct TextIndexMap {
    /// UTF-8 offset of each UTF-16 offset (count: utf16 length + 1); the second half of a
    /// surrogate pair maps to its scalar's start.
    private(set) var utf8OfUTF16: [Int32] = [0]
    /// UTF-16 offset of each UTF-8 offset (count: utf8 length + 1).
    private(set) var utf16OfUTF8: [Int32] = [0]

    init(_ string: String) {
        utf8OfUTF16.reserveCapacity(string.utf16.count + 1)
        utf16OfUTF8.reserveCapacity(string.utf8.count + 1)
        var u8: Int32 = 0, u16: Int32 = 0
        for scalar in string.unicodeScalars {
            let n8 = Int32(UTF8.width(scalar)), n16 = Int32(UTF16.width(scalar))
            for _ in 1..<n16 { utf8OfUTF16.append(u8) }
            for _ in 1..<n8 { utf16OfUTF8.append(u16) }
            u8 += n8; u16 += n16
            utf8OfUTF16.append(u8); utf16OfUTF8.append(u16)
        }
    }

    var utf16Count: Int { utf8OfUTF16.count - 1 }
    func utf8(_ utf16: Int) -> Int { Int(utf8OfUTF16[max(0, min(utf16, utf8OfUTF16.count - 1))]) }
    func utf16(_ utf8: Int) -> Int { Int(utf16OfUTF8[max(0, min(utf8, utf16OfUTF8.count - 1))]) }
}
