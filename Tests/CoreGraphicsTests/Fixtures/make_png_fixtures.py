#!/usr/bin/env python3
"""Writes the tiny PNG fixtures used by Tests/CoreGraphicsTests/Image, by hand (zlib only),
so the bytes are independent of the libpng under test. Run from this folder."""
import struct
import zlib


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(width, height, bit_depth, color_type, rows, extra=b"", idat=None):
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)
    raw = b"".join(b"\x00" + bytes(r) for r in rows)  # filter type 0 (None) on every row
    data = zlib.compress(raw, 9) if idat is None else idat
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


# 3x2 RGBA, straight alpha, translucent pixels included.
write("rgba8.png", png(3, 2, 8, 6, [
    [200, 100, 50, 77, 255, 0, 0, 255, 0, 0, 0, 0],
    [10, 20, 30, 128, 255, 255, 255, 1, 0, 255, 0, 200]]))
# 4x1 gray, 8-bit.
write("gray8.png", png(4, 1, 8, 0, [[0, 85, 170, 255]]))
# 2x2 gray + alpha, 8-bit.
write("graya8.png", png(2, 2, 8, 4, [[128, 77, 0, 0], [255, 255, 30, 200]]))
# 2x1 RGB, 16-bit, big-endian samples: (0x1234, 0xFF00, 0x0080) and (0xFFFF, 0x0000, 0x8000).
write("rgb16.png", png(2, 1, 16, 2, [[0x12, 0x34, 0xFF, 0x00, 0x00, 0x80,
                                       0xFF, 0xFF, 0x00, 0x00, 0x80, 0x00]]))
# 3x1 palette with tRNS: red opaque, green half transparent, blue (no tRNS entry: opaque).
write("palette-trns.png", png(3, 1, 8, 3, [[0, 1, 2]],
                              extra=chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255]))
                              + chunk(b"tRNS", bytes([255, 128]))))
# A valid header claiming 100000 x 100000 RGBA (40 GB of pixels) with a token IDAT.
write("huge-header.png", png(100000, 100000, 8, 6, [], idat=zlib.compress(b"\x00" * 16)))
