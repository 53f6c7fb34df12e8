//! View models: what a screen or a command's output shows, as data. Enums, numbers, times and
//! schedules, never interface text: the UI words them in `ui/src/lib/i18n` (English and
//! Japanese) and lockctl in its output module. A value the service sends that the app does not
//! know is kept as it came (`{"kind": "other", "value": …}`), so no front end loses it.
//!
//! One file per area: `profiles` (connections, organizations), `locks` (locks, devices,
//! batteries), `settings` (a lock's settings and schedules), `groups` (lock and user groups),
//! `users` (users, roles, invitations), `history` (entry/exit records).

mod groups;
mod history;
mod locks;
mod profiles;
mod settings;
mod users;

pub use groups::{LockGroupView, MemberView, UserGroupView};
pub use history::{AccessAction, AccessView, ClientKind, HistoryLockView};
pub use locks::{
    battery_readings, Battery, BatteryLevel, DeviceKind, DeviceView, LockModelKind, LockView,
};
pub use profiles::{Api, OrganizationView, ProfileView};
pub use settings::{LockRemoteView, LockSettings, LockType, ScheduleView};
pub use users::{AccountRole, InvitationState, InvitationView, Role, UserRole, UserView};

/// Clamps a service integer into the `i32` the views carry.
fn int(v: Option<i64>) -> Option<i32> {
    v.map(|v| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32)
}
