#!/usr/bin/env python3
"""Writes the hostile upload corpus next to this script (standard library only).

Every file is built byte by byte, so the corpus does not depend on an image library's
encoder. The files are committed; run this again only to change the corpus, and update
`crates/platform/tests/hostile_uploads.rs`, which says what each file is and how every
upload purpose must answer it.
"""

import io
import struct
import zipfile
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPT = b"<script>alert(document.cookie)</script>"
HTML = b"<!DOCTYPE html><html><body>" + SCRIPT + b"</body></html>\n"


# PNG ------------------------------------------------------------------------------------

def png_chunk(kind, data):
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def png(width, height, rows=None, bit_depth=8, color_type=2, extra=b"", idat=None):
    """A PNG; `rows` is the raw scanline data (filter bytes included), `extra` chunks go
    before IDAT, `idat` replaces the compressed image data."""
    if rows is None:
        channels = {0: 1, 2: 3, 6: 4}[color_type]
        row = bytes([0]) + bytes((x * 7) % 256 for x in range(width * channels))
        rows = row * height
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)
    data = idat if idat is not None else zlib.compress(rows, 9)
    return (
        b"\x89PNG\r\n\x1a\n"
        + png_chunk(b"IHDR", ihdr)
        + extra
        + png_chunk(b"IDAT", data)
        + png_chunk(b"IEND", b"")
    )


def zeros_compressed(count):
    """`count` zero bytes through deflate: about a thousandth of that on disk."""
    compressor = zlib.compressobj(9)
    block = bytes(1 << 20)
    out = []
    left = count
    while left > 0:
        take = min(left, len(block))
        out.append(compressor.compress(block[:take]))
        left -= take
    out.append(compressor.flush())
    return b"".join(out)


# JPEG: baseline, one grey component, every block a flat 128 (DC and AC tables of one code)

