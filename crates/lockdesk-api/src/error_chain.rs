//! The innermost cause of a failure, for messages: kept apart so that both the request errors
//! and the proxy script's fetch use it without importing each other.

/// The innermost cause ("Connection refused (os error 111)"), which says more than reqwest's
/// "error sending request".
pub(crate) fn root_cause(err: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = err;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}
