//! v3 resource operations: a handler per resource, each method builds a request, sends it
//! through the session (renewing the token once on `invalid_token`) and decodes the answer.

mod client;
mod groups;
mod invitations;
mod lock_groups;
mod locks;
mod organizations;
mod paging;
mod users;

pub use client::Client;
pub use groups::{
    GroupInput, GroupKind, Groups, LockGroupKind, LockGroups, UserGroupKind, UserGroups,
};
pub use invitations::{InvitationQuery, Invitations, NewInvitation};
pub use locks::{ImageUpload, LockImage, LockQuery, LockUpdate, Locks};
pub use organizations::Organizations;
pub use paging::{max_pages, PageParams, MAX_LISTING_ITEMS};
pub use users::{ExistingUserInvite, NewUser, UserQuery, UserUpdate, Users};

use crate::ids::OrganizationId;

/// The resource handlers a client hands out (here, beside the handlers, not in client.rs: the
/// handlers import the client).
impl Client {
    pub fn organizations(&self) -> Organizations<'_> {
        Organizations::new(self)
    }

    /// Operations inside one organization.
    pub fn org<'a>(&'a self, id: &'a OrganizationId) -> Org<'a> {
        Org { client: self, id }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Org<'a> {
    client: &'a Client,
    id: &'a OrganizationId,
}

impl<'a> Org<'a> {
    pub fn locks(&self) -> Locks<'a> {
        Locks::new(self.client, self.id)
    }
    pub fn lock_groups(&self) -> LockGroups<'a> {
        self.groups()
    }
    pub fn users(&self) -> Users<'a> {
        Users::new(self.client, self.id)
    }
    pub fn invitations(&self) -> Invitations<'a> {
        Invitations::new(self.client, self.id)
    }
    pub fn user_groups(&self) -> UserGroups<'a> {
        self.groups()
    }
    /// The lock groups or the user groups.
    pub fn groups<K: GroupKind>(&self) -> Groups<'a, K> {
        Groups::new(self.client, self.id)
    }
}
