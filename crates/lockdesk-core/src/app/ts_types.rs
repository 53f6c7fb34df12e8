//! TypeScript types for the UI, generated from the Rust request/response structs (ts-rs, feature
//! `ts`) into `ui/src/lib/backend/types/`, plus `commands.ts` (command name → request/response
//! types, limits, operations, event names) and `index.ts`. The generated files are committed;
//! the test below fails when they drift from Rust. Regenerate with `scripts/gen-types`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use lockdesk_commands::shell::{
    FileDropEvent, OpenScreenEvent, FILE_DROP_EVENT, OPEN_SCREEN_EVENT, SIGN_IN_FINISHED_EVENT,
    UPDATE_STATUS_EVENT,
};
use ts_rs::TS;

use crate::error::ErrorPayload;
use crate::sessions::commands::SignInFinishedEvent;
use lockdesk_commands::{COMMANDS, DESKTOP_COMMANDS};

/// The folder the UI reads the types from.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/lib/backend/types")
}

fn config(dir: &Path) -> ts_rs::Config {
    ts_rs::Config::new()
        .with_out_dir(dir)
        .with_large_int("number")
}

/// Writes every type of the contract into `dir` (which should be empty or generated).
pub fn export_types(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let cfg = config(dir);
    let err = |e: ts_rs::ExportError| e.to_string();
    crate::app::dispatch::export_command_types(&cfg).map_err(err)?;
    crate::app::dispatch::export_desktop_command_types(&cfg).map_err(err)?;
    ErrorPayload::export_all(&cfg).map_err(err)?;
    SignInFinishedEvent::export_all(&cfg).map_err(err)?;
    FileDropEvent::export_all(&cfg).map_err(err)?;
    OpenScreenEvent::export_all(&cfg).map_err(err)?;

    let header = "// Generated from Rust by lockdesk-core (app::ts_types). Do not edit; run scripts/gen-types.\n";
    let commands_ts = crate::app::dispatch::command_ts_names(&cfg);
    let desktop_ts = crate::app::dispatch::desktop_command_ts_names(&cfg);
    // Every type a command names, generic arguments included (`JobView<InviteResult>`).
    let mut types: Vec<&str> = commands_ts
        .iter()
        .chain(desktop_ts.iter())
        .flat_map(|(_, req, resp)| [req.as_str(), resp.as_str()])
        .flat_map(|name| name.split(|c: char| !c.is_ascii_alphanumeric() && c != '_'))
        .filter(|t| t.starts_with(|c: char| c.is_ascii_uppercase()))
        .collect();
    types.sort_unstable();
    types.dedup();
    if !types.contains(&"Operation") {
        types.push("Operation");
        types.sort_unstable();
    }
    let mut commands = String::from(header);
    for t in &types {
        commands.push_str(&format!("import type {{ {t} }} from \"./{t}\";\n"));
    }
    commands.push_str("\n/** Every command: its request (arguments) and response types. */\nexport type Commands = {\n");
    for (name, req, resp) in &commands_ts {
        commands.push_str(&format!("  {name}: {{ req: {req}; res: {resp} }};\n"));
    }
    commands.push_str("};\n\nexport type CommandName = keyof Commands;\n\n");
    commands.push_str("export const COMMAND_NAMES: CommandName[] = [\n");
    for name in COMMANDS {
        commands.push_str(&format!("  \"{name}\",\n"));
    }
    commands.push_str("];\n\n");
    commands.push_str("/** Commands only the desktop shell has (a window or a native dialog); the test host answers them with `unknown_command`. */\nexport type DesktopCommands = {\n");
    for (name, req, resp) in &desktop_ts {
        commands.push_str(&format!("  {name}: {{ req: {req}; res: {resp} }};\n"));
    }
    commands.push_str("};\n\nexport type DesktopCommandName = keyof DesktopCommands;\n\n");
    commands.push_str("export const DESKTOP_COMMAND_NAMES: DesktopCommandName[] = [\n");
    for name in DESKTOP_COMMANDS {
        commands.push_str(&format!("  \"{name}\",\n"));
    }
    commands.push_str("];\n\n");
    commands.push_str(&limits_ts());
    commands.push_str("/** Every operation of the journal, in the command table's order. */\nexport const OPERATIONS: Operation[] = [\n");
    for op in crate::journal::Operation::ALL {
        commands.push_str(&format!("  \"{}\",\n", op.as_str()));
    }
    commands.push_str("];\n\n");
    commands.push_str(&format!(
        "/** Desktop events (listen with @tauri-apps/api/event). */\nexport const SIGN_IN_FINISHED_EVENT = \"{SIGN_IN_FINISHED_EVENT}\";\nexport const FILE_DROP_EVENT = \"{FILE_DROP_EVENT}\";\nexport const OPEN_SCREEN_EVENT = \"{OPEN_SCREEN_EVENT}\";\nexport const UPDATE_STATUS_EVENT = \"{UPDATE_STATUS_EVENT}\";\n"
    ));
    std::fs::write(dir.join("commands.ts"), commands).map_err(|e| e.to_string())?;

    let mut index = String::from(header);
    let files = list(dir)?;
    for rel in files.keys() {
        if rel == "index.ts" || rel == "commands.ts" {
            continue;
        }
        let module = rel.trim_end_matches(".ts");
        let name = module.rsplit('/').next().unwrap_or(module);
        index.push_str(&format!("export type {{ {name} }} from \"./{module}\";\n"));
    }
    index.push_str("export * from \"./commands\";\n");
    std::fs::write(dir.join("index.ts"), index).map_err(|e| e.to_string())?;
    Ok(())
}

