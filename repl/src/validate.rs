//! When an input is ready: `:` commands and blank lines at once, Puppet source when the
//! parser says it is complete or invalid (invalid input is reported at once), and more
//! lines are read while it is incomplete (an open bracket, string, heredoc, `if`...).

use prepl::syntax::{completeness, Completeness};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing to do (blank input).
    Empty,
    /// A `:` command.
    Command,
    /// Evaluate it now (complete, or invalid: the error is reported at once).
    Ready,
    /// Read another line.
    NeedsMore,
}

/// Whether the text starts a `:` command (only on the first line of an input).
pub fn is_command(text: &str) -> bool {
    text.trim_start().starts_with(':')
}

pub fn check(text: &str) -> Verdict {
    if text.trim().is_empty() {
        return Verdict::Empty;
    }
    if is_command(text) {
        return Verdict::Command;
    }
    match completeness(text) {
        Completeness::Incomplete => Verdict::NeedsMore,
        Completeness::Complete | Completeness::Invalid => Verdict::Ready,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_and_commands() {
        assert_eq!(check("  \n "), Verdict::Empty);
        assert_eq!(check(":help"), Verdict::Command);
        assert_eq!(check("  :vars"), Verdict::Command);
    }

    #[test]
    fn open_constructs_wait_for_more() {
        for text in [
            "[1, 2",
            "{ 'a' =>",
            "\"abc",
            "if true {",
            "foo(1,",
            "@(END)\nhi\n",
        ] {
            assert_eq!(check(text), Verdict::NeedsMore, "{text}");
        }
    }

    #[test]
    fn complete_and_invalid_input_is_ready() {
        for text in ["1 + 1", "[1, 2]", "if true { 1 }", ")", "1 + + )"] {
            assert_eq!(check(text), Verdict::Ready, "{text}");
        }
    }
}
