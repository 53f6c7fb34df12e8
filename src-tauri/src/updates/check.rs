//! One check: ask the update server (through the system's proxy, with the proxy login the
//! person gave, and the OS trust store), and when it offers a newer version, download it and
//! verify its signature against the build's key. Only a newer version is offered (the plugin's
//! comparator), and the signed version must be the one announced (`require_signed_version`),
//! so a replayed older package cannot pass as an update.

use lockdesk_core::error::{ErrorCode, ErrorPayload};
use tauri_plugin_updater::{Error as UpdaterError, Update, UpdaterBuilder};

/// An error of the updater as the app reports any error: a code and a message.
pub fn payload(e: &UpdaterError) -> ErrorPayload {
    let code = match e {
        UpdaterError::Minisign(_)
        | UpdaterError::Base64(_)
        | UpdaterError::SignatureUtf8(_)
        | UpdaterError::SignedVersionMismatch { .. }
        | UpdaterError::MissingSignedVersion => ErrorCode::UpdateRefused,
        UpdaterError::Reqwest(_)
        | UpdaterError::Network(_)
        | UpdaterError::ReleaseNotFound
        | UpdaterError::Serialization(_)
        | UpdaterError::TargetNotFound(_)
        | UpdaterError::TargetsNotFound(_)
        | UpdaterError::UrlParse(_)
        | UpdaterError::InsecureTransportProtocol
        | UpdaterError::EmptyEndpoints => ErrorCode::UpdateUnreachable,
        _ => ErrorCode::UpdateFailed,
    };
    ErrorPayload::new(code, e.to_string())
}

/// The largest update package downloaded: Lockdesk's installers are some tens of megabytes, and
/// the plugin holds a package in memory. A server sending more (or without end) is cut off.
pub const PACKAGE_MAX_BYTES: u64 = 256 * 1024 * 1024;

/// What a check found: nothing newer, or a verified package ready to install.
pub enum Found {
    UpToDate,
    Ready(Box<Update>, Vec<u8>),
}

/// Checks with `builder` and downloads what it offers, reporting the bytes received.
pub async fn check_and_download(
    builder: UpdaterBuilder,
    on_offer: impl FnOnce(&Update),
    mut on_progress: impl FnMut(u64, Option<u64>),
) -> Result<Found, ErrorPayload> {
    let updater = builder.build().map_err(|e| payload(&e))?;
    let Some(update) = updater.check().await.map_err(|e| payload(&e))? else {
        return Ok(Found::UpToDate);
    };
    on_offer(&update);
    let mut received = 0u64;
    let (too_large, cut_off) = tokio::sync::oneshot::channel::<u64>();
    let mut too_large = Some(too_large);
    let download = update.download(
        |chunk, total| {
            received += chunk as u64;
            match total.filter(|t| *t > PACKAGE_MAX_BYTES) {
                Some(declared) => {
                    if let Some(tx) = too_large.take() {
                        let _ = tx.send(declared);
                    }
                }
                None if received > PACKAGE_MAX_BYTES => {
                    if let Some(tx) = too_large.take() {
                        let _ = tx.send(received);
                    }
                }
                None => on_progress(received, total),
            }
        },
        || {},
    );
    // The download is dropped (its connection closed) as soon as it passes the limit.
    let bytes = tokio::select! {
        bytes = download => bytes.map_err(|e| payload(&e))?,
        Ok(size) = cut_off => return Err(package_too_large(size)),
    };
    Ok(Found::Ready(Box::new(update), bytes))
}

fn package_too_large(size: u64) -> ErrorPayload {
    ErrorPayload::new(
        ErrorCode::UpdateRefused,
        format!(
            "the update package is larger than {} MiB ({size} bytes or more); it was not downloaded",
            PACKAGE_MAX_BYTES / (1024 * 1024)
        ),
    )
}
