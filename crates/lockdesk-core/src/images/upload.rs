//! Images for locks: accept only real images (by content, not by name), and downscale very
//! large photos before upload (longest side at most [`MAX_SIDE`], re-encoded as JPEG or PNG).

use std::io::Cursor;

use bytes::Bytes;
use image::{DynamicImage, GenericImageView, ImageFormat};
use lockdesk_api::v3::ImageUpload;
use serde::{Deserialize, Serialize};

use base64::Engine;

use crate::app::context::AppContext;
use crate::error::{Error, Result};

/// Where the image comes from: a file dropped onto the desktop window (by path), or bytes the
/// browser read from a dropped/chosen `File` (base64).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ImageSource {
    Path { path: String },
    Bytes { file_name: String, base64: String },
}

/// Longest side of an uploaded image, in pixels.
pub const MAX_SIDE: u32 = 1600;
/// Files larger than this are re-encoded even when small in pixels.
pub const MAX_BYTES: usize = 2 * 1024 * 1024;
/// The largest image decoded, per side and in pixels (about a 100-megapixel camera): a small
/// file can declare a huge image (a 40 MB PNG of one colour may decode to gigabytes), so the
/// size in its header is checked before anything is decoded.
pub const MAX_DECODED_SIDE: u32 = 16_384;
pub const MAX_DECODED_PIXELS: u64 = 100_000_000;
/// What the decoder may allocate in all (100 megapixels of RGBA, and its bookkeeping).
const MAX_DECODE_ALLOC: u64 = 512 * 1024 * 1024;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ImageInfo {
    pub format: String,
    pub width: u32,
    pub height: u32,
    pub bytes: u32,
}

/// What was uploaded, and whether it had to be shrunk first.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreparedImageView {
    pub original: ImageInfo,
    pub uploaded: ImageInfo,
    pub resized: bool,
}

fn format_name(f: ImageFormat) -> &'static str {
    match f {
        ImageFormat::Png => "png",
        ImageFormat::Jpeg => "jpeg",
        ImageFormat::Gif => "gif",
        ImageFormat::WebP => "webp",
        ImageFormat::Bmp => "bmp",
        _ => "other",
    }
}

fn info(f: ImageFormat, img: &DynamicImage, bytes: usize) -> ImageInfo {
    let (width, height) = img.dimensions();
    ImageInfo {
        format: format_name(f).into(),
        width,
        height,
        bytes: bytes.min(u32::MAX as usize) as u32,
    }
}

/// Checks `bytes` is an image the app can read and returns the upload, shrunk if needed.
pub fn prepare(file_name: &str, bytes: Vec<u8>) -> Result<(ImageUpload, PreparedImageView)> {
    let not_image = |reason: String| Error::NotAnImage {
        file_name: file_name.to_owned(),
        reason,
    };
    if bytes.is_empty() {
        return Err(not_image("the file is empty".into()));
    }
    let format = image::guess_format(&bytes)
        .map_err(|_| not_image("its content is not a known image format".into()))?;
    if !matches!(
        format,
        ImageFormat::Png
            | ImageFormat::Jpeg
            | ImageFormat::Gif
            | ImageFormat::WebP
            | ImageFormat::Bmp
    ) {
        return Err(not_image(format!("{format:?} images are not supported")));
    }
    let reader = || image::ImageReader::with_format(Cursor::new(&bytes[..]), format);
    // The header only (read without limits, which the decoders would apply to the declared
    // size already): a huge image is refused by its size, before it is decoded.
    let mut header = reader();
    header.no_limits();
    let (w, h) = header
        .into_dimensions()
        .map_err(|e| not_image(format!("its header cannot be read: {e}")))?;
    if w.max(h) > MAX_DECODED_SIDE || u64::from(w) * u64::from(h) > MAX_DECODED_PIXELS {
        return Err(Error::ImageTooLarge {
            file_name: file_name.to_owned(),
            width: w,
            height: h,
            max_side: MAX_DECODED_SIDE,
            max_megapixels: MAX_DECODED_PIXELS / 1_000_000,
        });
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_DECODED_SIDE);
    limits.max_image_height = Some(MAX_DECODED_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    let mut reader = reader();
    reader.limits(limits);
    let img = reader
        .decode()
        .map_err(|e| not_image(format!("it cannot be decoded: {e}")))?;
    let original = info(format, &img, bytes.len());
    let (w, h) = img.dimensions();
    let too_big = w.max(h) > MAX_SIDE || bytes.len() > MAX_BYTES;
    let uploadable = matches!(
        format,
        ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::Gif
    );
    if !too_big && uploadable {
        let mime = format!("image/{}", format_name(format));
        let upload = ImageUpload {
            file_name: file_name.to_owned(),
            mime,
            bytes: Bytes::from(bytes),
        };
        return Ok((
            upload,
            PreparedImageView {
                uploaded: original.clone(),
                original,
                resized: false,
            },
        ));
    }
    let img = if w.max(h) > MAX_SIDE {
        // Lanczos keeps a floating-point copy of the image's height at the new width (about
        // 150 MB for a 48-megapixel photo): a big image is first brought to twice the size
        // by area averaging, which needs no such copy.
        let img = if w.max(h) > 2 * MAX_SIDE {
            img.thumbnail(2 * MAX_SIDE, 2 * MAX_SIDE)
        } else {
            img
        };
        img.resize(MAX_SIDE, MAX_SIDE, image::imageops::FilterType::Lanczos3)
    } else {
        img
    };
    // Photos (no transparency) become JPEG; anything with alpha stays PNG.
    let (out_format, ext) = if img.color().has_alpha() {
        (ImageFormat::Png, "png")
    } else {
        (ImageFormat::Jpeg, "jpg")
    };
    let mut out = Vec::new();
    let encoded = if out_format == ImageFormat::Jpeg {
        let rgb = DynamicImage::ImageRgb8(img.to_rgb8());
        let enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85);
        rgb.write_with_encoder(enc)
    } else {
        img.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
    };
    encoded.map_err(|e| not_image(format!("it cannot be re-encoded: {e}")))?;
    let stem = std::path::Path::new(file_name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "image".into());
    let uploaded = info(out_format, &img, out.len());
    let upload = ImageUpload {
        file_name: format!("{stem}.{ext}"),
        mime: format!("image/{}", format_name(out_format)),
        bytes: Bytes::from(out),
    };
    Ok((
        upload,
        PreparedImageView {
            original,
            uploaded,
            resized: true,
        },
    ))
}

