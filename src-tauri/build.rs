//! Tauri's build step, with an app manifest listing every command, so each gets an
//! `allow-<command>` permission and only the capabilities in `src-tauri/capabilities/` grant
//! them (the sign-in window has none). The command lists are read from `lockdesk_commands!`
//! and `lockdesk_desktop_commands!` in lockdesk-core, the one place they are written.

fn commands() -> Vec<String> {
    let path = "crates/lockdesk-core/src/app/mod.rs";
    println!("cargo:rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).expect("read the command list");
    // Each list is the body of a `$callback! {` line, one `name(Request) -> Response;` a line.
    let mut names = Vec::new();
    let mut lists = 0;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "$callback! {" {
            continue;
        }
        lists += 1;
        names.extend(
            lines
                .by_ref()
                .take_while(|l| !l.trim().starts_with('}'))
                .filter_map(|l| l.trim().split('(').next().map(str::to_owned))
                .filter(|n| !n.is_empty()),
        );
    }
    assert_eq!(
        lists, 2,
        "lockdesk_commands! and lockdesk_desktop_commands!"
    );
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
