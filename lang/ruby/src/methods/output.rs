//! Ruby code's output: `puts`, `print`, `p`, `pp` and `warn`, and the `puts`, `print`,
//! `write`, `<<` and `flush` of `$stdout` and `$stderr` (`STDOUT`, `STDERR`). The reference's
//! Ruby writes the text to the process's standard output or error (a template's `puts` is no
//! part of its result); here it goes to the host ([`Host::write_output`]), whose session
//! shows it as its other output.
//!
//! [`Host::write_output`]: crate::host::Host::write_output

use super::{Call, M};
use crate::eval::{Interp, R};
use crate::host::Stream;
use crate::show::{inspect, to_s};
use crate::value::{RStr, RValue};

/// `$stdout`'s value (`STDOUT`), shown as Ruby's `inspect` shows it.
pub const STDOUT: &str = "#<IO:<STDOUT>>";
/// `$stderr`'s value (`STDERR`).
pub const STDERR: &str = "#<IO:<STDERR>>";

/// The value of `$stdout` or `$stderr` (`STDOUT`, `STDERR`): a class value named as Ruby's
/// `inspect` shows the stream, which only this module's methods answer.
pub fn stream_value(stream: Stream) -> RValue {
    RValue::Class(RStr::from(match stream {
        Stream::Stdout => STDOUT,
        Stream::Stderr => STDERR,
    }))
}

/// The stream a class value stands for (`$stdout`'s), if it is one.
pub fn stream_of(class: &str) -> Option<Stream> {
    match class {
        STDOUT => Some(Stream::Stdout),
        STDERR => Some(Stream::Stderr),
        _ => None,
    }
}

/// Kernel's `puts`, `print`, `p`, `pp` and `warn` (no receiver).
pub fn kernel(it: &mut Interp, c: &Call) -> R {
    match c.id {
        M::puts => {
            it.host.write_output(Stream::Stdout, &puts_text(&c.args));
            Ok(RValue::Nil)
        }
        M::print => {
            it.host.write_output(Stream::Stdout, &print_text(&c.args));
            Ok(RValue::Nil)
        }
        // (`warn` without a message writes nothing)
        M::warn => {
            let messages: Vec<RValue> = c
                .args
                .iter()
                .filter(|a| !matches!(a, RValue::Hash(_)))
                .cloned()
                .collect();
            if !messages.is_empty() {
                it.host.write_output(Stream::Stderr, &puts_text(&messages));
            }
            Ok(RValue::Nil)
        }
        // `p`, `pp`: each argument's `inspect` on a line; the argument (all of them as an
        // array, nil without any)
        _ => {
            let mut text = String::new();
            for a in &c.args {
                text.push_str(&inspect(a));
                text.push('\n');
            }
            if !text.is_empty() {
                it.host.write_output(Stream::Stdout, &text);
            }
            Ok(match c.args.as_slice() {
                [] => RValue::Nil,
                [one] => one.clone(),
                all => RValue::array(all.to_vec()),
            })
        }
    }
}

/// A method of `$stdout` or `$stderr`; `None` for one the subset does not have (Ruby's
/// `NoMethodError` then, as for `p`, a private method of every object).
pub fn io_call(it: &mut Interp, stream: Stream, c: &Call) -> R<Option<RValue>> {
    Ok(Some(match c.id {
        M::puts => {
            it.host.write_output(stream, &puts_text(&c.args));
            RValue::Nil
        }
        M::print => {
            it.host.write_output(stream, &print_text(&c.args));
            RValue::Nil
        }
        // (the bytes written)
        M::write => {
            let text = print_text(&c.args);
            it.host.write_output(stream, &text);
            RValue::Int(text.len() as i64)
        }
        M::op_shl => {
            c.arity(1, 1)?;
            it.host.write_output(stream, &to_s(&c.args[0]));
            stream_value(stream)
        }
        M::flush => {
            c.arity(0, 0)?;
            stream_value(stream)
        }
        M::sync | M::tty_p | M::isatty => {
            c.arity(0, 0)?;
            RValue::bool(c.id == M::sync)
        }
        M::fileno => {
            c.arity(0, 0)?;
            RValue::Int(match stream {
                Stream::Stdout => 1,
                Stream::Stderr => 2,
            })
        }
        M::inspect | M::to_s => RValue::str(match stream {
            Stream::Stdout => STDOUT,
            Stream::Stderr => STDERR,
        }),
        _ => return Ok(None),
    }))
}

/// What `puts` writes: each argument's `to_s` on its own line (a line break added where it
/// has none), an array's elements each so (nested ones too), a line break alone without
/// arguments or for an empty array (Ruby's `rb_io_puts`).
pub fn puts_text(args: &[RValue]) -> String {
    let mut out = String::new();
    puts_into(args, &mut out, 0);
    out
}

fn puts_into(args: &[RValue], out: &mut String, depth: usize) {
    if args.is_empty() {
        out.push('\n');
        return;
    }
    for a in args {
        match a {
            // (an array holding itself: Ruby's `[...]`)
            RValue::Array(_) if depth > 64 => out.push_str("[...]\n"),
            RValue::Array(items) => {
                let items: Vec<RValue> = items.borrow().iter().cloned().collect();
                puts_into(&items, out, depth + 1);
            }
            other => {
                let s = to_s(other);
                out.push_str(&s);
                if !s.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
    }
}

/// What `print` (and `IO#write`) writes: the arguments' `to_s`, one after the other.
fn print_text(args: &[RValue]) -> String {
    args.iter().map(to_s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruby 3.1's `puts` (`$stdout.string` of a `StringIO`).
    #[test]
    fn puts_writes_lines_as_ruby() {
        let s = |x: &str| RValue::str(x);
        assert_eq!(puts_text(&[]), "\n");
        assert_eq!(puts_text(&[s("a")]), "a\n");
        assert_eq!(puts_text(&[s("a\n")]), "a\n");
        assert_eq!(puts_text(&[s("a\n\n")]), "a\n\n");
        assert_eq!(puts_text(&[RValue::Nil]), "\n");
        assert_eq!(puts_text(&[RValue::array(vec![])]), "\n");
        assert_eq!(
            puts_text(&[
                RValue::array(vec![
                    RValue::Int(1),
                    RValue::array(vec![s("b"), RValue::Nil])
                ]),
                s("c")
            ]),
            "1\nb\n\nc\n"
        );
        assert_eq!(print_text(&[s("a"), RValue::Int(1), RValue::Nil]), "a1");
    }
}