/// The largest image file read (40 MiB): a big camera photo fits; anything larger is refused
/// by its size before a byte of it is read.
pub const MAX_SOURCE_BYTES: u64 = 40 * 1024 * 1024;

fn too_large(file_name: &str, bytes: u64) -> Error {
    Error::NotAnImage {
        file_name: file_name.to_owned(),
        reason: format!(
            "the file is {} MiB; images up to {} MiB are accepted",
            bytes.div_ceil(1024 * 1024),
            MAX_SOURCE_BYTES / (1024 * 1024)
        ),
    }
}

/// Reads a dropped file: a regular file no larger than [`MAX_SOURCE_BYTES`] by its metadata,
/// then at most that many bytes (a file that grows meanwhile is refused too). Blocking: call
/// it off the async threads.
pub(crate) fn read_dropped(path: &std::path::Path) -> Result<(String, Vec<u8>)> {
    use std::io::Read;
    let shown = path.display().to_string();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "image".into());
    let unreadable = |reason: String| Error::FileUnreadable {
        path: shown.clone(),
        reason,
    };
    let meta = std::fs::metadata(path).map_err(|e| unreadable(e.to_string()))?;
    if !meta.is_file() {
        return Err(unreadable("it is not a regular file".into()));
    }
    if meta.len() > MAX_SOURCE_BYTES {
        return Err(too_large(&name, meta.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| unreadable(e.to_string()))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_SOURCE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(e.to_string()))?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(too_large(&name, bytes.len() as u64));
    }
    Ok((name, bytes))
}

/// Where the request says the image is: a dropped file (read off the async threads) or bytes
/// the window sent (their size checked before decoding).
async fn read_source(ctx: &AppContext, source: ImageSource) -> Result<(String, Vec<u8>)> {
    match source {
        ImageSource::Path { path } => {
            let p = std::path::PathBuf::from(&path);
            if !ctx.file_allowed(&p) {
                return Err(Error::invalid(
                    "path",
                    "only files dropped onto the window can be read by path",
                ));
            }
            tokio::task::spawn_blocking(move || read_dropped(&p))
                .await
                .map_err(|e| Error::invalid("path", format!("reading the file failed: {e}")))?
        }
        ImageSource::Bytes { file_name, base64 } => {
            let base64 = base64.trim();
            let decoded_len = (base64.len() as u64 / 4) * 3;
            if decoded_len > MAX_SOURCE_BYTES {
                return Err(too_large(&file_name, decoded_len));
            }
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(base64)
                .map_err(|e| Error::invalid("base64", format!("not valid base64: {e}")))?;
            Ok((file_name, bytes))
        }
    }
}

