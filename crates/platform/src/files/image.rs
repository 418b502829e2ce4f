//! Decoding untrusted image bytes and re-encoding them without metadata.

use std::borrow::Cow;
use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

/// Larger images are refused before any pixel is decoded (a decompression bomb fails here).
pub const MAX_PIXELS: u64 = 40_000_000;
const MAX_SIDE: u32 = 12_000;
/// The decoded pixels of the largest 8-bit RGBA image the pixel limit allows (160 MB): any
/// 8-bit photo within the pixel limit fits; a 16-bit image fits only when it is smaller.
const MAX_DECODE_ALLOCATION: u64 = MAX_PIXELS * 4;
pub const THUMBNAIL_SIDE: u32 = 480;
/// Strong enough that a face in a 480-pixel thumbnail cannot be recognised.
const BLUR_SIGMA: f32 = 16.0;
const JPEG_QUALITY: u8 = 85;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ImageError {
    #[error("not an accepted image type")]
    UnsupportedType,
    #[error("image is too large ({0} pixels)")]
    TooManyPixels(u64),
    #[error("decoding the image needs more memory than allowed")]
    TooMuchMemory,
    #[error("image data is damaged")]
    Damaged,
    #[error("encoding failed: {0}")]
    Encode(String),
}

/// A re-encoded image and its thumbnail.
#[derive(Debug)]
pub struct ProcessedImage {
    pub bytes: Vec<u8>,
    pub thumbnail: Vec<u8>,
    /// A blurred copy at thumbnail size, when asked for: what a locked photo shows.
    pub blurred: Option<Vec<u8>>,
    /// "jpg" or "png" (PNG keeps transparency).
    pub extension: &'static str,
    pub width: u32,
    pub height: u32,
}

/// Accepts JPEG, PNG, WebP and, unless `still_only`, GIF (first frame) judged by their bytes, never by a name or
/// header; applies the EXIF orientation, then re-encodes, which drops EXIF, comments and any
/// trailing payload.
pub fn process(
    bytes: &[u8],
    with_blurred: bool,
    still_only: bool,
) -> Result<ProcessedImage, ImageError> {
    let format = image::guess_format(bytes).map_err(|_| ImageError::UnsupportedType)?;
    let accepted = match format {
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP => true,
        ImageFormat::Gif => !still_only,
        _ => false,
    };
    if !accepted {
        return Err(ImageError::UnsupportedType);
    }
    if format == ImageFormat::Jpeg && !jpeg_reaches_its_end(bytes) {
        return Err(ImageError::Damaged);
    }
    let bytes = if format == ImageFormat::Png {
        without_png_profile(bytes)
    } else {
        Cow::Borrowed(bytes)
    };
    let bytes = bytes.as_ref();
    // Reading the header allocates too (a PNG's chunks before its pixels); the default
    // allowance would be 512 MB.
    let mut header_reader = ImageReader::with_format(Cursor::new(bytes), format);
    header_reader.limits(allocation_limit());
    let (width, height) = header_reader
        .into_dimensions()
        .map_err(|_| ImageError::Damaged)?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_PIXELS || width > MAX_SIDE || height > MAX_SIDE {
        return Err(ImageError::TooManyPixels(pixels));
    }
    if pixels == 0 {
        return Err(ImageError::Damaged);
    }

    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = allocation_limit();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    // `into_decoder` hands the limits to the decoder but, unlike `ImageReader::decode`, does
    // not count the buffer the pixels are decoded into; that buffer is checked here.
    if decoder.total_bytes() > MAX_DECODE_ALLOCATION {
        return Err(ImageError::TooMuchMemory);
    }
    let orientation = decoder.orientation().ok();
    let mut decoded = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    if let Some(orientation) = orientation {
        decoded.apply_orientation(orientation);
    }

    let keeps_alpha = decoded.color().has_alpha();
    let thumbnail = decoded.thumbnail(THUMBNAIL_SIDE, THUMBNAIL_SIDE);
    // Blurred from the thumbnail: nothing of the original's detail can be recovered from it,
    // and blurring 480 pixels a side costs little.
    let blurred = with_blurred.then(|| thumbnail.fast_blur(BLUR_SIGMA));
    let encode = if keeps_alpha { encode_png } else { encode_jpeg };
    let blurred = blurred.as_ref().map(encode).transpose()?;
    let (bytes, thumbnail) = (encode(&decoded)?, encode(&thumbnail)?);
    let extension = if keeps_alpha { "png" } else { "jpg" };
    Ok(ProcessedImage {
        bytes,
        thumbnail,
        blurred,
        extension,
        width: decoded.width(),
        height: decoded.height(),
    })
}

fn allocation_limit() -> Limits {
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_DECODE_ALLOCATION);
    limits
}

