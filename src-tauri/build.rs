//! Tauri's build step, with an app manifest listing every command, so each gets an
//! `allow-<command>` permission and only the capabilities in `src-tauri/capabilities/` grant
//! them (the sign-in window has none). The command list is read from `lockdesk_commands!` in
//! lockdesk-core, the one place it is written.

const DESKTOP_ONLY: &[&str] = &["sign_in_window_open", "sign_in_window_close"];

fn commands() -> Vec<String> {
    let path = "crates/lockdesk-core/src/app/mod.rs";
    println!("cargo:rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).expect("read the command list");
    let start = text
        .find("$callback! {")
        .expect("lockdesk_commands! in lockdesk-core");
    let mut names: Vec<String> = text[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().starts_with('}'))
        .filter_map(|l| l.trim().split('(').next().map(str::to_owned))
        .filter(|n| !n.is_empty())
        .collect();
    names.extend(DESKTOP_ONLY.iter().map(|s| s.to_string()));
    names
}

fn main() {
    let names = commands();
    let refs: Vec<&'static str> = names
        .into_iter()
        .map(|s| &*Box::leak(s.into_boxed_str()))
        .collect();
    let refs: &'static [&'static str] = Box::leak(refs.into_boxed_slice());
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .capabilities_path_pattern("./src-tauri/capabilities/**/*")
            .app_manifest(tauri_build::AppManifest::new().commands(refs)),
    )
    .expect("failed to run tauri-build");
}
