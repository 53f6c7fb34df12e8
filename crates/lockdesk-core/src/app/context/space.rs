//! One space the app works in: a core [`Context`] (where profiles live, the keychain, the
//! clock) with the state that belongs to it. The user's own connections are one space; "Try
//! the demo" is another, thrown away when the demo is left (see `demo.rs`).

use std::sync::Arc;

use crate::core_context::Context;
use crate::history::state::HistoryState;
use crate::images::cache::Images;

use crate::app::context::learned::Learned;
use crate::app::context::sessions::Sessions;

pub(crate) struct Space {
    pub(crate) core: Arc<Context>,
    pub(crate) sessions: Sessions,
    pub(crate) learned: Learned,
    pub(crate) history: HistoryState,
    pub(crate) images: Images,
}

impl Space {
    pub(crate) fn new(core: Context) -> Space {
        Space {
            core: Arc::new(core),
            sessions: Sessions::default(),
            learned: Learned::default(),
            history: HistoryState::default(),
            images: Images::default(),
        }
    }
}
