// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    // The program's first statement: no other thread runs yet to read the environment.
    #[cfg(target_os = "linux")]
    lockdesk_app::desktop::without_compositing();
    lockdesk_app::run();
}
