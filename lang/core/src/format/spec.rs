//! The format specifications of `String(value, format)`: one `%[flags][width][.prec]X`
//! directive with its container options (`separator`, `separator2`, `string_formats`).

use super::maps::{merge_maps, FormatMap};
use super::printf::{Spec, MAX_WIDTH};
use crate::error::Error;
use std::rc::Rc;

/// One parsed format with its container options.
#[derive(Debug, Clone)]
pub struct Format {
    pub spec: Spec,
    /// The conversion letter.
    pub conv: char,
    /// `[ { ( < |` when given as a flag.
    pub delimiter: Option<char>,
    /// The text as written, for error messages.
    pub text: Rc<str>,
    pub separator: Option<Rc<str>>,
    pub separator2: Option<Rc<str>>,
    /// The formats for values inside a container this format applies to.
    pub string_formats: Option<Rc<FormatMap>>,
    /// What Ruby's `format` says of the flags when they hold a character it does not
    /// accept (a delimiter flag, white space other than a space).
    ruby_flag_error: Option<&'static str>,
}

/// The parts of a format matching the reference's format pattern: flags, width,
/// precision and conversion letter.
pub(super) fn split(text: &str) -> Option<(&str, &str, Option<&str>, char)> {
    let rest = text.strip_prefix('%')?;
    let flags_end = rest
        .find(|c: char| {
            // Ruby's `\s` also covers the vertical tab.
            !(c.is_ascii_whitespace()
                || matches!(
                    c,
                    '\x0b' | '[' | '+' | '#' | '0' | '{' | '<' | '(' | '|' | '-'
                ))
        })
        .unwrap_or(rest.len());
    let (flags, rest) = rest.split_at(flags_end);
    let width_end = if rest.starts_with(|c: char| ('1'..='9').contains(&c)) {
        rest.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len())
    } else {
        0
    };
    let (width, rest) = rest.split_at(width_end);
    let (prec, rest) = match rest.strip_prefix('.') {
        Some(r) => {
            let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
            if end == 0 {
                return None;
            }
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    let mut conv_chars = rest.chars();
    match (conv_chars.next(), conv_chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some((flags, width, prec, c)),
        _ => None,
    }
}

impl Format {
    /// Parses `%[flags][width][.prec]X`.
    pub fn parse(text: &str) -> Result<Format, Error> {
        let (flags, width, prec, conv) = split(text).ok_or_else(|| {
            Error::eval(format!("The format '{text}' is not a valid format on the form '%<flags><width>.<prec><format>'"))
        })?;
        let mut seen = Vec::new();
        for c in flags.chars() {
            if seen.contains(&c) {
                return Err(Error::eval(format!(
                    "The same flag can only be used once, got '{text}'"
                )));
            }
            seen.push(c);
        }
        let mut delimiter = None;
        for d in ['[', '{', '(', '<', '|'] {
            if flags.contains(d) {
                if delimiter.is_some() {
                    return Err(Error::eval(format!(
                        "Only one of the delimiters [ {{ ( < | can be given in the format flags, got '{text}'"
                    )));
                }
                delimiter = Some(d);
            }
        }
        let number = |s: &str| -> Result<usize, Error> {
            s.parse::<usize>()
                .ok()
                .filter(|n| *n <= MAX_WIDTH)
                .ok_or_else(|| Error::eval(format!("width too big in '{text}'")))
        };
        let spec = Spec {
            minus: flags.contains('-'),
            plus: flags.contains('+'),
            // Only a space (not other white space) is the space flag.
            space: flags.contains(' '),
            zero: flags.contains('0'),
            alt: flags.contains('#'),
            width: if width.is_empty() {
                None
            } else {
                Some(number(width)?)
            },
            prec: prec.map(number).transpose()?,
        };
        let ruby_flag_error = flags
            .chars()
            .find(|c| !matches!(c, ' ' | '#' | '+' | '-' | '0'))
            .map(|c| match c {
                '[' => "malformed format string - %[",
                '(' => "malformed format string - %(",
                '|' => "malformed format string - %|",
                '{' | '<' => "malformed name - unmatched parenthesis",
                _ => "malformed format string",
            });
        Ok(Format {
            ruby_flag_error,
            spec,
            conv,
            delimiter,
            text: text.into(),
            separator: None,
            separator2: None,
            string_formats: None,
        })
    }

    /// The flags, width and precision for a conversion the reference leaves to Ruby's
    /// `format`, which rejects delimiter flags.
    pub fn ruby_spec(&self) -> Result<&Spec, Error> {
        match self.ruby_flag_error {
            Some(msg) => Err(Error::eval(msg)),
            None => Ok(&self.spec),
        }
    }

    /// The opening and closing delimiters of a container: the delimiter flag, none for the
    /// space flag, else the default.
    pub fn delimiters(
        &self,
        default: (&'static str, &'static str),
    ) -> (&'static str, &'static str) {
        match self.delimiter {
            Some('[') => ("[", "]"),
            Some('{') => ("{", "}"),
            Some('(') => ("(", ")"),
            Some('<') => ("<", ">"),
            Some('|') => ("|", "|"),
            _ if self.spec.space => ("", ""),
            _ => default,
        }
    }

    /// `self` overridden by `higher`: its format, and its container options where given.
    pub(super) fn merged_with(&self, higher: &Format) -> Format {
        Format {
            separator: higher.separator.clone().or_else(|| self.separator.clone()),
            separator2: higher
                .separator2
                .clone()
                .or_else(|| self.separator2.clone()),
            string_formats: merge_maps(
                self.string_formats.as_ref(),
                higher.string_formats.as_ref(),
            ),
            ..higher.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_flags_width_precision() {
        let f = Format::parse("%-#010.3x").unwrap();
        assert!(f.spec.minus && f.spec.alt && f.spec.zero);
        assert_eq!(
            (f.spec.width, f.spec.prec, f.conv),
            (Some(10), Some(3), 'x')
        );
        assert_eq!(
            Format::parse("%(a").unwrap().delimiters(("[", "]")),
            ("(", ")")
        );
        assert_eq!(
            Format::parse("% a").unwrap().delimiters(("[", "]")),
            ("", "")
        );
        assert_eq!(
            Format::parse("%+a").unwrap().delimiters(("[", "]")),
            ("[", "]")
        );
    }

    #[test]
    fn parse_errors_use_reference_wording() {
        let msg = |s: &str| Format::parse(s).unwrap_err().message;
        assert_eq!(
            msg("%-5d|"),
            "The format '%-5d|' is not a valid format on the form '%<flags><width>.<prec><format>'"
        );
        assert_eq!(
            msg("%"),
            "The format '%' is not a valid format on the form '%<flags><width>.<prec><format>'"
        );
        assert_eq!(
            msg("x"),
            "The format 'x' is not a valid format on the form '%<flags><width>.<prec><format>'"
        );
        assert_eq!(
            msg("%--d"),
            "The same flag can only be used once, got '%--d'"
        );
        assert_eq!(
            msg("%[(a"),
            "Only one of the delimiters [ { ( < | can be given in the format flags, got '%[(a'"
        );
    }
}
