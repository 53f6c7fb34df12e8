//! Every English word lockctl prints about an answer: table headers, record keys and sentences
//! (here and in `bulk.rs` for CSV invitations, `history.rs` for entry/exit history,
//! `activity.rs` for the journal).
//! Only data members of the core's answers are used (ids, names, numbers, raw values such as
//! `manager` or `nfc_outside`), never wording the core may carry, so all of lockctl's language
//! is here. Text the service sent is cleaned by the printing functions (`output::table`,
//! `output::pairs`) or here, with [`clean`], for sentences.

use chrono::{DateTime, Utc};
use lockdesk_core::groups::view::{LockGroupView, MemberView, UserGroupView};
use lockdesk_core::history::view::ClientKind;
use lockdesk_core::locks::commands::LocksSetImageResponse;
use lockdesk_core::locks::view::{DeviceKind, LockModelKind, LockView};
use lockdesk_core::profiles::view::{Api, OrganizationView, ProfileView};
use lockdesk_core::sessions::account::TokenView;
use lockdesk_core::sessions::commands::{SignedInView, SignedOutView};
use lockdesk_core::users::view::{InvitationState, InvitationView, UserRole, UserView};

use super::cells::{clean, opt};

mod activity;
mod alerts;
mod bulk;
mod directory;
mod history;
mod reports;
mod team;
mod watch;

pub use activity::{
    activity_row, activity_shown, retention_set, set_aside_journals, storage_pairs,
    team_activity_headers, team_activity_row, ACTIVITY_HEADERS,
};
pub use alerts::{
    deliveries_warning, delivery_row, destination_added, destination_row, destination_secret_given,
    destination_tested, sent_by, DELIVERY_HEADERS, DESTINATION_HEADERS, SMTP_PASSWORD_PROMPT,
    TOKEN_PROMPT, WEBHOOK_PROMPT,
};
pub use bulk::{
    import_progress, preview_row, preview_summary, report_summary, result_row, PREVIEW_HEADERS,
    RESULT_HEADERS,
};
pub use directory::{
    applied_row, applied_summary, apply_question, entra_sign_in, exception_row, source_added,
    source_row, write_plan, ENTRA_SECRET_PROMPT, EXCEPTION_HEADERS, LDAP_PASSWORD_PROMPT,
    SOURCE_HEADERS,
};
pub use history::{
    access_csv_row, archive_row, history_lock_row, page_range, records_written, sync_progress,
    sync_summary, team_sync_summary, ACCESS_CSV_HEADER, ARCHIVE_HEADERS, HISTORY_LOCK_HEADERS,
};

pub use reports::{report_added, report_row, report_run_line, REPORT_HEADERS};
pub use team::{team_journal_unreachable, team_share_waits, team_status, TEAM_PASSWORD_PROMPT};
pub use watch::alert_line;

pub const NONE: &str = "(none)";

fn time(t: &Option<DateTime<Utc>>) -> String {
    opt(&t.map(|t| t.to_rfc3339()))
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_owned()
}

fn api(a: Api) -> &'static str {
    match a {
        Api::V3 => "v3",
        Api::V2 => "v2",
    }
}

pub(crate) fn model(m: &LockModelKind) -> String {
    match m {
        LockModelKind::Pro => "Pro".into(),
        LockModelKind::Ctl => "Ctl".into(),
        LockModelKind::Other(s) => clean(s),
    }
}

pub(crate) fn device(d: &DeviceKind) -> &'static str {
    match d {
        DeviceKind::NfcReaderInside => "card reader (inside)",
        DeviceKind::NfcReaderOutside => "card reader (outside)",
        DeviceKind::DoorSensor => "door sensor",
    }
}

pub(crate) fn role(r: &UserRole) -> String {
    match r {
        UserRole::SuperManager => "super manager".into(),
        UserRole::Manager => "manager".into(),
        UserRole::Member => "member".into(),
        UserRole::Other(s) => clean(s),
    }
}

pub(crate) fn invitation_state(s: &InvitationState) -> String {
    match s {
        InvitationState::Active => "waiting".into(),
        InvitationState::Expired => "expired".into(),
        InvitationState::Other(s) => clean(s),
    }
}

/// How a door was opened or closed: the app's words, as its exports write them (one wording
/// for the screen, the files and the terminal).
pub(crate) fn client(c: &ClientKind) -> String {
    match c {
        ClientKind::Other(s) => clean(s),
        known => {
            lockdesk_archive::kind_label(lockdesk_archive::Language::En, known.as_service()).into()
        }
    }
}

fn pair(k: &str, v: impl Into<String>) -> (String, String) {
    (k.to_owned(), v.into())
}

// Profiles and sessions.

pub const PROFILE_HEADERS: [&str; 5] = ["NAME", "API", "BASE URL", "CLIENT ID", "SIGNED IN"];

