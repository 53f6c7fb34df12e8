//! Image files for locks and users: the type comes from the file extension.

use std::path::Path;

use lockdesk_api::v3::ImageUpload;

use crate::error::{Error, Result};

pub fn mime_for(path: &Path) -> Option<&'static str> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    Some(match ext.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        _ => return None,
    })
}

pub fn load(path: &Path) -> Result<ImageUpload> {
    let mime = mime_for(path).ok_or_else(|| {
        Error::Usage(format!(
            "{}: not a supported image; use a .png, .jpg, .jpeg, .gif or .webp file",
            path.display()
        ))
    })?;
    let bytes = std::fs::read(path).map_err(|e| Error::File {
        path: path.to_owned(),
        reason: e.to_string(),
    })?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "image".into());
    Ok(ImageUpload {
        file_name,
        mime: mime.to_owned(),
        bytes: bytes.into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mime_from_extension() {
        assert_eq!(mime_for(Path::new("a.PNG")), Some("image/png"));
        assert_eq!(mime_for(Path::new("a.jpeg")), Some("image/jpeg"));
        assert_eq!(mime_for(Path::new("a.jpg")), Some("image/jpeg"));
        assert_eq!(mime_for(Path::new("a.webp")), Some("image/webp"));
        assert_eq!(mime_for(Path::new("a.gif")), Some("image/gif"));
        assert_eq!(mime_for(Path::new("a.svg")), None);
        assert_eq!(mime_for(Path::new("noext")), None);
        assert_eq!(
            load(Path::new("x.txt")).unwrap_err().code(),
            lockdesk_core::ErrorCode::Usage
        );
    }
}
