//! `Term`: the program's streams and output mode, as the commands see them. Its own file so the
//! commands can take it without importing lib.rs, which calls them.

use std::io::{BufRead, Write};

use crate::error::{Error, Result};

/// The program's streams and output mode.
pub struct Term<'a> {
    pub stdin: &'a mut dyn BufRead,
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
    pub json: bool,
    /// Stdin is the process's terminal: a secret is then read with echo off.
    pub terminal: bool,
    /// Stdout is a terminal: what is printed raw elsewhere (CSV cells) is cleaned of control
    /// characters there.
    pub out_terminal: bool,
    /// The exit status of a command that succeeded (`watch --once` with new alerts: 3).
    pub status: i32,
}

impl Term<'_> {
    /// Prints a command's answer: `value` as JSON with `--json`, else in words, as `words`
    /// writes them (the one place that chooses between the two).
    pub fn show<T: serde::Serialize + ?Sized>(
        &mut self,
        value: &T,
        words: impl FnOnce(&mut Self) -> Result<()>,
    ) -> Result<()> {
        if self.json {
            return crate::output::json(self.out, value);
        }
        words(self)
    }

    /// One line of a stream of answers (a watch's alerts): `value` as one compact JSON line
    /// with `--json` (JSON escapes control characters in names), else `line`.
    pub fn show_line<T: serde::Serialize + ?Sized>(
        &mut self,
        value: &T,
        line: impl FnOnce() -> String,
    ) -> Result<()> {
        if self.json {
            serde_json::to_writer(&mut *self.out, value)?;
            writeln!(self.out)?;
        } else {
            writeln!(self.out, "{}", line())?;
        }
        Ok(())
    }

    /// One line from stdin without its line ending; `None` at end of input.
    pub fn read_line(&mut self) -> Result<Option<String>> {
        let mut line = String::new();
        let n = self
            .stdin
            .read_line(&mut line)
            .map_err(|e| Error::Usage(format!("could not read stdin: {e}")))?;
        if n == 0 {
            return Ok(None);
        }
        Ok(Some(line.trim_end_matches(['\r', '\n']).to_owned()))
    }

    /// One line that must not appear on screen: typed with echo off at a terminal, else read
    /// from stdin like any line (a pipe echoes nothing).
    pub fn read_secret_line(&mut self) -> Result<Option<String>> {
        if !self.terminal {
            return self.read_line();
        }
        rpassword::read_password()
            .map(Some)
            .map_err(|e| Error::Usage(format!("could not read the terminal: {e}")))
    }
}