pub fn profile_row(p: &ProfileView) -> Vec<String> {
    vec![
        p.name.clone(),
        api(p.api).to_owned(),
        p.base_url.clone(),
        p.client_id.clone(),
        yes_no(p.signed_in),
    ]
}

pub fn profile_added(p: &ProfileView) -> String {
    format!(
        "Added profile {0}; sign in with `lockctl --profile {0} login`",
        p.name
    )
}

pub fn profile_removed(name: &str) -> String {
    format!("Removed profile {name} and its keychain entries")
}

/// Renewed tokens the keychain refused: they were used for this run only.
pub fn sign_in_not_stored(profile: &str, reason: &str) -> String {
    format!(
        "warning: the renewed sign-in of profile {} could not be stored in the keychain ({}); it was used for this run only: once the keychain works, run `lockctl --profile {} login`",
        clean(profile),
        clean(reason),
        clean(profile)
    )
}

/// Revoking at the service failed before the profile was removed from this computer.
pub fn profile_not_revoked(message: &str, code: impl std::fmt::Display) -> String {
    format!(
        "warning: the service could not revoke its sign-in ({} [{code}]); it may stay valid there until revoked in the service's web console",
        clean(message)
    )
}

pub const PROXY_USER_PROMPT: &str = "Proxy user name:";
pub const PROXY_PASSWORD_PROMPT: &str = "Proxy password (not shown):";

/// What `proxy login` and `proxy logout` did.
pub fn proxy_login_done(view: &lockdesk_core::proxy::commands::ProxyCredentialsView) -> String {
    if view.kept {
        format!(
            "The proxy {} accepted the user name and password; they are kept in the OS keychain.",
            view.proxy
        )
    } else {
        format!(
            "The user name and password of the proxy {} are forgotten.",
            view.proxy
        )
    }
}

pub const SECRET_PROMPT: &str = "Client secret (one line, from the registration):";
pub const SIGN_IN_OPEN: &str = "Open this address in a browser and sign in with a manager account:";
pub const SIGN_IN_PASTE: &str =
    "Then paste the whole address the browser was sent to (it starts with the redirect URI):";

pub fn signed_in(s: &SignedInView) -> String {
    format!(
        "Signed in (profile {}); the access token is valid until {}{}",
        s.profile,
        s.expires_at.to_rfc3339(),
        if s.renewable {
            " and is renewed automatically"
        } else {
            ""
        }
    )
}

pub fn signed_out(s: &SignedOutView) -> String {
    if s.revoked {
        format!(
            "Profile {}: signed out; the service revoked the session",
            s.profile
        )
    } else {
        format!(
            "Profile {}: signed out; there was no valid session to revoke",
            s.profile
        )
    }
}

pub fn token(t: &TokenView, missing_scopes: &[String]) -> Vec<(String, String)> {
    vec![
        pair("profile", t.profile.clone()),
        pair("api", api(t.api)),
        pair("application_name", opt(&t.application_name)),
        pair("created_at", time(&t.created_at)),
        pair("expires_at", time(&t.expires_at)),
        pair("renewable", yes_no(t.renewable)),
        pair("missing_scopes", missing_scopes.join(", ")),
    ]
}

// Organizations.

pub const ORG_HEADERS: [&str; 3] = ["ID", "NAME", "CHOSEN"];

pub fn org_row(o: &OrganizationView, chosen: Option<&str>) -> Vec<String> {
    let mark = if chosen == Some(o.id.as_str()) {
        "*"
    } else {
        ""
    };
    vec![o.id.clone(), opt(&o.name), mark.to_owned()]
}

pub fn org_pairs(o: &OrganizationView) -> Vec<(String, String)> {
    vec![pair("id", o.id.clone()), pair("name", opt(&o.name))]
}

pub fn org_chosen(profile: &str, o: &OrganizationView) -> String {
    format!(
        "Profile {profile} now works on organization {}",
        clean(&o.id)
    )
}

// Locks.

pub const LOCK_HEADERS: [&str; 4] = ["ID", "MODEL", "NAME", "BATTERY"];

fn percent(p: Option<i32>) -> String {
    p.map(|b| format!("{b}%")).unwrap_or_default()
}

pub fn lock_row(l: &LockView) -> Vec<String> {
    vec![
        l.id.clone(),
        model(&l.model),
        if l.has_name {
            l.name.clone()
        } else {
            String::new()
        },
        percent(l.battery.as_ref().map(|b| b.percent)),
    ]
}

