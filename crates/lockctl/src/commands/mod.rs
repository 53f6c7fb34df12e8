//! One module per command group; each forwards to lockdesk-core / lockdesk-api and prints.

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

use lockdesk_api::models::Authority;

use crate::cli::AuthorityArg;

pub(crate) fn authority(a: Option<AuthorityArg>) -> Option<Authority> {
    a.map(|a| match a {
        AuthorityArg::Manager => Authority::Manager,
        AuthorityArg::Member => Authority::Member,
    })
}
