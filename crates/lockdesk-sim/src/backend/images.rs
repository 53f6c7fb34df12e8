//! Uploaded images (lock and user images), served at `/_sim/images/{name}`.

use bytes::Bytes;

use super::error::{Result, SimError};
use super::state::{Image, State};

pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// What a request says about an image field.
#[derive(Debug, Clone)]
pub enum ImageInput {
    /// Empty string or empty file part: back to the default image.
    Reset,
    Data(Bytes),
}

/// Content type by magic bytes: PNG, JPEG, GIF or WebP.
pub fn sniff(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(("image/png", "png"))
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(("image/jpeg", "jpg"))
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(("image/gif", "gif"))
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("image/webp", "webp"))
    } else {
        None
    }
}

impl State {
    /// Validates and stores an image; returns the new image_url (None for a reset).
    pub fn store_image(&mut self, field: &str, input: &ImageInput) -> Result<Option<String>> {
        let bytes = match input {
            ImageInput::Reset => return Ok(None),
            ImageInput::Data(b) => b,
        };
        if bytes.len() > MAX_IMAGE_BYTES {
            return Err(SimError::invalid_params(format!(
                "{field} must be at most 5 MB"
            )));
        }
        let (content_type, ext) = sniff(bytes).ok_or_else(|| {
            SimError::invalid_params(format!("{field} must be a PNG, JPEG, GIF or WebP image"))
        })?;
        self.image_counter += 1;
        let name = format!("img-{:06}.{ext}", self.image_counter);
        self.images.insert(
            name.clone(),
            Image {
                content_type,
                bytes: bytes.clone(),
            },
        );
        Ok(Some(format!("{}/_sim/images/{name}", self.base_url)))
    }
}