/// Every data member of a lock: its settings by their service names, devices by kind.
pub fn lock_pairs(l: &LockView) -> Vec<(String, String)> {
    let mut out = vec![
        pair("id", l.id.clone()),
        pair(
            "name",
            if l.has_name {
                l.name.clone()
            } else {
                String::new()
            },
        ),
        pair("model", model(&l.model)),
        pair("battery", percent(l.battery.as_ref().map(|b| b.percent))),
        pair("image_url", opt(&l.image_url)),
    ];
    out.extend(super::cells::object_pairs(&l.settings));
    for d in &l.devices {
        let mut v = vec![opt(&d.id)];
        if let Some(b) = &d.battery {
            v.push(format!("battery {}%", b.percent));
        }
        if let Some(n) = d.normal_volume {
            v.push(format!("volume {n}"));
        }
        if let Some(w) = d.warning_volume {
            v.push(format!("warning volume {w}"));
        }
        out.push(pair(device(&d.kind), v.join(", ")));
    }
    out
}

pub fn lock_renamed(l: &LockView) -> String {
    format!("Renamed lock {} to {}", clean(&l.id), clean(&l.name))
}

pub fn lock_image_set(r: &LocksSetImageResponse) -> String {
    let i = &r.image;
    let how = if r.image.resized {
        format!(
            "{} {}×{} uploaded as {} {}×{}",
            i.original.format,
            i.original.width,
            i.original.height,
            i.uploaded.format,
            i.uploaded.width,
            i.uploaded.height
        )
    } else {
        format!(
            "{} {}×{} uploaded as it is",
            i.uploaded.format, i.uploaded.width, i.uploaded.height
        )
    };
    format!("Image of lock {} set: {how}", clean(&r.lock.id))
}

pub fn lock_image_reset(l: &LockView) -> String {
    format!("Image of lock {} is now the default image", clean(&l.id))
}

// Lock groups and user groups.

pub const GROUP_HEADERS: [&str; 3] = ["ID", "NAME", "MEMO"];
pub const GROUP_LOCK_HEADERS: [&str; 2] = ["LOCK", "NAME"];
pub const GROUP_USER_HEADERS: [&str; 2] = ["USER", "NAME"];

pub fn lock_group_row(g: &LockGroupView) -> Vec<String> {
    vec![g.id.clone(), g.name.clone(), g.memo.clone()]
}

pub fn user_group_row(g: &UserGroupView) -> Vec<String> {
    vec![g.id.clone(), g.name.clone(), g.memo.clone()]
}

pub fn member_row(m: &MemberView) -> Vec<String> {
    vec![m.id.clone(), opt(&m.name)]
}

pub fn lock_group_deleted(id: &str) -> String {
    format!("Deleted lock group {id}")
}

// Users.

pub fn user_headers(dates: bool) -> Vec<&'static str> {
    let mut h = vec!["ID", "NAME", "MAIL", "AUTHORITY", "CODE"];
    if dates {
        h.extend(["CREATED", "UPDATED"]);
    }
    h
}

pub fn user_row(u: &UserView, dates: bool) -> Vec<String> {
    let mut row = vec![
        u.id.clone(),
        u.name.clone(),
        opt(&u.mail),
        opt(&u.authority.as_ref().map(role)),
        opt(&u.code),
    ];
    if dates {
        row.push(time(&u.created_at));
        row.push(time(&u.updated_at));
    }
    row
}

pub fn user_pairs(u: &UserView) -> Vec<(String, String)> {
    vec![
        pair("id", u.id.clone()),
        pair("name", u.name.clone()),
        pair("mail", opt(&u.mail)),
        pair("authority", opt(&u.authority.as_ref().map(role))),
        pair("code", opt(&u.code)),
        pair("image_url", opt(&u.image_url)),
        pair("ic_cards", u.ic_cards.join(", ")),
        pair("created_at", time(&u.created_at)),
        pair("updated_at", time(&u.updated_at)),
    ]
}

pub fn more_users(next: &str) -> String {
    format!("More users follow; --all lists every one (next page after {next})")
}

pub fn users_exported(count: u64) -> String {
    format!("{count} users written")
}

pub fn user_removed(id: &str) -> String {
    format!("Removed user {id} from the organization")
}

// Invitations.

pub const INVITATION_HEADERS: [&str; 7] = [
    "ID",
    "MAIL",
    "AUTHORITY",
    "CODE",
    "STATUS",
    "ISSUED",
    "EXPIRES",
];

pub fn invitation_row(i: &InvitationView) -> Vec<String> {
    vec![
        i.id.clone(),
        opt(&i.mail),
        opt(&i.authority.as_ref().map(role)),
        opt(&i.code),
        opt(&i.status.as_ref().map(invitation_state)),
        time(&i.issued_at),
        time(&i.expires_at),
    ]
}

pub fn invitation_sent(mail: &str) -> String {
    format!(
        "Invitation sent to {}; it stays active until accepted",
        clean(mail)
    )
}
