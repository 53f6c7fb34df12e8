//! Domain state and rules of the simulated service. No HTTP here.

pub mod clock;
pub mod demo;
pub mod error;
pub mod faults;
pub mod groups;
pub mod history;
pub mod ids;
pub mod images;
pub mod invitations;
pub mod lock_groups;
pub mod locks;
pub mod oauth;
pub mod orgs;
pub mod paging;
pub mod pkce;
pub mod state;
pub mod users;

pub use error::{Result, SimError};
pub use state::{Sim, State};

impl State {
    /// The seeded demo state.
    pub fn build(seed: state::Seed, base_url: String, clock: clock::Clock) -> Self {
        let mut s = State::empty(seed, base_url, clock);
        demo::populate(&mut s);
        s
    }

    /// Back to the seeded demo state: same client credentials (registered clients are kept),
    /// outbox, tokens, faults and config cleared, clock offset kept.
    pub fn reset(&mut self) {
        let mut fresh = State::empty(self.seed.clone(), self.base_url.clone(), self.clock.clone());
        fresh.clients = std::mem::take(&mut self.clients);
        demo::populate(&mut fresh);
        *self = fresh;
    }
}