/// The PNG without its colour profiles (`iCCP` chunks). The decoder inflates a profile whole
/// while reading the header, bounded only by the allocation limit: 300 KB of compressed
/// profile hold 300 MB. The re-encoded image carries no profile anyway. Anything after the
/// last whole chunk (a truncated chunk, an appended payload) is kept for the decoder to judge.
fn without_png_profile(bytes: &[u8]) -> Cow<'_, [u8]> {
    const SIGNATURE: usize = 8;
    // Length, type and checksum around each chunk's data.
    const FRAMING: usize = 12;
    let mut kept: Option<Vec<u8>> = None;
    let mut at = SIGNATURE;
    while let Some(header) = bytes.get(at..at + 8) {
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]);
        let Some(end) = usize::try_from(length)
            .ok()
            .and_then(|length| (at + FRAMING).checked_add(length))
            .filter(|end| *end <= bytes.len())
        else {
            break;
        };
        if &header[4..] == b"iCCP" {
            kept.get_or_insert_with(|| bytes[..at].to_vec());
        } else if let Some(kept) = kept.as_mut() {
            kept.extend_from_slice(&bytes[at..end]);
        }
        at = end;
    }
    match kept {
        Some(mut kept) => {
            kept.extend_from_slice(&bytes[at..]);
            Cow::Owned(kept)
        }
        None => Cow::Borrowed(bytes),
    }
}

/// Whether a JPEG's markers lead from its start to its end-of-image marker. The JPEG decoder,
/// as the image crate sets it up, fills a cut-off scan with grey instead of failing, so a
/// truncated upload would be stored as half a picture.
fn jpeg_reaches_its_end(bytes: &[u8]) -> bool {
    const START_OF_SCAN: u8 = 0xDA;
    const END_OF_IMAGE: u8 = 0xD9;
    const RESTARTS: std::ops::RangeInclusive<u8> = 0xD0..=0xD7;
    let mut at = 2;
    loop {
        if bytes.get(at) != Some(&0xFF) {
            return false;
        }
        // A marker may follow any number of fill bytes.
        while bytes.get(at) == Some(&0xFF) {
            at += 1;
        }
        let Some(&marker) = bytes.get(at) else {
            return false;
        };
        at += 1;
        if marker == END_OF_IMAGE {
            return true;
        }
        if RESTARTS.contains(&marker) {
            continue;
        }
        let Some(&[high, low]) = bytes.get(at..at + 2) else {
            return false;
        };
        at += usize::from(u16::from_be_bytes([high, low]));
        if marker == START_OF_SCAN {
            // The coded data runs to the next marker that is neither a stuffed 0xFF nor a
            // restart.
            loop {
                match bytes.get(at..at + 2) {
                    None => return false,
                    Some(&[0xFF, next]) if next == 0 || RESTARTS.contains(&next) => at += 2,
                    Some(&[0xFF, _]) => break,
                    Some(_) => at += 1,
                }
            }
        }
    }
}

/// A decoder's failure: over a limit, or bytes that are not a well-formed image.
fn refusal(error: image::ImageError) -> ImageError {
    match error {
        image::ImageError::Limits(_) => ImageError::TooMuchMemory,
        _ => ImageError::Damaged,
    }
}

fn encode_png(image: &DynamicImage) -> Result<Vec<u8>, ImageError> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, ImageFormat::Png)
        .map_err(|e| ImageError::Encode(e.to_string()))?;
    Ok(out.into_inner())
}

