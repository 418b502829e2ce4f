//! Pictures for the demo moments and banners, painted here so the project owns every pixel:
//! a sky gradient, a soft sun, rolling hills and bokeh lights, varied by a seed.

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage};

/// Moment pictures are 4:3; blog banners 16:9.
pub const PHOTO: (u32, u32) = (960, 720);
pub const BANNER: (u32, u32) = (800, 450);

/// Sky palettes: (top, horizon, hills).
const PALETTES: &[([u8; 3], [u8; 3], [u8; 3])] = &[
    ([255, 183, 148], [255, 236, 210], [120, 78, 110]),
    ([122, 170, 230], [238, 244, 255], [70, 120, 96]),
    ([244, 143, 177], [255, 224, 178], [136, 60, 90]),
    ([58, 74, 140], [250, 180, 140], [40, 40, 70]),
    ([170, 215, 200], [250, 250, 235], [90, 140, 110]),
    ([255, 204, 128], [255, 245, 230], [170, 100, 80]),
];

/// A small deterministic generator, so the same seed paints the same picture.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u32) -> u32 {
        u32::try_from(self.next() % u64::from(n.max(1))).unwrap_or(0)
    }
}

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let channel = |i: usize| {
        (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t)
            .round()
            .clamp(0.0, 255.0) as u8
    };
    [channel(0), channel(1), channel(2)]
}

/// A PNG picture of `size` for demo item number `seed`.
pub fn paint(seed: u64, (width, height): (u32, u32)) -> Vec<u8> {
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (top, horizon, hills) = PALETTES[usize::try_from(seed).unwrap_or(0) % PALETTES.len()];
    // Sizes below are for a 960-pixel picture; smaller ones are the same scene scaled down
    // (a sun as wide as an avatar would wash it out).
    let scale = width.max(height) as f32 / 960.0;
    let sun = (
        dice.below(width) as f32,
        (height / 4 + dice.below(height / 4)) as f32,
        (50.0 + dice.below(60) as f32) * scale,
    );
    let ridge_phase = dice.below(628) as f32 / 100.0;
    // Hills with one to four crests across the picture, whatever its size.
    let ridge_waves = std::f32::consts::TAU * (1.0 + dice.below(300) as f32 / 100.0);
    let lights: Vec<(f32, f32, f32)> = (0..14)
        .map(|_| {
            (
                dice.below(width) as f32,
                dice.below(height / 2) as f32,
                (8.0 + dice.below(30) as f32) * scale,
            )
        })
        .collect();
    // A few wide, soft glows give each picture its own light and shade at thumbnail scale, so
    // no two demo pictures look like copies of each other to a perceptual hash.
    let glows: Vec<(f32, f32, f32)> = (0..4)
        .map(|_| {
            (
                dice.below(width) as f32,
                dice.below(height) as f32,
                (width / 8 + dice.below(width / 6)) as f32,
            )
        })
        .collect();

    let image = RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let mut colour = mix(top, horizon, fy / height as f32);
        let sun_distance = ((fx - sun.0).powi(2) + (fy - sun.1).powi(2)).sqrt();
        if sun_distance < sun.2 * 2.5 {
            let glow = (1.0 - sun_distance / (sun.2 * 2.5)).powi(2);
            colour = mix(colour, [255, 250, 235], glow);
        }
        for (gx, gy, radius) in &glows {
            let distance = ((fx - gx).powi(2) + (fy - gy).powi(2)).sqrt();
            if distance < *radius {
                colour = mix(colour, [255, 248, 240], 0.35 * (1.0 - distance / radius));
            }
        }
        for (lx, ly, radius) in &lights {
            let distance = ((fx - lx).powi(2) + (fy - ly).powi(2)).sqrt();
            if distance < *radius {
                colour = mix(colour, [255, 255, 255], 0.18 * (1.0 - distance / radius));
            }
        }
        let ridge = height as f32 * 0.68
            + (fx / (140.0 * scale) + ridge_phase).sin() * 40.0 * scale
            + (fx / (53.0 * scale)).cos() * 14.0 * scale;
        let ridge =
            ridge - (fx / width as f32 * ridge_waves + ridge_phase).sin() * height as f32 * 0.06;
        if fy > ridge {
            colour = mix(hills, [20, 20, 30], ((fy - ridge) / height as f32).min(1.0));
        }
        Rgb(colour)
    });
    let mut png = Cursor::new(Vec::new());
    // Writing to memory cannot fail for a valid RGB image.
    image
        .write_to(&mut png, ImageFormat::Png)
        .expect("PNG encoding to memory");
    png.into_inner()
}
