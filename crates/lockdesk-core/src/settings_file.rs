//! A small settings file in the config folder (JSON), one way for every setting (the shell's
//! `shell.json` through [`load_json`] and [`save_json`]).
//!
//! - A missing file means the defaults.
//! - A file that cannot be used (cut short, not JSON, a value of the wrong kind or out of its
//!   range) is `config_invalid` naming the file, the line and column of the problem and the
//!   JSON path of a refused value; it is left as it is, and no save replaces it (a person
//!   halfway through editing it loses nothing): the save is refused with the same error.
//! - A save writes the whole file at once ([`private_fs::write_private_atomic`]: a private
//!   temporary file in the same folder, synced, renamed over, the folder synced) and keeps the
//!   version it replaces as `<name>.bak` (one backup, private like the file), so a setting
//!   changed by mistake can be had back by hand.
//! - A bad value to set is `invalid_input` and changes nothing.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::error::{ConfigProblem, Error, Result};
use lockdesk_archive::private_fs;

/// What the backup of a settings file is named after: `reports.json` → `reports.json.bak`.
pub const BACKUP_SUFFIX: &str = ".bak";

/// A setting kept in its own file.
pub(crate) trait SettingsFile: Serialize + DeserializeOwned + Default {
    /// Checks every value; the first problem is an `invalid_input` naming its field.
    fn validate(&self) -> Result<()>;

    /// [`SettingsFile::validate`] for a file: a refused value with the place of its field in
    /// the file. Lists override it to put the element's index first.
    fn check(&self) -> std::result::Result<(), Refused> {
        self.validate().map_err(Refused::at_field)
    }
}

/// One step of a JSON path: an object's key or a list's index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Key(String),
    Index(usize),
}

/// A value a settings file holds that its checks refuse, and where it is.
#[derive(Debug)]
pub(crate) struct Refused {
    at: Vec<Step>,
    error: Box<Error>,
}

impl Refused {
    /// At the field an `invalid_input` names (`outside_hours.start`: those keys), else at the
    /// top of the file.
    pub(crate) fn at_field(error: Error) -> Refused {
        let at = match &error {
            Error::InvalidInput { field, .. } => field
                .split('.')
                .filter(|k| !k.is_empty())
                .map(|k| Step::Key(k.to_owned()))
                .collect(),
            _ => Vec::new(),
        };
        Refused {
            at,
            error: Box::new(error),
        }
    }

    /// The same refusal inside `outer` (`["reports", 2]` for the third report).
    pub(crate) fn within(mut self, outer: impl IntoIterator<Item = Step>) -> Refused {
        let mut at: Vec<Step> = outer.into_iter().collect();
        at.append(&mut self.at);
        self.at = at;
        self
    }

    /// `error` at `at`.
    pub(crate) fn at(at: Vec<Step>, error: Error) -> Refused {
        Refused {
            at,
            error: Box::new(error),
        }
    }
}

/// Checks each element of a list kept under `key` with `check` (given the elements before
/// it too): the first refused element is named by its index.
pub(crate) fn check_each<T>(
    key: &str,
    items: &[T],
    check: impl Fn(&T, &[T]) -> Result<()>,
) -> std::result::Result<(), Refused> {
    for (i, item) in items.iter().enumerate() {
        check(item, &items[..i]).map_err(|e| {
            Refused::at_field(e).within([Step::Key(key.to_owned()), Step::Index(i)])
        })?;
    }
    Ok(())
}

/// The settings stored at `path`, the defaults when there is no file.
pub(crate) fn load<T: SettingsFile>(path: &Path) -> Result<T> {
    let Some(bytes) = read(path)? else {
        return Ok(T::default());
    };
    let value: T = parse(path, &bytes)?;
    value.check().map_err(|r| refused(path, &bytes, r))?;
    Ok(value)
}

/// Checks `value`, then writes it whole, keeping the file it replaces as the backup. Refused
/// while the file there cannot be used (its own `config_invalid`), and on a bad value; nothing
/// changes on an error.
pub(crate) fn save<T: SettingsFile>(path: &Path, value: &T) -> Result<()> {
    value.validate()?;
    load::<T>(path)?;
    let mut json = serde_json::to_vec_pretty(value).map_err(|e| write_error(path, e))?;
    json.push(b'\n');
    write(path, &json)
}

