//! Integration tests of lockdesk-core: one binary, one module per subject.

mod keychain;
mod profiles;
mod sign_in;
mod support;
