//! The whole simulated service state, kept behind one `Mutex`.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Serialize;

use super::clock::Clock;
use super::faults::Faults;

/// Shared handle used by every route.
pub type Sim = Arc<Shared>;

pub struct Shared {
    state: Mutex<State>,
}

impl Shared {
    pub fn new(state: State) -> Self {
        Self {
            state: Mutex::new(state),
        }
    }
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Options the state is generated from (a copy of the relevant `SimOptions`).
#[derive(Debug, Clone)]
pub struct Seed {
    pub seed: u64,
    pub history_records: usize,
    pub users: usize,
    /// Locks of the first organization; `None`: the demo's 32 named doors.
    pub locks: Option<usize>,
    /// Open invitations of the first organization.
    pub invitations: usize,
    /// History shaped like an office's weeks instead of spread evenly over the year.
    pub office_week: bool,
    pub v2_rate_limit: u32,
    pub v2_rate_window: std::time::Duration,
}

/// Toggles changed through `POST /_sim/config`.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Config {
    pub revoke_access_on_reissue: bool,
    pub max_locks_per_group: usize,
    pub v2_max_limit: u32,
    pub v2_rate_limit: u32,
    pub v2_rate_window_seconds: f64,
    pub max_active_invitations: usize,
}

impl Config {
    pub fn from_seed(seed: &Seed) -> Self {
        Self {
            revoke_access_on_reissue: false,
            max_locks_per_group: 100,
            v2_max_limit: 100,
            v2_rate_limit: seed.v2_rate_limit,
            v2_rate_window_seconds: seed.v2_rate_window.as_secs_f64(),
            max_active_invitations: 500,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Authority {
    Member,
    Manager,
    SuperManager,
}

impl Authority {
    pub fn as_str(self) -> &'static str {
        match self {
            Authority::Member => "member",
            Authority::Manager => "manager",
            Authority::SuperManager => "super_manager",
        }
    }
    /// Values accepted as input (`manager`, `member`).
    pub fn parse_input(s: &str) -> Option<Self> {
        match s {
            "manager" => Some(Authority::Manager),
            "member" => Some(Authority::Member),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    V3,
    V2,
}

impl Api {
    pub fn as_str(self) -> &'static str {
        match self {
            Api::V3 => "v3",
            Api::V2 => "v2",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Client {
    pub api: Api,
    pub name: String,
    pub client_id: String,
    pub client_secret: String,
    pub redirect_uri: String,
    pub scopes: Vec<String>,
}

/// A person known to the service. Accounts (who can log in) have a password.
#[derive(Debug, Clone)]
pub struct User {
    pub id: String,
    pub name: String,
    pub mail: Option<String>,
    pub image_url: Option<String>,
    pub password: Option<String>,
    pub nfcs: Vec<(String, String)>,
    pub deleted: bool,
}

/// Membership of a user in an organization.
#[derive(Debug, Clone)]
pub struct Member {
    pub user_id: String,
    pub authority: Authority,
    pub code: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Schedule {
    pub days_of_week: Vec<u8>,
    pub start_time: String,
    pub end_time: String,
    pub is_holiday_enabled: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Button1 {
    pub enabled: bool,
    pub days_of_week: Vec<u8>,
    pub start_time: String,
    pub end_time: String,
    pub holiday_enabled: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct LockRemote {
    pub id: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Device {
    pub id: String,
    pub battery_percentage: u8,
}

/// A lock, serialized exactly as the service's Lock object.
#[derive(Debug, Clone, Serialize)]
pub struct Lock {
    pub id: String,
    pub model: String,
    pub name: String,
    pub image_url: Option<String>,
    pub autolock: bool,
    pub seconds_till_autolock: Option<u32>,
    pub autolock_off_schedule: Option<Schedule>,
    pub open_door_alert: Option<bool>,
    pub open_door_alert_second: Option<u32>,
    pub push_button: Option<bool>,
    pub normal_sound_volume: Option<u8>,
    pub alert_sound_volume: Option<u8>,
    pub battery_percentage: Option<u8>,
    pub lock_type: Option<String>,
    pub unlock_signal_duration: Option<u32>,
    pub button1: Option<Button1>,
    pub lock_remote: LockRemote,
    pub nfc_reader_inside: Device,
    pub npin_normal_sound_volume: Option<u8>,
    pub npin_warning_sound_volume: Option<u8>,
    pub nfc_reader_outside: Device,
    pub npout_normal_sound_volume: Option<u8>,
    pub npout_warning_sound_volume: Option<u8>,
    pub door_sensor: Option<Device>,
    #[serde(skip)]
    pub org_id: String,
}

/// A lock group or a user group; its members are lock ids or user ids.
#[derive(Debug, Clone)]
pub struct Group {
    pub id: String,
    pub name: String,
    pub memo: String,
    pub member_ids: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Invitation {
    pub id: String,
    pub mail: String,
    pub authority: Authority,
    pub code: Option<String>,
    pub issued_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub accepted: bool,
}

#[derive(Debug, Clone)]
pub struct Org {
    pub id: String,
    pub name: String,
    pub lock_ids: Vec<String>,
    pub members: Vec<Member>,
    pub lock_groups: Vec<Group>,
    pub user_groups: Vec<Group>,
    pub invitations: Vec<Invitation>,
}

impl Org {
    pub fn member(&self, user_id: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.user_id == user_id)
    }
}

/// One v2 entry/exit record.
#[derive(Debug, Clone)]
pub struct Access {
    pub at: DateTime<Utc>,
    pub is_locked: bool,
    pub client_type: u8,
    /// Shared, not copied per record: a big office's history holds millions.
    pub user_id: Option<std::sync::Arc<str>>,
}

pub const CLIENT_TYPES: [&str; 7] = [
    "mobile_app",
    "manager",
    "nfc_outside",
    "nfc_inside",
    "autolock",
    "hand",
    "button",
];

#[derive(Debug, Clone)]
pub struct AuthCode {
    pub client_id: String,
    pub redirect_uri: String,
    pub user_id: String,
    pub expires_at: DateTime<Utc>,
    /// The PKCE S256 challenge of the authorization request, if it carried one.
    pub code_challenge: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Token {
    pub access: String,
    pub refresh: Option<String>,
    pub client_id: String,
    pub user_id: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The access token no longer works.
    pub access_revoked: bool,
    /// The refresh token no longer works (rotated or revoked).
    pub refresh_revoked: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Mail {
    pub to: String,
    pub organization_id: String,
    pub invitation_id: String,
    pub subject: String,
    pub sent_at: String,
}

#[derive(Debug, Clone)]
pub struct Image {
    pub content_type: &'static str,
    pub bytes: bytes::Bytes,
}

pub struct State {
    pub seed: Seed,
    pub base_url: String,
    pub clock: Clock,
    pub config: Config,
    pub faults: Faults,
    pub fault_rng: StdRng,
    /// Runtime ids (deterministic from the seed).
    pub rng: StdRng,
    pub clients: Vec<Client>,
    pub users: BTreeMap<String, User>,
    pub orgs: Vec<Org>,
    pub locks: BTreeMap<String, Lock>,
    /// Records per lock, oldest first.
    pub history: HashMap<String, Vec<Access>>,
    pub codes: HashMap<String, AuthCode>,
    pub tokens: Vec<Token>,
    pub by_access: HashMap<String, usize>,
    pub by_refresh: HashMap<String, usize>,
    /// Scopes switched off per account (user id).
    pub disabled_scopes: HashMap<String, BTreeSet<String>>,
    pub outbox: Vec<Mail>,
    pub images: HashMap<String, Image>,
    /// v2 request times per token, oldest first.
    pub v2_hits: HashMap<String, VecDeque<DateTime<Utc>>>,
    pub image_counter: u64,
}

impl State {
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    pub fn org_index(&self, org_id: &str) -> Option<usize> {
        self.orgs.iter().position(|o| o.id == org_id)
    }

    pub fn user(&self, id: &str) -> Option<&User> {
        self.users.get(id).filter(|u| !u.deleted)
    }

    pub fn user_by_mail(&self, mail: &str) -> Option<&User> {
        self.users
            .values()
            .find(|u| !u.deleted && u.mail.as_deref() == Some(mail))
    }

    /// Brand-new empty state; `demo::populate` fills it.
    pub fn empty(seed: Seed, base_url: String, clock: Clock) -> Self {
        let config = Config::from_seed(&seed);
        Self {
            rng: StdRng::seed_from_u64(seed.seed ^ 0x5eed_0001),
            fault_rng: StdRng::seed_from_u64(seed.seed ^ 0xfa17),
            seed,
            base_url,
            clock,
            config,
            faults: Faults::default(),
            clients: Vec::new(),
            users: BTreeMap::new(),
            orgs: Vec::new(),
            locks: BTreeMap::new(),
            history: HashMap::new(),
            codes: HashMap::new(),
            tokens: Vec::new(),
            by_access: HashMap::new(),
            by_refresh: HashMap::new(),
            disabled_scopes: HashMap::new(),
            outbox: Vec::new(),
            images: HashMap::new(),
            v2_hits: HashMap::new(),
            image_counter: 0,
        }
    }
}