/// A settings file whose every value its type can hold is a good one (the shell's): what it
/// holds, the defaults when there is none.
pub fn load_json<T: DeserializeOwned + Default>(path: &Path) -> Result<T> {
    match read(path)? {
        Some(bytes) => parse(path, &bytes),
        None => Ok(T::default()),
    }
}

/// Writes `value` to such a file whole, keeping the file it replaces as the backup; refused
/// while the file there cannot be used.
pub fn save_json<T: Serialize + DeserializeOwned>(path: &Path, value: &T) -> Result<()> {
    if let Some(bytes) = read(path)? {
        parse::<T>(path, &bytes)?;
    }
    let mut json = serde_json::to_vec_pretty(value).map_err(|e| write_error(path, e))?;
    json.push(b'\n');
    write(path, &json)
}

/// The bytes of the file at `path`, `None` when there is none.
pub(crate) fn read(path: &Path) -> Result<Option<Vec<u8>>> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::config_invalid(
            path,
            ConfigProblem::Unreadable,
            format!("it cannot be read: {e}"),
        )),
    }
}

/// `bytes` (the file at `path`) as a `T`: JSON, whole, each value of its kind. A UTF-8 byte
/// order mark (Notepad's) is passed over.
pub fn parse<T: DeserializeOwned>(path: &Path, bytes: &[u8]) -> Result<T> {
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut de = serde_json::Deserializer::from_slice(text);
    let parsed = serde_path_to_error::deserialize(&mut de)
        .map_err(|e| (json_path_of(e.path()), e.into_inner()))
        .and_then(|value: T| de.end().map(|()| value).map_err(|e| (None, e)));
    parsed.map_err(|(field, inner)| {
        let kind = match inner.classify() {
            serde_json::error::Category::Eof => ConfigProblem::CutShort,
            serde_json::error::Category::Syntax => ConfigProblem::NotJson,
            serde_json::error::Category::Data => ConfigProblem::WrongValue,
            serde_json::error::Category::Io => ConfigProblem::Unreadable,
        };
        let what = match kind {
            ConfigProblem::CutShort => "it ends in the middle",
            ConfigProblem::NotJson => "it is not JSON there",
            ConfigProblem::WrongValue => "a value is not what Lockdesk keeps there",
            ConfigProblem::Unreadable => "it cannot be read",
        };
        let (line, column) = place_of(text, &inner);
        Error::ConfigInvalid {
            path: path.to_owned(),
            kind,
            line,
            column,
            field: field.filter(|_| kind == ConfigProblem::WrongValue),
            problem: format!("{what} ({})", message_of(&inner)),
        }
    })
}

/// The `config_invalid` of a value `bytes` (the file at `path`) holds that its checks refuse:
/// the line and column of the refused value (or of the nearest enclosing one found).
pub(crate) fn refused(path: &Path, bytes: &[u8], refused: Refused) -> Error {
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let (line, column) = locate(text, &refused.at).unwrap_or((None, None));
    let problem = match refused.error.as_ref() {
        Error::InvalidInput { message, .. } => message.clone(),
        other => other.to_string(),
    };
    Error::ConfigInvalid {
        path: path.to_owned(),
        kind: ConfigProblem::WrongValue,
        line,
        column,
        field: (!refused.at.is_empty()).then(|| path_text(&refused.at)),
        problem,
    }
}

/// Writes `bytes` to `path` whole (private, atomic) after keeping the file there now as
/// `<name>.bak`.
pub(crate) fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    // A full disk is named as such (the file under the name is left as it was).
    let failed = |size: usize| {
        move |e: std::io::Error| {
            Error::unwritable_at(path, size as u64, e, |e| write_error(path, e))
        }
    };
    if let Some(dir) = path.parent() {
        private_fs::create_private_dir_all(dir).map_err(failed(bytes.len()))?;
    }
    if let Some(previous) = read(path)? {
        private_fs::write_private_atomic(&backup_path(path), &previous)
            .map_err(failed(previous.len()))?;
    }
    private_fs::write_private_atomic(path, bytes).map_err(failed(bytes.len()))
}

/// Where the version a save replaced is kept.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(BACKUP_SUFFIX);
    PathBuf::from(name)
}

fn write_error(path: &Path, e: impl fmt::Display) -> Error {
    Error::ConfigWrite {
        path: path.to_owned(),
        reason: e.to_string(),
    }
}

