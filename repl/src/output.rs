//! Colours (off with `NO_COLOR` or when the stream is not a terminal) and the layout of
//! results: the programmatic form on one line when it fits, wrapped one element per line
//! when it does not.

use prepl::format::to_programmatic;
use prepl::{LogLevel, Value};
use unicode_width::UnicodeWidthStr;

/// ANSI styling, or none at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub enabled: bool,
}

pub const RESET: &str = "\x1b[0m";
pub const RED: &str = "\x1b[31m";
pub const BOLD_RED: &str = "\x1b[1;31m";
pub const GREEN: &str = "\x1b[32m";
pub const YELLOW: &str = "\x1b[33m";
pub const BLUE: &str = "\x1b[34m";
pub const MAGENTA: &str = "\x1b[35m";
pub const CYAN: &str = "\x1b[36m";
pub const DIM: &str = "\x1b[2m";
pub const BOLD: &str = "\x1b[1m";

impl Palette {
    pub fn plain() -> Palette {
        Palette { enabled: false }
    }

    /// Colours for a stream: on when it is a terminal and `NO_COLOR` is unset or empty.
    pub fn for_terminal(is_terminal: bool) -> Palette {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Palette {
            enabled: is_terminal && !no_color,
        }
    }

    pub fn paint(&self, style: &str, text: &str) -> String {
        if self.enabled && !text.is_empty() {
            format!("{style}{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    pub fn error(&self, text: &str) -> String {
        self.paint(RED, text)
    }

    /// `Notice: text`, coloured by level.
    pub fn log_line(&self, level: LogLevel, message: &str) -> String {
        let style = match level {
            LogLevel::Debug => DIM,
            LogLevel::Info => GREEN,
            LogLevel::Notice => CYAN,
            LogLevel::Warning => YELLOW,
            LogLevel::Err => RED,
            LogLevel::Alert | LogLevel::Emerg | LogLevel::Crit => BOLD_RED,
        };
        self.paint(style, &format!("{}: {}", level.label(), message))
    }
}

/// Collections nested deeper than this are printed on one line.
const MAX_WRAP_DEPTH: usize = 64;

/// The programmatic form of `v`, wrapped so that lines stay within `width` columns where
/// possible. `indent` is the column the first line starts at; nested lines are indented
/// by two more columns per level and closing brackets line up with the opening line.
///
/// Fails when the text would not fit in the memory limit (values that share parts expand
/// enormously) or when interrupted.
pub fn try_layout(v: &Value, width: usize, indent: usize) -> Result<String, prepl::Error> {
    prepl::expansion::check_expansion(v, 2)?;
    let shown = layout(v, width, indent);
    prepl::limits::check_interrupt()?;
    Ok(shown)
}

/// [`try_layout`] for values known to be small.
pub fn layout(v: &Value, width: usize, indent: usize) -> String {
    let mut out = String::new();
    write_value(&mut out, v, width, indent, indent, 0);
    out
}

/// Writes `v` starting at column `col` on a line indented by `indent`.
fn write_value(out: &mut String, v: &Value, width: usize, indent: usize, col: usize, depth: usize) {
    let wrappable = matches!(v, Value::Array(a) if !a.is_empty())
        || matches!(v, Value::Hash(h) if !h.is_empty());
    if !wrappable || depth >= MAX_WRAP_DEPTH || fits(v, width.saturating_sub(col)) {
        out.push_str(&to_programmatic(v));
        return;
    }
    let inner = indent + 2;
    let pad = " ".repeat(inner);
    match v {
        Value::Array(items) => {
            out.push_str("[\n");
            for item in items.iter() {
                out.push_str(&pad);
                write_value(out, item, width, inner, inner, depth + 1);
                out.push_str(",\n");
            }
            out.push_str(&" ".repeat(indent));
            out.push(']');
        }
        Value::Hash(map) => {
            out.push_str("{\n");
            for (key, value) in map.iter() {
                out.push_str(&pad);
                let key = to_programmatic(key);
                let value_col = inner + key.width() + 4;
                out.push_str(&key);
                out.push_str(" => ");
                write_value(out, value, width, inner, value_col, depth + 1);
                out.push_str(",\n");
            }
            out.push_str(&" ".repeat(indent));
            out.push('}');
        }
        _ => out.push_str(&to_programmatic(v)),
    }
}

/// Whether the one-line form of `v` is at most `budget` characters; stops counting as soon
/// as the budget is spent, so a large value costs no more than its first `budget` columns
/// (plus its scalars).
fn fits(v: &Value, budget: usize) -> bool {
    let mut left = budget as isize;
    flat_width(v, &mut left, 0);
    left >= 0
}

fn flat_width(v: &Value, left: &mut isize, depth: usize) {
    if *left < 0 {
        return;
    }
    match v {
        Value::Array(items) if depth < MAX_WRAP_DEPTH => {
            *left -= 2 + 2 * items.len().saturating_sub(1) as isize;
            for item in items.iter() {
                flat_width(item, left, depth + 1);
                if *left < 0 {
                    return;
                }
            }
        }
        Value::Hash(map) if depth < MAX_WRAP_DEPTH => {
            *left -= 2 + 2 * map.len().saturating_sub(1) as isize + 4 * map.len() as isize;
            for (key, value) in map.iter() {
                flat_width(key, left, depth + 1);
                flat_width(value, left, depth + 1);
                if *left < 0 {
                    return;
                }
            }
        }
        _ => *left -= to_programmatic(v).width() as isize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prepl::values::Map;

    fn ints(n: i64) -> Value {
        Value::array((0..n).map(Value::Integer).collect())
    }

    #[test]
    fn short_values_stay_on_one_line() {
        assert_eq!(layout(&ints(3), 80, 3), "[0, 1, 2]");
        assert_eq!(layout(&Value::string("a b"), 5, 3), "'a b'");
    }

    #[test]
    fn long_arrays_wrap_one_element_per_line() {
        let v = Value::array(vec![ints(3), ints(3)]);
        assert_eq!(layout(&v, 12, 0), "[\n  [0, 1, 2],\n  [0, 1, 2],\n]");
    }

    #[test]
    fn hashes_wrap_with_their_keys() {
        let mut map = Map::default();
        map.insert(Value::string("a"), ints(2));
        map.insert(Value::string("bb"), Value::Integer(1));
        let v = Value::hash(map);
        assert_eq!(layout(&v, 80, 0), "{'a' => [0, 1], 'bb' => 1}");
        assert_eq!(layout(&v, 16, 0), "{\n  'a' => [0, 1],\n  'bb' => 1,\n}");
    }

    #[test]
    fn nested_values_indent_by_two() {
        let mut inner = Map::default();
        inner.insert(Value::string("x"), Value::string("a long string here"));
        let mut map = Map::default();
        map.insert(Value::string("alpha"), ints(3));
        map.insert(Value::string("beta"), Value::hash(inner));
        let v = Value::hash(map);
        assert_eq!(
            layout(&v, 30, 3),
            "{\n     'alpha' => [0, 1, 2],\n     'beta' => {\n       'x' => 'a long string here',\n     },\n   }"
        );
    }

    #[test]
    fn wide_characters_count_double() {
        let v = Value::array(vec![Value::string("日本"), Value::string("語")]);
        assert!(fits(&v, 14));
        assert!(!fits(&v, 13));
    }

    #[test]
    fn fits_counts_separators() {
        assert!(fits(&ints(3), 9));
        assert!(!fits(&ints(3), 8));
        assert!(fits(&Value::empty_array(), 2));
    }

    #[test]
    fn no_colour_when_disabled() {
        assert_eq!(Palette::plain().error("x"), "x");
        let on = Palette { enabled: true };
        assert_eq!(on.error("x"), "\x1b[31mx\x1b[0m");
        assert_eq!(
            on.log_line(LogLevel::Notice, "hi"),
            "\x1b[36mNotice: hi\x1b[0m"
        );
    }
}
