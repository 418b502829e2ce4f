//! Decoding untrusted image bytes and re-encoding them without metadata.

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
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
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
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOCATION);
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
