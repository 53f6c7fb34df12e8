//! One module per command group; each calls the app's use-cases (`lockdesk_core::app`) and
//! prints their answers.

pub mod archive;
pub mod demo;
pub mod history;
pub mod invitations;
pub mod lock_groups;
pub mod locks;
pub mod orgs;
pub mod profile;
pub mod session;
pub mod user_groups;
pub mod users;

use std::path::PathBuf;

use lockdesk_core::app::{AppContext, ImageSource, Role};
use serde::de::DeserializeOwned;

use crate::cli::AuthorityArg;
use crate::error::{Error, Result};

pub(crate) fn role(a: Option<AuthorityArg>) -> Option<Role> {
    a.map(|a| match a {
        AuthorityArg::Manager => Role::Manager,
        AuthorityArg::Member => Role::Member,
    })
}

/// The image file the user named, allowed for the app's image pipeline (which reads only files
/// the user chose, as it reads only files dropped onto the app's window).
pub(crate) fn image_source(ctx: &AppContext, path: Option<PathBuf>) -> Result<ImageSource> {
    let path = path.ok_or_else(|| Error::Usage("give an image file".into()))?;
    let text = path
        .to_str()
        .ok_or_else(|| Error::Usage(format!("{}: the path is not UTF-8", path.display())))?
        .to_owned();
    ctx.allow_file(path);
    Ok(ImageSource::Path { path: text })
}

/// A request built from its JSON form, as the app's command layer builds it (absent members
/// take their defaults), so lockctl asks exactly what the app asks.
pub(crate) fn request<T: DeserializeOwned>(command: &str, args: serde_json::Value) -> Result<T> {
    serde_json::from_value(args).map_err(|e| {
        Error::Payload(
            lockdesk_core::ErrorPayload::new(
                lockdesk_core::ErrorCode::InvalidArguments,
                format!("the arguments of {command} are not valid: {e}"),
            )
            .with_details(lockdesk_core::ErrorDetails {
                command: Some(command.to_owned()),
                ..Default::default()
            }),
        )
    })
}