/// Reads the image from where the request says, checks and prepares it (off the async
/// threads): the one pipeline for lock and user images, in the app and in `lockctl`.
pub(crate) async fn prepare_source(
    ctx: &AppContext,
    source: ImageSource,
) -> Result<(ImageUpload, PreparedImageView)> {
    let (file_name, bytes) = read_source(ctx, source).await?;
    tokio::task::spawn_blocking(move || prepare(&file_name, bytes))
        .await
        .map_err(|e| Error::invalid("image", format!("image processing failed: {e}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = DynamicImage::new_rgb8(w, h);
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn small_png_is_kept() {
        let (up, v) = prepare("a.png", png(10, 20)).unwrap();
        assert!(!v.resized);
        assert_eq!(up.mime, "image/png");
        assert_eq!(v.uploaded.width, 10);
    }

    #[test]
    fn large_photo_is_downscaled_to_jpeg() {
        let (up, v) = prepare("big.png", png(4000, 2000)).unwrap();
        assert!(v.resized);
        assert_eq!((v.uploaded.width, v.uploaded.height), (1600, 800));
        assert_eq!(up.mime, "image/jpeg");
        assert_eq!(up.file_name, "big.jpg");
        assert_eq!(v.original.width, 4000);
    }

    /// A 100 MiB (sparse) file is refused by its size at once, without being read; a small one
    /// is read; a folder is no file.
    #[tokio::test]
    async fn a_dropped_file_is_sized_before_it_is_read() {
        use crate::core_context::Context;
        use crate::secrets::MemoryStore;
        let dir = tempfile::tempdir().unwrap();
        let ctx = AppContext::new(Context::for_tests(
            dir.path(),
            std::sync::Arc::new(MemoryStore::new()),
        ));
        let huge = dir.path().join("huge.png");
        let f = std::fs::File::create(&huge).unwrap();
        f.set_len(100 * 1024 * 1024).unwrap();
        drop(f);
        ctx.allow_file(&huge);
        let started = std::time::Instant::now();
        let source = ImageSource::Path {
            path: huge.display().to_string(),
        };
        let e = prepare_source(&ctx, source).await.unwrap_err();
        assert_eq!(e.code(), crate::error::ErrorCode::NotAnImage, "{e}");
        assert!(e.to_string().contains("100 MiB"), "{e}");
        assert!(started.elapsed() < std::time::Duration::from_millis(500));

        let small = dir.path().join("small.png");
        std::fs::write(&small, png(4, 4)).unwrap();
        ctx.allow_file(&small);
        let source = ImageSource::Path {
            path: small.display().to_string(),
        };
        let (up, _) = prepare_source(&ctx, source).await.unwrap();
        assert_eq!(up.file_name, "small.png");

        ctx.allow_file(dir.path());
        let source = ImageSource::Path {
            path: dir.path().display().to_string(),
        };
        let e = prepare_source(&ctx, source).await.unwrap_err();
        assert_eq!(e.code(), crate::error::ErrorCode::FileUnreadable, "{e}");

        // Bytes from the window are sized before they are decoded.
        let source = ImageSource::Bytes {
            file_name: "big.png".into(),
            base64: "A".repeat(60 * 1024 * 1024),
        };
        let e = prepare_source(&ctx, source).await.unwrap_err();
        assert!(e.to_string().contains("MiB"), "{e}");
    }

    /// A PNG whose header declares `w` × `h` pixels and that holds no pixel data (an empty
    /// IDAT: the decoder reads chunks up to the first one for the size).
    fn png_header_only(w: u32, h: u32) -> Vec<u8> {
        let mut ihdr = b"IHDR".to_vec();
        ihdr.extend_from_slice(&w.to_be_bytes());
        ihdr.extend_from_slice(&h.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]); // 8-bit RGBA
        let crc = crc32fast::hash(&ihdr);
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        out.extend_from_slice(&13u32.to_be_bytes());
        out.extend_from_slice(&ihdr);
        out.extend_from_slice(&crc.to_be_bytes());
        for empty in [b"IDAT", b"IEND"] {
            out.extend_from_slice(&[0, 0, 0, 0]);
            out.extend_from_slice(empty);
            out.extend_from_slice(&crc32fast::hash(empty).to_be_bytes());
        }
        out
    }

    #[test]
    fn a_huge_declared_image_is_refused_before_it_is_decoded() {
        for (w, h) in [(100_000, 100_000), (16_385, 10), (12_000, 12_000)] {
            let err = prepare("bomb.png", png_header_only(w, h)).unwrap_err();
            let text = err.to_string();
            assert_eq!(
                err.code(),
                crate::error::ErrorCode::ImageTooLarge,
                "{w}x{h}: {err}"
            );
            assert!(text.contains(&format!("{w} × {h} pixels")), "{text}");
            assert_eq!(err.details().file_name.as_deref(), Some("bomb.png"));
        }
        // Within the limits the header passes; the missing pixel data is then the problem.
        let err = prepare("empty.png", png_header_only(4000, 3000)).unwrap_err();
        assert!(err.to_string().contains("cannot be decoded"), "{err}");
    }

    #[test]
    fn a_big_photo_is_brought_down_to_the_upload_size() {
        let img = DynamicImage::new_rgb8(5000, 2500);
        let mut bytes = Vec::new();
        img.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        let (_, v) = prepare("wide.png", bytes).unwrap();
        assert!(v.resized);
        assert_eq!(
            (v.uploaded.width, v.uploaded.height),
            (MAX_SIDE, MAX_SIDE / 2)
        );
    }

    #[test]
    fn text_is_refused() {
        let e = prepare("notes.txt", b"hello, not an image".to_vec()).unwrap_err();
        assert_eq!(e.code(), crate::error::ErrorCode::NotAnImage);
        assert!(e.to_string().contains("notes.txt"));
        assert_eq!(
            prepare("x.png", vec![]).unwrap_err().code(),
            crate::error::ErrorCode::NotAnImage
        );
    }
}
