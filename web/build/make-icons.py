#!/usr/bin/env python3
"""Writes the app's PNG icons (web/public/icons/) for the web app manifest: a white "H" with a
tick on Hadir's blue, full-bleed so that the same file is a maskable icon (the mark stays in
the central 60%, inside the 80% safe zone every mask keeps). Run once after changing the
design; the files are committed. Pure Python: no image library is installed here."""
import os, struct, zlib

BLUE = (9, 88, 217)
WHITE = (255, 255, 255)


def mark(x, y):
    """Whether the unit-square point (x, y) is inside the mark: an H and a tick under it."""
    # The H: two posts and a bar, in the box 0.30..0.70 × 0.24..0.62.
    if 0.24 <= y <= 0.62:
        if 0.30 <= x <= 0.39 or 0.61 <= x <= 0.70:
            return True
        if 0.39 <= x <= 0.61 and 0.395 <= y <= 0.465:
            return True
    # The tick: two thick strokes, (0.36,0.70)→(0.46,0.78)→(0.66,0.64).
    def near(ax, ay, bx, by, w=0.035):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        px, py = ax + t * dx - x, ay + t * dy - y
        return px * px + py * py <= w * w
    return near(0.36, 0.70, 0.46, 0.78) or near(0.46, 0.78, 0.66, 0.64)


def png(size):
    rows = []
    ss = 4  # supersampling for smooth edges
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            hits = sum(mark((i + (a + 0.5) / ss) / size, (j + (b + 0.5) / ss) / size) for a in range(ss) for b in range(ss))
            f = hits / (ss * ss)
            row += bytes(round(BLUE[k] * (1 - f) + WHITE[k] * f) for k in range(3))
        rows.append(bytes(row))
    raw = zlib.compress(b''.join(rows), 9)

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)

    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 2, 0, 0, 0)) + chunk(b'IDAT', raw) + chunk(b'IEND', b'')


here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, '..', 'public', 'icons')
os.makedirs(out, exist_ok=True)
for size in (192, 512, 180):
    name = 'apple-touch-icon.png' if size == 180 else f'icon-{size}.png'
    with open(os.path.join(out, name), 'wb') as f:
        f.write(png(size))
    print(name, size)
