//! Who acts in the team's database: a computer (its id, kept for good, and its name) and the OS
//! user on it. The core makes it once per use-case; every claim, save and lease names it.

/// A computer of the team and the OS user acting on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Computer {
    pub id: String,
    pub name: String,
    pub os_user: String,
}
