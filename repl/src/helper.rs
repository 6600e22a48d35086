//! The rustyline helper: completion, history hints, highlighting and bracket matching.
//! Multi-line input is handled by the loop in `session` (with a continuation prompt), so
//! the rustyline validator accepts every line.

use crate::complete::{complete, variables_in, Completion, Names};
use crate::highlight::highlight;
use crate::output::{DIM, GREEN, RESET};
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::borrow::Cow;
use std::cell::Cell;

/// Lines longer than this (in bytes) are not re-highlighted on every key.
const LIVE_HIGHLIGHT_LIMIT: usize = 2000;

pub struct PreplHelper {
    pub names: Names,
    /// The earlier lines of the input being continued (each ending in a newline).
    pub prefix: String,
    pub colors: bool,
    /// At the debugger's prompt: `:` completes its commands (`debug::commands`).
    pub debugging: bool,
    match_brackets: Cell<bool>,
    hinter: HistoryHinter,
    files: FilenameCompleter,
}

impl PreplHelper {
    pub fn new(colors: bool) -> PreplHelper {
        PreplHelper {
            names: Names::default(),
            prefix: String::new(),
            colors,
            debugging: false,
            match_brackets: Cell::new(false),
            hinter: HistoryHinter::new(),
            files: FilenameCompleter::new(),
        }
    }
}

impl Completer for PreplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        // Variables named earlier in this input (not the word being completed).
        let before = line.get(..pos).unwrap_or(line);
        if self.debugging && self.prefix.is_empty() {
            if let Some((start, words)) = prepl::eval::debug::commands::complete(before) {
                let pairs = words
                    .into_iter()
                    .map(|w| Pair {
                        display: w.clone(),
                        replacement: w,
                    })
                    .collect();
                return Ok((start, pairs));
            }
        }
        let head =
            before.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || "_:$".contains(c));
        let typed = variables_in(&format!("{}{}", self.prefix, head));
        let extended;
        let names = if typed
            .iter()
            .all(|v| self.names.variables.binary_search(v).is_ok())
        {
            &self.names
        } else {
            let mut names = self.names.clone();
            names.variables.extend(typed);
            names.variables.sort();
            names.variables.dedup();
            extended = names;
            &extended
        };
        match complete(line, pos, self.prefix.is_empty(), names) {
            Completion::Path => self.files.complete(line, pos, ctx),
            Completion::Words { start, words } => Ok((
                start,
                words
                    .into_iter()
                    .map(|w| Pair {
                        display: w.clone(),
                        replacement: w,
                    })
                    .collect(),
            )),
        }
    }
}

impl Hinter for PreplHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        self.hinter.hint(line, pos, ctx)
    }
}

impl Highlighter for PreplHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        if !self.colors {
            return Cow::Borrowed(line);
        }
        let is_command = self.prefix.is_empty() && line.trim_start().starts_with(':');
        if is_command {
            return Cow::Borrowed(line);
        }
        Cow::Owned(highlight(
            &self.prefix,
            line,
            pos,
            self.match_brackets.get(),
        ))
    }

    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        if self.colors {
            Cow::Owned(format!("{GREEN}{prompt}{RESET}"))
        } else {
            Cow::Borrowed(prompt)
        }
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.colors {
            Cow::Owned(format!("{DIM}{hint}{RESET}"))
        } else {
            Cow::Borrowed(hint)
        }
    }

    fn highlight_char(&self, line: &str, _pos: usize, kind: CmdKind) -> bool {
        // Re-highlight on every edit and cursor move (the bracket under the cursor changes);
        // the final rendering of an accepted line shows no bracket match. Very long lines
        // (typed ahead without bracketed paste) are only re-highlighted when accepted, so
        // that entering them stays linear.
        self.match_brackets.set(kind != CmdKind::ForcedRefresh);
        self.colors && (line.len() <= LIVE_HIGHLIGHT_LIMIT || kind == CmdKind::ForcedRefresh)
    }
}

impl Validator for PreplHelper {}

impl Helper for PreplHelper {}

/// The session's editor is the debugger's too (`debugger::LineEditor`).
impl crate::debugger::LineEditor
    for rustyline::Editor<PreplHelper, rustyline::history::DefaultHistory>
{
    fn read_line(&mut self, prompt: &str) -> rustyline::Result<String> {
        self.readline(prompt)
    }

    fn set_prefix(&mut self, prefix: String) {
        if let Some(h) = self.helper_mut() {
            h.prefix = prefix;
        }
    }

    fn set_variables(&mut self, variables: Vec<String>) -> Vec<String> {
        match self.helper_mut() {
            Some(h) => std::mem::replace(&mut h.names.variables, variables),
            None => Vec::new(),
        }
    }

    fn add_history(&mut self, text: &str) {
        let _ = self.add_history_entry(text);
    }

    fn set_debugging(&mut self, on: bool) {
        if let Some(h) = self.helper_mut() {
            h.debugging = on;
        }
    }

    fn width(&mut self) -> Option<usize> {
        self.dimensions().map(|(cols, _)| cols)
    }
}

/// A line editor with this helper (for the debugger of a file or `-e` run from a
/// terminal): highlighting and completion of functions when the terminal has colours.
pub fn standalone_editor(
    colors: bool,
) -> Option<rustyline::Editor<PreplHelper, rustyline::history::DefaultHistory>> {
    let mut editor = rustyline::Editor::new().ok()?;
    let mut helper = PreplHelper::new(colors);
    helper.names.functions = prepl::functions::all()
        .iter()
        .map(|b| b.name.to_string())
        .collect();
    editor.set_helper(Some(helper));
    Some(editor)
}