def jpeg(width, height, comment=None, blocks=None):
    def segment(marker, payload):
        return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload

    out = b"\xff\xd8"
    if comment is not None:
        out += segment(0xFE, comment)
    out += segment(0xDB, b"\x00" + bytes([1] * 64))
    out += segment(0xC0, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00")
    one_code = bytes([1] + [0] * 15)
    out += segment(0xC4, b"\x00" + one_code + b"\x00")  # DC: "0" = difference 0
    out += segment(0xC4, b"\x10" + one_code + b"\x00")  # AC: "0" = end of block
    out += segment(0xDA, b"\x01\x01\x00\x00\x3f\x00")
    if blocks is None:
        blocks = ((width + 7) // 8) * ((height + 7) // 8)
    bits = "00" * blocks
    bits += "1" * (-len(bits) % 8)
    out += bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
    return out + b"\xff\xd9"


# GIF: codes of 3 bits, a clear code after every two pixels so the code size never grows

def lzw_pixels(count):
    codes = []
    for start in range(0, count, 2):
        codes.append(4)  # clear
        codes.extend([1] * min(2, count - start))
    codes.append(5)  # end of information
    value, bits, out = 0, 0, bytearray()
    for code in codes:
        value |= code << bits
        bits += 3
        while bits >= 8:
            out.append(value & 0xFF)
            value >>= 8
            bits -= 8
    if bits:
        out.append(value & 0xFF)
    blocks = b"".join(
        bytes([len(out[i : i + 255])]) + bytes(out[i : i + 255]) for i in range(0, len(out), 255)
    )
    return b"\x02" + blocks + b"\x00"


def gif_frame(width, height, left=0, top=0, pixels=None):
    control = b"\x21\xf9\x04\x00\x02\x00\x00\x00"  # 20 ms a frame
    descriptor = b"\x2c" + struct.pack("<HHHHB", left, top, width, height, 0)
    return control + descriptor + lzw_pixels(width * height if pixels is None else pixels)


def gif(screen_width, screen_height, frames, extensions=b"", screen=None):
    """A GIF with a two-colour palette; `screen` replaces the logical screen descriptor."""
    if screen is None:
        screen = struct.pack("<HHBBB", screen_width, screen_height, 0x80, 0, 0)
    palette = b"\x00\x00\x00\xff\x80\x00"
    return b"GIF89a" + screen + palette + extensions + b"".join(frames) + b"\x3b"


def comment_extension(text):
    return b"\x21\xfe" + bytes([len(text)]) + text + b"\x00"


# WebP: lossless, one colour, so every prefix code has a single symbol and pixels take no bits

def webp(width, height):
    fields = [
        (0x2F, 8),
        (width - 1, 14),
        (height - 1, 14),
        (0, 1),  # alpha unused
        (0, 3),  # version
        (0, 1),  # no transform
        (0, 1),  # no colour cache
        (0, 1),  # no meta prefix codes
    ]
    for symbol, eight_bits in [(0x40, 1), (0x90, 1), (0xE0, 1), (0xFF, 1), (0, 0)]:
        fields += [(1, 1), (0, 1), (eight_bits, 1), (symbol, 8 if eight_bits else 1)]
    value, bits = 0, 0
    for field, width_bits in fields:
        value |= field << bits
        bits += width_bits
    data = value.to_bytes((bits + 7) // 8, "little")
    chunk = b"VP8L" + struct.pack("<I", len(data)) + data + b"\x00" * (len(data) % 2)
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def bmp(width, height):
    row = (b"\x00\x80\xff" * width).ljust((width * 3 + 3) // 4 * 4, b"\x00")
    pixels = row * height
    header = struct.pack("<2sIHHI", b"BM", 54 + len(pixels), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    return header + info + pixels


def zip_with_html():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        info = zipfile.ZipInfo("index.html", date_time=(2026, 1, 1, 0, 0, 0))
        archive.writestr(info, HTML)
    return buffer.getvalue()


def corpus():
    valid_png = png(32, 24)
    valid_jpeg = jpeg(64, 48)
    valid_gif = gif(16, 16, [gif_frame(16, 16)])
    valid_webp = webp(64, 48)
    svg = (
        b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"'
        b' onload="alert(1)">' + SCRIPT + b"</svg>\n"
    )
    # "GIF89a/*": the screen size bytes open a JavaScript comment that a comment block closes,
    # so the same bytes run as a script and show as a GIF (10799 x 10, one 1x1 frame).
    js_screen = b"/*\x0a\x00\x80\x00\x00"
    js_gif = gif(
        10799, 10, [gif_frame(1, 1)], comment_extension(b"*/=alert(document.cookie);/*"), js_screen
    ) + b"*/"
    return {
        # Valid images: stored, re-encoded, under a name the server chooses.
        "valid.png": valid_png,
        "valid.jpg": valid_jpeg,
        "valid.gif": valid_gif,
        "valid.webp": valid_webp,
        # Valid images whose name lies about their type.
        "png-named.jpg": valid_png,
        "jpeg-named.png": valid_jpeg,
        "webp-named.gif": valid_webp,
        "gif-named.png": valid_gif,
        # Polyglots: an image that is also HTML, JavaScript or an archive.
        "polyglot-jpeg-html.jpg": jpeg(64, 48, comment=HTML) + HTML,
        "polyglot-png-zip.png": valid_png + zip_with_html(),
        "polyglot-gif-js.gif": js_gif,
        # Decompression bombs and huge declared sizes.
        "png-claims-50000x50000.png": png(
            50000, 50000, idat=zlib.compress(b"\x00\x00\x00\x00", 9)
        ),
        "png-deflate-bomb-30000x30000.png": png(
            30000, 30000, bit_depth=1, color_type=0, idat=zeros_compressed(30000 * (1 + 3750))
        ),
        "png-iccp-bomb.png": png(
            16, 16, extra=png_chunk(b"iCCP", b"icc\x00\x00" + zeros_compressed(300 << 20))
        ),
        "png-idat-overflow.png": png(8, 8, idat=zeros_compressed(300 << 20)),
        "jpeg-claims-65000x65000.jpg": jpeg(65000, 65000, blocks=64),
        "gif-claims-65535x65535.gif": gif(65535, 65535, [gif_frame(1, 1)]),
        "gif-frame-outside-screen.gif": gif(1, 1, [gif_frame(65535, 65535, pixels=64)]),
        "webp-claims-16000x16000.webp": webp(16000, 16000),
        "gif-1000-frames.gif": gif(8, 8, [gif_frame(8, 8) for _ in range(1000)]),
        # Scripts in image clothing.
        "script.svg": svg,
        "script-svg-named.png": svg,
        "html-named.png": HTML,
        "text-content.png": b"just some text, sent as image/png\n",
        "empty.png": b"",
        # An image type no purpose takes.
        "bitmap.bmp": bmp(4, 4),
        # Cut short.
        "truncated.png": valid_png[: len(valid_png) // 2],
        "truncated.jpg": valid_jpeg[: len(valid_jpeg) - 8],
        "truncated.gif": valid_gif[: len(valid_gif) - 12],
        "truncated.webp": valid_webp[: len(valid_webp) - 6],
    }


def main():
    for name, data in corpus().items():
        (HERE / name).write_bytes(data)


if __name__ == "__main__":
    main()
