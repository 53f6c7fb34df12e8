//! An empty Tauri 2 window showing one static page: the baseline for Lockdesk's `.deb`, binary
//! and idle-memory measurements (`crates/lockdesk-idlebench/measure`).

// No console window on Windows release builds, as the app.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    tauri::Builder::default()
        .run(tauri::generate_context!())
        .expect("error while running the empty app");
}
