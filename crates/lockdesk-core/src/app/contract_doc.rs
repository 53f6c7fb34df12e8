//! The generated parts of `docs/app-contract.md`: the command tables (each command with its
//! kind, request and response) from the command table, and the error codes by category from
//! [`ErrorCode`]. Each part sits between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`;
//! the prose around them is written by hand. The test fails when the committed document
//! differs from what the code says; `scripts/gen-types` rewrites the parts.

use std::path::PathBuf;

use lockdesk_commands::{command_kinds, CommandKind};

use crate::error::{ErrorCategory, ErrorCode};

/// `docs/app-contract.md` of this checkout.
pub fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/app-contract.md")
}

fn kind_word(kind: CommandKind) -> &'static str {
    match kind {
        CommandKind::Read => "read",
        CommandKind::Local => "local",
        CommandKind::Write => "write (journaled)",
    }
}

fn commands_table(types: &[(&str, &str, &str)]) -> String {
    let kinds = command_kinds();
    let mut out = String::from("| command | kind | request | response |\n|---|---|---|---|\n");
    for (name, req, resp) in types {
        let kind = kinds
            .iter()
            .find(|(n, _)| n == name)
            .map_or("?", |(_, k)| kind_word(*k));
        out.push_str(&format!("| `{name}` | {kind} | `{req}` | `{resp}` |\n"));
    }
    out
}

pub(crate) fn category_name(category: ErrorCategory) -> String {
    serde_json::to_value(category)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The categories in the order their first code is declared.
pub(crate) fn categories() -> Vec<ErrorCategory> {
    let mut out: Vec<ErrorCategory> = Vec::new();
    for code in ErrorCode::ALL {
        if !out.contains(&code.category()) {
            out.push(code.category());
        }
    }
    out
}

fn errors_table() -> String {
    let mut out = String::from("| category | codes |\n|---|---|\n");
    for category in categories() {
        let codes: Vec<String> = ErrorCode::ALL
            .iter()
            .filter(|c| c.category() == category)
            .map(|c| format!("`{}`", c.as_str()))
            .collect();
        out.push_str(&format!(
            "| `{}` | {} |\n",
            category_name(category),
            codes.join(", ")
        ));
    }
    out
}

/// Every generated part by name.
fn parts() -> Vec<(&'static str, String)> {
    vec![
        (
            "commands",
            commands_table(&crate::app::dispatch::command_types()),
        ),
        (
            "desktop-commands",
            commands_table(&crate::app::dispatch::desktop_command_types()),
        ),
        ("error-codes", errors_table()),
    ]
}

/// `doc` with every generated part written anew; an error names a part whose markers are
/// missing.
pub fn render(doc: &str) -> Result<String, String> {
    let mut out = doc.to_owned();
    for (name, content) in parts() {
        let open = format!("<!-- generated:{name} -->\n");
        let close = format!("<!-- /generated:{name} -->");
        let start = out
            .find(&open)
            .ok_or_else(|| format!("no {open:?} in the contract"))?
            + open.len();
        let end = out[start..]
            .find(&close)
            .ok_or_else(|| format!("no {close:?} after {open:?}"))?
            + start;
        out.replace_range(start..end, &content);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails when the committed contract's generated parts differ from the code. With
    /// `LOCKDESK_UPDATE_TYPES=1` it rewrites them instead (scripts/gen-types).
    #[test]
    fn the_committed_contract_matches_the_command_table_and_the_error_codes() {
        let committed = std::fs::read_to_string(path()).unwrap();
        let fresh = render(&committed).unwrap();
        if std::env::var_os("LOCKDESK_UPDATE_TYPES").is_some() {
            std::fs::write(path(), fresh).unwrap();
            return;
        }
        assert!(
            fresh == committed,
            "docs/app-contract.md is out of date with the command table or the error codes; run scripts/gen-types and commit the result"
        );
    }

    /// The hand-written part says what the UI does for every category, and names no other.
    #[test]
    fn every_category_is_explained_by_hand() {
        let doc = std::fs::read_to_string(path()).unwrap();
        let names: Vec<String> = categories().into_iter().map(category_name).collect();
        for name in &names {
            assert!(
                doc.contains(&format!("- `{name}`:")),
                "docs/app-contract.md does not say what the UI does for `{name}`"
            );
        }
        let start = doc.find("What the UI does, per category").unwrap();
        for line in doc[start..].lines().take_while(|l| !l.starts_with("## ")) {
            if let Some(rest) = line.strip_prefix("- `") {
                let name = rest.split('`').next().unwrap();
                assert!(names.iter().any(|n| n == name), "`{name}` is no category");
            }
        }
    }

    #[test]
    fn a_part_without_markers_is_an_error() {
        assert!(render("# nothing here\n").is_err());
    }
}
