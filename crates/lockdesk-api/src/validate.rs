//! Request rules from the spec, checked before anything is sent.

use crate::error::{Error, Result};

pub const LOCK_NAME_MAX_CHARS: usize = 50;
pub const LIST_LIMIT_MAX: u32 = 1000;
/// The longest e-mail address, in bytes (RFC 5321's path limit less the brackets).
pub const MAIL_MAX_BYTES: usize = 254;

pub fn lock_name(name: &str) -> Result<()> {
    let count = name.chars().count();
    if name.trim().is_empty() {
        return Err(Error::validation("lock_name", "the name is empty"));
    }
    if count > LOCK_NAME_MAX_CHARS {
        return Err(Error::validation(
            "lock_name",
            format!("{count} characters; a lock name has at most {LOCK_NAME_MAX_CHARS}"),
        ));
    }
    Ok(())
}

pub fn limit(limit: u32) -> Result<()> {
    if !(1..=LIST_LIMIT_MAX).contains(&limit) {
        return Err(Error::validation(
            "limit",
            format!("{limit} is outside 1 to {LIST_LIMIT_MAX}"),
        ));
    }
    Ok(())
}

/// A plausible address: one `@`, something before it, a dotted domain after, no spaces.
pub fn mail(field: &str, mail: &str) -> Result<()> {
    let ok = match mail.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !mail.chars().any(|c| c.is_whitespace() || c.is_control())
                && mail.len() <= MAIL_MAX_BYTES
        }
        None => false,
    };
    if ok {
        Ok(())
    } else {
        Err(Error::validation(
            field,
            format!("{mail:?} is not an e-mail address"),
        ))
    }
}

pub fn non_empty(field: &str, value: &str) -> Result<()> {
    if value.trim().is_empty() {
        return Err(Error::validation(field, "must not be empty"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_name_counts_characters_not_bytes() {
        assert!(lock_name(&"鍵".repeat(50)).is_ok());
        assert!(lock_name(&"鍵".repeat(51)).is_err());
        assert!(lock_name("  ").is_err());
    }

    #[test]
    fn limits_and_mail() {
        assert!(limit(0).is_err());
        assert!(limit(1).is_ok());
        assert!(limit(1000).is_ok());
        assert!(limit(1001).is_err());
        assert!(mail("user_mail", "a@b.co").is_ok());
        for bad in ["", "a", "a@b", "@b.co", "a b@c.co", "a@@b.co", "a@.co"] {
            assert!(mail("user_mail", bad).is_err(), "{bad}");
        }
    }
}
