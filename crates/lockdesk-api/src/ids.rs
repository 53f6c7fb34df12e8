//! Typed identifiers. Each checks the shape the spec documents, so a malformed id is refused
//! before a request is sent. Ids stay strings: the service's ids are not numbers.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// `<prefix>-<5>-<5>...` with `groups` alphanumeric chunks of five characters.
fn has_shape(value: &str, prefix: &str, groups: usize) -> bool {
    let Some(rest) = value.strip_prefix(prefix).and_then(|r| r.strip_prefix('-')) else {
        return false;
    };
    let chunks: Vec<&str> = rest.split('-').collect();
    chunks.len() == groups
        && chunks
            .iter()
            .all(|c| c.len() == 5 && c.chars().all(|ch| ch.is_ascii_alphanumeric()))
}

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident, $field:literal, $check:expr, $shape:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// Checks the documented shape.
            pub fn parse(value: impl Into<String>) -> Result<Self> {
                let value = value.into();
                let check: fn(&str) -> bool = $check;
                if check(&value) {
                    Ok(Self(value))
                } else {
                    Err(Error::validation(
                        $field,
                        format!("{value:?} is not a valid id; expected {}", $shape),
                    ))
                }
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::str::FromStr for $name {
            type Err = Error;
            fn from_str(s: &str) -> Result<Self> {
                Self::parse(s)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }
    };
}

typed_id!(
    /// `O-xxxxx-xxxxx`
    OrganizationId, "organization_id", |v| has_shape(v, "O", 2), "O-xxxxx-xxxxx"
);
typed_id!(
    /// `AG-xxxxx-xxxxx-xxxxx`
    LockGroupId, "lock_group_id", |v| has_shape(v, "AG", 3), "AG-xxxxx-xxxxx-xxxxx"
);
typed_id!(
    /// `U-xxxxx-xxxxx`
    UserId, "user_id", |v| has_shape(v, "U", 2), "U-xxxxx-xxxxx"
);
typed_id!(
    /// `UI-xxxxx-xxxxx-xxxxx`
    InvitationId, "invitation_id", |v| has_shape(v, "UI", 3), "UI-xxxxx-xxxxx-xxxxx"
);
typed_id!(
    /// `UG-xxxxx-xxxxx-xxxxx`
    UserGroupId, "user_group_id", |v| has_shape(v, "UG", 3), "UG-xxxxx-xxxxx-xxxxx"
);
typed_id!(
    /// Begins with `A` (Pro) or `R` (Ctl) followed by letters or digits.
    LockId, "lock_id",
    |v| v.len() >= 2
        && (v.starts_with('A') || v.starts_with('R'))
        && v.chars().all(|c| c.is_ascii_alphanumeric()),
    "an id starting with A (Pro) or R (Ctl)"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_checked() {
        assert!(OrganizationId::parse("O-abc12-XYZ99").is_ok());
        assert!(OrganizationId::parse("O-abc12").is_err());
        assert!(OrganizationId::parse("U-abc12-XYZ99").is_err());
        assert!(LockGroupId::parse("AG-aaaaa-bbbbb-ccccc").is_ok());
        assert!(LockGroupId::parse("AG-aaaaa-bbbbb-cccc").is_err());
        assert!(UserId::parse("U-aaaaa-bbbbb").is_ok());
        assert!(UserId::parse("U-aaaaa-bbb!b").is_err());
        assert!(InvitationId::parse("UI-aaaaa-bbbbb-ccccc").is_ok());
        assert!(UserGroupId::parse("UG-aaaaa-bbbbb-ccccc").is_ok());
        assert!(UserGroupId::parse("AG-aaaaa-bbbbb-ccccc").is_err());
        assert!(LockId::parse("A1234567").is_ok());
        assert!(LockId::parse("R12ABCDE").is_ok());
        assert!(LockId::parse("B1234567").is_err());
        assert!(LockId::parse("A").is_err());
        assert!(LockId::parse("A12/../x").is_err());
    }

    #[test]
    fn error_names_the_field() {
        let err = UserId::parse("nope").unwrap_err();
        assert_eq!(err.code(), "validation");
        assert!(err.to_string().starts_with("user_id:"), "{err}");
    }
}