fn encode_jpeg(image: &DynamicImage) -> Result<Vec<u8>, ImageError> {
    let mut out = Cursor::new(Vec::new());
    // JPEG holds 8-bit RGB; convert only other layouts, as a copy of a 40 MP photo is 120 MB.
    let converted;
    let rgb = match image {
        DynamicImage::ImageRgb8(rgb) => rgb,
        other => {
            converted = other.to_rgb8();
            &converted
        }
    };
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
    rgb.write_with_encoder(encoder)
        .map_err(|e| ImageError::Encode(e.to_string()))?;
    Ok(out.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::images::{gif, jpeg_with_exif, png, png_claiming};
    use image::{GenericImageView, Rgba, RgbaImage};

    #[test]
    fn exif_is_removed_from_jpegs() {
        let input = jpeg_with_exif(64, 48, b"GPS-SECRET-LOCATION");
        assert!(input.windows(10).any(|w| w == b"GPS-SECRET"));
        let output = process(&input, false, false).expect("processed");
        assert_eq!(output.extension, "jpg");
        assert_eq!((output.width, output.height), (64, 48));
        assert!(!output.bytes.windows(10).any(|w| w == b"GPS-SECRET"));
        assert!(!output.bytes.windows(4).any(|w| w == b"Exif"));
    }

    #[test]
    fn transparent_images_stay_png_and_get_a_thumbnail() {
        let image = RgbaImage::from_pixel(1200, 600, Rgba([200, 10, 80, 128]));
        let mut png = Cursor::new(Vec::new());
        DynamicImage::ImageRgba8(image)
            .write_to(&mut png, ImageFormat::Png)
            .expect("png");
        let output = process(&png.into_inner(), false, false).expect("processed");
        assert_eq!(output.extension, "png");
        let thumbnail = image::load_from_memory(&output.thumbnail).expect("thumbnail decodes");
        assert_eq!(
            (thumbnail.width(), thumbnail.height()),
            (THUMBNAIL_SIDE, 240)
        );
    }

    #[test]
    fn non_images_and_damaged_images_are_refused() {
        assert_eq!(
            process(b"%PDF-1.4 not an image", false, false).unwrap_err(),
            ImageError::UnsupportedType
        );
        assert_eq!(
            process(b"<svg xmlns='http://www.w3.org/2000/svg'/>", false, false).unwrap_err(),
            ImageError::UnsupportedType
        );
        let whole = png(64, 48);
        assert_eq!(
            process(&whole[..whole.len() / 2], false, false).unwrap_err(),
            ImageError::Damaged
        );
    }

    #[test]
    fn a_cut_off_jpeg_is_damaged_though_its_decoder_would_fill_it_in() {
        let whole = jpeg_with_exif(64, 48, b"marker");
        assert!(process(&whole, false, false).is_ok());
        let mut with_payload = whole.clone();
        with_payload.extend_from_slice(b"<html><script>alert(1)</script></html>");
        assert!(
            process(&with_payload, false, false).is_ok(),
            "data after the end is dropped"
        );
        assert_eq!(
            process(&whole[..whole.len() - 4], false, false).unwrap_err(),
            ImageError::Damaged
        );
    }

    #[test]
    fn a_png_loses_its_colour_profile_before_decoding() {
        let plain = png(8, 8);
        // After the signature and the 25-byte header chunk; the chunk is never inflated, so
        // neither its data nor its checksum needs to be well formed.
        let mut with_profile = plain[..33].to_vec();
        with_profile.extend_from_slice(&[0, 0, 0, 6]);
        with_profile.extend_from_slice(b"iCCPicc\0\0x");
        with_profile.extend_from_slice(&[0; 4]);
        with_profile.extend_from_slice(&plain[33..]);
        assert_eq!(
            without_png_profile(&with_profile).as_ref(),
            plain.as_slice()
        );
        assert!(matches!(without_png_profile(&plain), Cow::Borrowed(_)));
        let cut = &with_profile[..40];
        assert_eq!(
            without_png_profile(cut).as_ref(),
            cut,
            "a cut chunk is left to the decoder"
        );
    }

    #[test]
    fn a_pixel_bomb_is_refused_from_its_header() {
        assert_eq!(
            process(&png_claiming(50_000, 50_000), false, false).unwrap_err(),
            ImageError::TooManyPixels(2_500_000_000)
        );
    }

    #[test]
    fn a_blurred_variant_keeps_the_thumbnail_size_but_not_its_detail() {
        // Sharp black and white stripes: blurring leaves only greys near the middle.
        let stripes = image::RgbImage::from_fn(960, 720, |x, _| {
            if (x / 8) % 2 == 0 {
                image::Rgb([0, 0, 0])
            } else {
                image::Rgb([255, 255, 255])
            }
        });
        let mut jpeg = Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(stripes)
            .write_to(&mut jpeg, ImageFormat::Png)
            .expect("png");
        let input = jpeg.into_inner();
        assert!(
            process(&input, false, false)
                .expect("processed")
                .blurred
                .is_none()
        );
        let output = process(&input, true, false).expect("processed");
        let blurred = image::load_from_memory(&output.blurred.expect("blurred")).expect("decodes");
        let thumbnail = image::load_from_memory(&output.thumbnail).expect("decodes");
        assert_eq!(blurred.dimensions(), thumbnail.dimensions());
        // Away from the edges, where a blur has fewer neighbours to average.
        let spread = |image: &DynamicImage| {
            let (width, height) = image.dimensions();
            let luma = image.crop_imm(40, 40, width - 80, height - 80).to_luma8();
            let (min, max) = luma
                .pixels()
                .fold((255u8, 0u8), |(lo, hi), p| (lo.min(p[0]), hi.max(p[0])));
            max - min
        };
        assert!(spread(&thumbnail) > 200, "the thumbnail keeps the stripes");
        assert!(
            spread(&blurred) < 60,
            "the blurred copy does not: {}",
            spread(&blurred)
        );
    }

    #[test]
    fn a_still_only_purpose_refuses_a_gif_that_others_take() {
        let input = gif(8, 8);
        assert!(process(&input, false, false).is_ok());
        assert_eq!(
            process(&input, false, true).unwrap_err(),
            ImageError::UnsupportedType
        );
        assert!(process(&png(8, 8), false, true).is_ok());
    }
}
