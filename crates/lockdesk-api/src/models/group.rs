use serde::{Deserialize, Serialize};

/// A group and the summary of its members; the two kinds differ only in the members' key.
/// (A missing `Option` field reads as `None` without `#[serde(default)]`.)
macro_rules! group_model {
    ($(#[$doc:meta])* $group:ident { $members:ident: $member:ident }) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub struct $group {
            pub id: String,
            pub name: Option<String>,
            pub memo: Option<String>,
            pub $members: Option<Vec<$member>>,
        }

        /// A member as the group's answers list it.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub struct $member {
            pub id: String,
            pub name: Option<String>,
            pub image_url: Option<String>,
        }
    };
}

group_model!(
    /// A lock group; `locks` in detail and membership answers only.
    LockGroup { locks: LockSummary }
);
group_model!(
    /// A user group; `users` in detail answers only.
    UserGroup { users: UserSummary }
);