/// The limits the core enforces, for the UI to check as the person types: written from the
/// Rust constants, never copied by hand.
fn limits_ts() -> String {
    use crate::watch::settings as watch;
    use lockdesk_api::validate::{LIST_LIMIT_MAX, LOCK_NAME_MAX_CHARS, MAIL_MAX_BYTES};
    let keep = crate::journal::KEEP_DAYS;
    let limits: [(&str, i64, &str); 18] = [
        (
            "watch_interval_min",
            watch::INTERVAL_MINUTES.0,
            "minutes between watch rounds, at least",
        ),
        (
            "watch_interval_max",
            watch::INTERVAL_MINUTES.1,
            "minutes between watch rounds, at most",
        ),
        (
            "watch_threshold_min",
            watch::THRESHOLD_PERCENT.0,
            "low-battery threshold, at least",
        ),
        (
            "watch_threshold_max",
            watch::THRESHOLD_PERCENT.1,
            "low-battery threshold, at most",
        ),
        (
            "watch_unlocked_min",
            watch::UNLOCKED_MINUTES.0,
            "minutes left unlocked, at least",
        ),
        (
            "watch_unlocked_max",
            watch::UNLOCKED_MINUTES.1,
            "minutes left unlocked, at most",
        ),
        (
            "watch_silent_days_min",
            watch::SILENT_DAYS.0,
            "days of silence, at least",
        ),
        (
            "watch_silent_days_max",
            watch::SILENT_DAYS.1,
            "days of silence, at most",
        ),
        (
            "watch_listed_users_max",
            watch::LISTED_USERS_MAX as i64,
            "users the watcher lists",
        ),
        (
            "lock_name_max_chars",
            LOCK_NAME_MAX_CHARS as i64,
            "characters of a lock name",
        ),
        (
            "list_limit_max",
            i64::from(LIST_LIMIT_MAX),
            "items per page of a service list",
        ),
        (
            "mail_max_bytes",
            MAIL_MAX_BYTES as i64,
            "bytes of an e-mail address",
        ),
        (
            "csv_max_bytes",
            crate::invitations::MAX_CSV_BYTES as i64,
            "bytes of a bulk invitation file",
        ),
        (
            "csv_max_rows",
            i64::from(crate::invitations::MAX_CSV_ROWS),
            "rows of a bulk invitation file",
        ),
        (
            "image_max_source_bytes",
            crate::images::upload::MAX_SOURCE_BYTES as i64,
            "bytes of a lock image file before it is reduced",
        ),
        (
            "invitation_limit",
            i64::from(crate::invitations::INVITATION_LIMIT),
            "invitations active at once per organization",
        ),
        (
            "journal_keep_days_min",
            i64::from(*keep.start()),
            "days the journal keeps, at least",
        ),
        (
            "journal_keep_days_max",
            i64::from(*keep.end()),
            "days the journal keeps, at most",
        ),
    ];
    let mut out = String::from(
        "/** Limits the core enforces, for checking as the person types (from the Rust constants). */\nexport const LIMITS = {\n",
    );
    for (name, value, what) in limits {
        out.push_str(&format!("  /** {what} */\n  {name}: {value},\n"));
    }
    out.push_str("} as const;\n\n");
    out
}

/// Relative path → content of every `.ts` file under `dir`.
pub fn list(dir: &Path) -> Result<BTreeMap<String, String>, String> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, String>) -> Result<(), String> {
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(format!("{}: {e}", dir.display())),
        };
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                walk(base, &path, out)?;
            } else if path.extension().is_some_and(|e| e == "ts") {
                let rel = path
                    .strip_prefix(base)
                    .map_err(|e| e.to_string())?
                    .to_string_lossy()
                    .replace('\\', "/");
                let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
                out.insert(rel, text.replace("\r\n", "\n"));
            }
        }
        Ok(())
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails when the committed TypeScript types differ from what Rust generates now. With
    /// `LOCKDESK_UPDATE_TYPES=1` it rewrites them instead (that is what scripts/gen-types does).
    #[test]
    fn committed_ts_types_match_rust() {
        let tmp = std::env::temp_dir().join(format!("lockdesk-ts-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        export_types(&tmp).unwrap();
        let fresh = list(&tmp).unwrap();
        let _ = std::fs::remove_dir_all(&tmp);
        let dir = default_dir();
        if std::env::var_os("LOCKDESK_UPDATE_TYPES").is_some() {
            let _ = std::fs::remove_dir_all(&dir);
            export_types(&dir).unwrap();
            return;
        }
        let committed = list(&dir).unwrap();
        let missing: Vec<_> = fresh
            .keys()
            .filter(|k| !committed.contains_key(*k))
            .collect();
        let stale: Vec<_> = committed
            .keys()
            .filter(|k| !fresh.contains_key(*k))
            .collect();
        let changed: Vec<_> = fresh
            .iter()
            .filter(|(k, v)| committed.get(*k).is_some_and(|c| c != *v))
            .map(|(k, _)| k)
            .collect();
        assert!(
            missing.is_empty() && stale.is_empty() && changed.is_empty(),
            "ui/src/lib/backend/types is out of date (missing {missing:?}, stale {stale:?}, changed {changed:?}); run scripts/gen-types and commit the result"
        );
    }

    #[test]
    fn command_names_are_unique_and_snake_case() {
        let all: Vec<_> = COMMANDS.iter().chain(DESKTOP_COMMANDS).collect();
        let mut names = all.clone();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            all.len(),
            "a desktop command repeats a core one"
        );
        assert!(all
            .iter()
            .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
    }
}
