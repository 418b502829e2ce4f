//! Images for upload tests, made on the spot.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, Rgb, RgbImage};

/// A PNG with a gradient, `width` by `height` pixels.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, 128])
    });
    encode(DynamicImage::ImageRgb8(image), ImageFormat::Png)
}

/// A GIF of `width` by `height` pixels.
pub fn gif(width: u32, height: u32) -> Vec<u8> {
    encode(
        DynamicImage::ImageRgb8(RgbImage::new(width, height)),
        ImageFormat::Gif,
    )
}

/// A JPEG carrying an EXIF segment that holds `marker`, as a phone's GPS tag would.
pub fn jpeg_with_exif(width: u32, height: u32, marker: &[u8]) -> Vec<u8> {
    let plain = encode(
        DynamicImage::ImageRgb8(RgbImage::new(width, height)),
        ImageFormat::Jpeg,
    );
    let mut payload = b"Exif\0\0MM\0*\0\0\0\x08\0\0".to_vec();
    payload.extend_from_slice(marker);
    let length = u16::try_from(payload.len() + 2)
        .expect("a short segment")
        .to_be_bytes();
    let mut with_exif = vec![0xFF, 0xD8, 0xFF, 0xE1, length[0], length[1]];
    with_exif.extend_from_slice(&payload);
    with_exif.extend_from_slice(&plain[2..]);
    with_exif
}

/// A valid 1x1 PNG whose header claims `width` by `height` pixels: a decompression bomb's
/// calling card. The header's checksum is fixed up so only the size is a lie.
pub fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png(1, 1);
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    fix_header_checksum(&mut bytes);
    bytes
}

/// Like [`png_claiming`], with a header claiming 16-bit RGBA pixels (8 bytes each): within
/// the pixel limit, such an image can still need more memory than a decode may take.
pub fn png16_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png_claiming(width, height);
    const SIXTEEN_BITS: u8 = 16;
    const RGBA: u8 = 6;
    bytes[24] = SIXTEEN_BITS;
    bytes[25] = RGBA;
    fix_header_checksum(&mut bytes);
    bytes
}

/// The IHDR chunk's CRC, over its type and data (bytes 12..29).
fn fix_header_checksum(bytes: &mut [u8]) {
    let crc = crc32(&bytes[12..29]).to_be_bytes();
    bytes[29..33].copy_from_slice(&crc);
}

fn encode(image: DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, format)
        .expect("encoding to memory");
    out.into_inner()
}

/// CRC-32 as PNG chunks use it.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for byte in data {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
