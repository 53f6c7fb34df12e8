//! The argument of commands that take none and the answer of commands with nothing to say
//! beyond success: shared by every use-case, so in a file of their own.

use serde::{Deserialize, Serialize};

/// The arguments of a command that takes none (`{}`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NoArgs {}

/// The answer of a command that has nothing to say beyond success.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Done {
    pub ok: bool,
}

impl Done {
    pub fn ok() -> Done {
        Done { ok: true }
    }
}
