//! Resources of the service with every documented field under its exact name. Anything the
//! service may send as null, or omit, is an `Option`; unknown fields are ignored.

mod access;
mod group;
mod invitation;
mod lock;
mod organization;
mod token;
mod user;

pub use access::{Access, AccessLock, AccessUser, ClientType, V2Lock};
pub use group::{LockGroup, LockSummary, UserGroup, UserSummary};
pub use invitation::{Invitation, InvitationStatus, InvitedUser};
pub use lock::{AutolockOffSchedule, Button1, DoorSensor, Lock, LockModel, LockRemote, Reader};
pub use organization::Organization;
pub use token::TokenInfo;
pub use user::{Authority, IcCard, User};
