//! What a running write command notes about its target beside its request's fields (an old
//! value, how a lost answer was settled): kept here, apart from the journal's wrappers in
//! `journaled.rs`, because the use-cases those wrappers call write the notes.

use std::cell::RefCell;

use crate::journal::FieldChange;

tokio::task_local! {
    /// What the running write command noted about its target, beside its request's fields.
    pub(crate) static NOTES: RefCell<Vec<FieldChange>>;
}

fn note(field: &str, old: Option<String>, new: Option<String>) {
    let change = FieldChange {
        field: field.to_owned(),
        old,
        new,
    };
    let _ = NOTES.try_with(|v| v.borrow_mut().push(change));
}

/// Notes the value `field` had before the change the running write command makes (a no-op
/// outside one).
pub(crate) fn note_old(field: &str, old: impl Into<String>) {
    note(field, Some(old.into()), None);
}

/// Notes a value the request did not carry (how the change was confirmed).
pub(crate) fn note_change(field: &str, new: impl Into<String>) {
    note(field, None, Some(new.into()));
}