/// serde_json's line and column in `text`, from 1, the column in characters as an editor
/// counts them (serde_json counts bytes: a Japanese name is 3 a character). The column 0
/// serde_json gives at the start of a line reads as 1.
fn place_of(text: &[u8], e: &serde_json::Error) -> (Option<u32>, Option<u32>) {
    if e.line() == 0 {
        return (None, None);
    }
    let line = text
        .split(|b| *b == b'\n')
        .nth(e.line() - 1)
        .unwrap_or_default();
    let before = &line[..e.column().min(line.len())];
    let column = String::from_utf8_lossy(before).chars().count();
    let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    (Some(n(e.line())), Some(n(column.max(1))))
}

/// serde_json's message without its " at line L column C" (said apart).
fn message_of(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
}

fn json_path_of(path: &serde_path_to_error::Path) -> Option<String> {
    use serde_path_to_error::Segment;
    let steps: Vec<Step> = path
        .iter()
        .filter_map(|s| match s {
            Segment::Seq { index } => Some(Step::Index(*index)),
            Segment::Map { key } => Some(Step::Key(key.clone())),
            Segment::Enum { .. } | Segment::Unknown => None,
        })
        .collect();
    (!steps.is_empty()).then(|| path_text(&steps))
}

/// `reports[2].schedule.at`.
fn path_text(steps: &[Step]) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            Step::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// The line and column where the value at `at` ends in `text`, or the nearest enclosing
/// value's when the file does not hold that one (a field left to its default). `None` when
/// no step of `at` is in `text` (the file as a whole is refused).
fn locate(text: &[u8], at: &[Step]) -> Option<(Option<u32>, Option<u32>)> {
    let mut value: &RawValue = serde_json::from_slice(text).ok()?;
    let mut found = None;
    for step in at {
        let inner: Option<&RawValue> = match step {
            Step::Key(key) => serde_json::from_str::<HashMap<String, &RawValue>>(value.get())
                .ok()
                .and_then(|m| m.get(key).copied()),
            Step::Index(i) => serde_json::from_str::<Vec<&RawValue>>(value.get())
                .ok()
                .and_then(|l| l.get(*i).copied()),
        };
        let Some(inner) = inner else { break };
        value = inner;
        found = Some(inner);
    }
    let raw = found?.get();
    // The value borrows from `text`: where it ends is where its last byte is.
    let end = raw.as_ptr() as usize - text.as_ptr() as usize + raw.len();
    let before = &text[..end];
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count();
    let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    Some((Some(n(line)), Some(n(column.max(1)))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, steps: &[Step]) -> (Option<u32>, Option<u32>) {
        locate(text.as_bytes(), steps).unwrap()
    }

    fn key(k: &str) -> Step {
        Step::Key(k.into())
    }

    #[test]
    fn a_value_is_found_by_its_path_and_a_missing_one_by_its_parent() {
        let text =
            "{\n  \"a\": 1,\n  \"list\": [\n    {\"x\": true},\n    {\"x\": \"no\"}\n  ]\n}\n";
        assert_eq!(at(text, &[key("a")]), (Some(2), Some(8)));
        let second = [key("list"), Step::Index(1), key("x")];
        assert_eq!(at(text, &second), (Some(5), Some(14)));
        // Not in the file (a default): the element that would hold it.
        let missing = [key("list"), Step::Index(0), key("y")];
        assert_eq!(at(text, &missing), (Some(4), Some(15)));
        assert_eq!(locate(text.as_bytes(), &[key("nothing")]), None);
        assert_eq!(path_text(&second), "list[1].x");
    }

    #[test]
    fn columns_count_characters_as_an_editor_does() {
        let text = "{\n  \"name\": \"入退室\", \"n\": oops }";
        let e = parse::<serde_json::Value>(Path::new("r.json"), text.as_bytes()).unwrap_err();
        let Error::ConfigInvalid {
            kind, line, column, ..
        } = e
        else {
            panic!("{e:?}");
        };
        assert_eq!(kind, ConfigProblem::NotJson);
        let o = text.lines().nth(1).unwrap().chars().position(|c| c == 'o');
        assert_eq!((line, column), (Some(2), Some(o.unwrap() as u32 + 1)));
    }
}
