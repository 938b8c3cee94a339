"""Draw the bundle's icon, mcpb/icon.png: a white bookmark on a rounded blue square.

    python3 mcpb/make_icon.py          # rewrites mcpb/icon.png

Standard library only (zlib, struct). The committed icon.png is what the bundle carries,
so a rebuild never depends on the local zlib's exact deflate output; tests/test_bundle.py
checks that its pixels are the ones drawn here.
"""
import os
import struct
import zlib

SIZE = 512  # what `mcpb validate` recommends for Claude Desktop
# Palette indices: 0 transparent, 1 the square, 2 the bookmark.
PALETTE = ((0, 0, 0), (37, 99, 235), (255, 255, 255))
ALPHA = (0, 255, 255)
MARGIN, RADIUS = 32, 96                     # the rounded square
LEFT, RIGHT, TOP, BOTTOM = 176, 336, 112, 400  # the bookmark's box
NOTCH = 80                                  # how far the V cut rises into the bookmark


def pixel(x, y):
    """The palette index at (x, y)."""
    low, high = MARGIN, SIZE - 1 - MARGIN
    if not (low <= x <= high and low <= y <= high):
        return 0
    cx = min(max(x, low + RADIUS), high - RADIUS)
    cy = min(max(y, low + RADIUS), high - RADIUS)
    if (x - cx) ** 2 + (y - cy) ** 2 > RADIUS ** 2:
        return 0
    if LEFT <= x < RIGHT and TOP <= y < BOTTOM:
        middle = (LEFT + RIGHT - 1) / 2.0
        cut = BOTTOM - NOTCH * (1 - abs(x - middle) / (middle - LEFT))
        return 1 if y >= cut else 2
    return 1


def rows():
    """The image's scanlines, each as PNG filter byte 0 followed by one index per pixel."""
    return b"".join(b"\0" + bytes(pixel(x, y) for x in range(SIZE)) for y in range(SIZE))


def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png():
    """The icon as PNG bytes (8-bit palette with transparency)."""
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 3, 0, 0, 0)
    palette = b"".join(bytes(colour) for colour in PALETTE)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"PLTE", palette)
            + chunk(b"tRNS", bytes(ALPHA)) + chunk(b"IDAT", zlib.compress(rows(), 9))
            + chunk(b"IEND", b""))


if __name__ == "__main__":
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "icon.png")
    with open(path, "wb") as handle:
        handle.write(png())
    print("wrote %s" % path)
