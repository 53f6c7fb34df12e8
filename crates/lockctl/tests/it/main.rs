//! Integration tests of lockctl: `lockctl::run` driven like a user, against the in-process
//! simulator, with a temporary config dir and a memory keychain.

mod flow;
mod history;
mod import;
mod import_excel;
mod parity;
mod support;
mod terminal;
