//! How view models are made: what a screen or a command's output shows, as data. Enums,
//! numbers, times and schedules, never interface text: the UI words them in its screens'
//! catalogues (English and Japanese) and lockctl in its output module. A value the service sends
//! that the app does not know is kept as it came (`{"kind": "other", "value": …}`), so no front
//! end loses it. Each domain keeps its own views (`locks::view`, `users::view`, …).

/// Clamps a service integer into the `i32` the views carry.
pub(crate) fn int(v: Option<i64>) -> Option<i32> {
    v.map(|v| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32)
}
