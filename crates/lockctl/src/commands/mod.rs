//! One module per command group; each calls the app's use-cases (`lockdesk_core::app`) and
//! prints their answers.

pub mod activity;
pub mod alerts;
pub mod archive;
pub mod demo;
pub mod directory;
pub mod groups;
pub mod history;
pub mod invitations;
pub mod locks;
pub mod orgs;
pub mod profile;
pub mod proxy;
pub mod reports;
pub mod secret_input;
pub mod session;
pub mod team;
pub mod users;
pub mod watch;

use std::path::PathBuf;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::images::upload::ImageSource;
use lockdesk_core::users::view::Role;

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
