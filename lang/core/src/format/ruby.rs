//! How `sprintf` sees Puppet values: the reference hands them to Ruby's `Kernel#format`,
//! so `%s` is Ruby's `to_s`, `%p` Ruby's `inspect`, and numeric conversions go through
//! Ruby's `Integer()` / `Float()`.

use super::{float, quote, to_display};
use crate::convert::numbers;
use crate::error::Error;
use crate::values::Value;

/// Ruby's `to_s` of the value as the reference passes it to `format`.
pub fn to_s(v: &Value) -> String {
    match v {
        Value::Array(_) | Value::Hash(_) => inspect(v),
        _ => to_display(v),
    }
}

/// How the reference's message for a value that cannot be converted to Numeric shows it
/// (`The value '...' cannot be converted to Numeric.`): Ruby's `to_s` of the evaluator's own
/// value, a regexp as `(?-mix:a)`, an array or hash in Ruby's `inspect` with a regexp inside
/// as `/a/`, an iterator by its type.
pub fn not_numeric_shown(v: &Value) -> String {
    match v {
        Value::Regexp(r) => regexp_to_s(r),
        Value::Iterator(_) => format!("{}-Value", crate::types::infer_generalized(v)),
        Value::Array(_) | Value::Hash(_) => inspect_objects(v),
        other => to_s(other),
    }
}

/// Ruby's `to_s` of a regexp: `(?-mix:...)` with its source as Ruby keeps it (a `/`
/// escaped, as a literal writes it: `(?-mix:a\/b)`).
pub fn regexp_to_s(r: &crate::values::Regexp) -> String {
    let text = crate::types::regexp_text(r.source());
    format!("(?-mix:{})", &text[1..text.len() - 1])
}

/// Whether the reference hands the value to Ruby as the string of its Puppet form: a
/// regexp (`/a/`), a version, a time value, a binary (`format`'s arguments, the older
/// function API's `Runtime3FunctionArgumentConverter`).
pub fn handed_as_string(v: &Value) -> bool {
    matches!(
        v,
        Value::Regexp(_)
            | Value::Timespan(_)
            | Value::Timestamp(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_)
            | Value::Binary(_)
    )
}

/// How the reference holds the values a message shows with Ruby's `inspect`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// As the older (3.x) function API and `format` are given them
    /// (`Runtime3FunctionArgumentConverter`): regexps, time values, versions and binaries
    /// are strings of their Puppet form (`"/a/"`, `"0-00:00:01.0"`, `"YQ=="`).
    Strings,
    /// As Ruby objects (4.x functions, a catalog's parameters, templates): a regexp is a
    /// `Regexp` (`/a/`), a time value or binary the reference's object
    /// (`#<Puppet::Pops::Time::Timespan:0x... @nsecs=1000000000>`).
    Objects,
}

/// Ruby's `inspect`: strings double quoted, `nil`, `{"a"=>1}`; a regexp as the string
/// `format` is given (`"/a/"`).
pub fn inspect(v: &Value) -> String {
    inspect_as(v, Held::Strings)
}

/// Ruby's `inspect` of a value as a function of the 4.x API holds it: a regexp is a
/// `Regexp` (`/a/`).
pub fn inspect_objects(v: &Value) -> String {
    inspect_as(v, Held::Objects)
}

/// Ruby's `inspect` of a value the reference holds as `held` says.
pub fn inspect_as(v: &Value, held: Held) -> String {
    let mut out = String::new();
    inspect_into(v, &mut out, held);
    out
}

/// [`inspect_as`], appended to `out`.
pub fn inspect_into(v: &Value, out: &mut String, held: Held) {
    inspect_at(v, out, 0, held)
}

const MAX_DEPTH: usize = 512;

/// The address Ruby's default `inspect` shows, which differs in each process of the
/// reference: zeros here.
const ADDRESS: &str = "0x0000000000000000";

fn inspect_at(v: &Value, out: &mut String, depth: usize, held: Held) {
    use std::fmt::Write;
    if depth > MAX_DEPTH {
        out.push_str("[...]");
        return;
    }
    match v {
        Value::Undef => out.push_str("nil"),
        Value::String(s) => out.push_str(&quote::ruby_inspect(s)),
        Value::Float(f) => out.push_str(&float::ruby_float_to_s(*f)),
        Value::Array(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect_at(e, out, depth + 1, held);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect_at(k, out, depth + 1, held);
                out.push_str("=>");
                inspect_at(e, out, depth + 1, held);
            }
            out.push('}');
        }
        // The reference hands `default` to Ruby as a Symbol, a Sensitive and a URI as their
        // Ruby objects.
        Value::Default => out.push_str(":default"),
        Value::Sensitive(_) => out.push_str("#<Sensitive [value redacted]>"),
        Value::Uri(u) => {
            let class = u.ruby_class();
            // (Ruby's `URI::FTP` writes an empty path as `/`)
            if class == "URI::FTP" && u.path.is_empty() && u.opaque.is_none() {
                let mut with_path = (**u).clone();
                with_path.path = "/".into();
                let _ = write!(out, "#<{class} {with_path}>");
            } else {
                let _ = write!(out, "#<{class} {u}>");
            }
        }
        // The reference's `Error` is a Ruby object of its own class.
        Value::Object(o) if o.typ.label() == "Error" => {
            let _ = write!(out, "#<Puppet::DataTypes::Error:{ADDRESS}");
            for (i, name) in ["msg", "kind", "details", "issue_code"].iter().enumerate() {
                let _ = write!(out, "{} @{name}=", if i == 0 { "" } else { "," });
                inspect_at(o.get(name).unwrap_or(&Value::Undef), out, depth + 1, held);
            }
            out.push('>');
        }
        _ if held == Held::Strings && handed_as_string(v) => {
            out.push_str(&quote::ruby_inspect(&to_display(v)))
        }
        // (Ruby's `VersionRange#inspect`: the normalized form)
        Value::SemVerRange(r) => out.push_str(&r.normalized()),
        Value::Timespan(t) => {
            let _ = write!(
                out,
                "#<Puppet::Pops::Time::Timespan:{ADDRESS} @nsecs={}>",
                { t.nanos }
            );
        }
        Value::Timestamp(t) => {
            let _ = write!(
                out,
                "#<Puppet::Pops::Time::Timestamp:{ADDRESS} @nsecs={}>",
                { t.nanos }
            );
        }
        Value::Binary(b) => {
            let _ = write!(
                out,
                "#<Puppet::Pops::Types::PBinaryType::Binary:{ADDRESS} @binary_buffer={}>",
                bytes_inspect(b)
            );
        }
        // A regexp's Puppet form is Ruby's `Regexp#inspect`; a version's is its `to_s`. A
        // type and an object are in the language's form, where the reference shows their
        // Ruby objects' variables (docs/deviations.md).
        other => out.push_str(&to_display(other)),
    }
}

/// Ruby's `inspect` of a binary (ASCII-8BIT) string: printable ASCII as it is, the usual
/// escapes, every other byte `\xNN`.
pub fn bytes_inspect(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(bytes.len() + 2);
    out.push('"');
    for (i, &b) in bytes.iter().enumerate() {
        let _ = match b {
            b'\t' => write!(out, "\\t"),
            b'\n' => write!(out, "\\n"),
            b'\r' => write!(out, "\\r"),
            0x1b => write!(out, "\\e"),
            0x07 => write!(out, "\\a"),
            0x08 => write!(out, "\\b"),
            0x0b => write!(out, "\\v"),
            0x0c => write!(out, "\\f"),
            b'"' => write!(out, "\\\""),
            b'\\' => write!(out, "\\\\"),
            b'#' if matches!(bytes.get(i + 1), Some(b'{' | b'$' | b'@')) => write!(out, "\\#"),
            0x20..=0x7e => {
                out.push(b as char);
                Ok(())
            }
            b => write!(out, "\\x{b:02X}"),
        };
    }
    out.push('"');
    out
}

/// The Ruby class of a value as the reference holds it (`obj.class`): `Integer`, `NilClass`,
/// `Puppet::Pops::Types::PIntegerType`, `Puppet::Pops::Time::Timespan`.
pub fn class_name(v: &Value) -> String {
    match v {
        Value::Type(t) => type_class(t),
        // (the built-in `Error` is the reference's `Puppet::DataTypes::Error`)
        Value::Object(o) if o.typ.label() == "Error" => "Puppet::DataTypes::Error".to_string(),
        Value::Object(o) => o.typ.label().to_string(),
        other => crate::time::coerce::ruby_class(other).to_string(),
    }
}

/// The Ruby class of a value as the reference holds it (`held`), what `arg.class` names in a
/// function's message (stdlib's `has_key`, `dig44`, `delete`, ...): for the 3.x function API
/// (`Held::Strings`) a regexp, time value, version or binary is a `String` (and an undef
/// argument the empty String), a URI its `URI::HTTP`, a type its `Puppet::Pops::Types::P...Type`.
pub fn class_name_as(v: &Value, held: Held) -> String {
    match v {
        Value::Undef if held == Held::Strings => "String".into(),
        _ if held == Held::Strings && handed_as_string(v) => "String".into(),
        _ => class_name(v),
    }
}

/// The class name Ruby reports in "no implicit conversion of X into String": the class,
/// or `nil`, `true`, `false` for those.
pub fn conversion_class(v: &Value) -> String {
    ruby_class(v)
}

/// The class name Ruby reports in "can't convert X into Integer": `nil`, `true`, `false`,
/// else its class.
fn ruby_class(v: &Value) -> String {
    match v {
        Value::Undef => "nil".into(),
        Value::Boolean(b) => b.to_string(),
        other => class_name(other),
    }
}

/// The reference's class for a type value: `Puppet::Pops::Types::PIntegerType` for
/// `Integer[1, 2]`, `PTypeAliasType` for `Data`, `RichData` and aliases.
pub fn type_class(t: &crate::types::PType) -> String {
    use crate::types::PType;
    let base = match t {
        PType::Data | PType::RichData | PType::Alias(_) => "TypeAlias".to_string(),
        PType::Resource { .. } => "Resource".to_string(),
        PType::ObjectType(_) => "Object".to_string(),
        t => {
            let shown = t.to_string();
            shown.split('[').next().unwrap_or_default().to_string()
        }
    };
    format!("Puppet::Pops::Types::P{base}Type")
}

/// How Ruby's `NoMethodError` names its receiver (Ruby 3.1): `1:Integer`, `nil:NilClass`,
/// `[1, "a"]:Array`, `#<Sensitive [value redacted]>`; an inspection longer than 65 characters is Ruby's default `#<Array:0x...>`
/// (an address, given here as zeros), and one starting with `#` has no class after it.
pub fn no_method_receiver(v: &Value) -> String {
    let class = class_name(v);
    if !matches!(
        v,
        Value::Undef
            | Value::Boolean(_)
            | Value::Integer(_)
            | Value::Float(_)
            | Value::String(_)
            | Value::Array(_)
            | Value::Hash(_)
            | Value::Regexp(_)
            | Value::Default
            | Value::Sensitive(_)
            | Value::Uri(_)
    ) {
        return format!("#<{class}:{ADDRESS}>");
    }
    let shown = inspect_objects(v);
    if shown.chars().count() > 65 {
        format!("#<{class}:{ADDRESS}>")
    } else if shown.starts_with('#') {
        shown
    } else {
        format!("{shown}:{class}")
    }
}

/// Ruby's `Integer(v)` as `%d %x %o %b %c` apply it.
pub fn to_integer(v: &Value) -> Result<i128, Error> {
    match v {
        Value::Integer(i) => Ok(*i as i128),
        Value::Float(f) => {
            if f.is_nan() {
                Err(Error::eval("NaN"))
            } else if f.is_infinite() {
                Err(Error::eval(if *f > 0.0 { "Infinity" } else { "-Infinity" }))
            } else if f.abs() >= 1.7e38 {
                Err(Error::eval(format!(
                    "{} is too large to format",
                    float::ruby_float_to_s(*f)
                )))
            } else {
                Ok(f.trunc() as i128)
            }
        }
        Value::String(s) => numbers::ruby_integer(s, None)
            .map(|i| i as i128)
            .ok_or_else(|| {
                Error::eval(format!(
                    "invalid value for Integer(): {}",
                    quote::ruby_inspect(s)
                ))
            }),
        Value::Timespan(_) | Value::Timestamp(_) => to_float(v).map(|f| f.trunc() as i128),
        // A regexp is converted in its `/.../` form, which is no number.
        Value::Regexp(_) => Err(Error::eval(format!(
            "invalid value for Integer(): {}",
            quote::ruby_inspect(&to_display(v))
        ))),
        other => Err(Error::eval(format!(
            "can't convert {} into Integer",
            ruby_class(other)
        ))),
    }
}

/// Ruby's `Float(v)` as `%f %e %g %a` apply it.
pub fn to_float(v: &Value) -> Result<f64, Error> {
    match v {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        // The reference shows the string's bytes here (`"\xC3\xBC"` for `ü`).
        Value::String(s) => numbers::ruby_float(s).ok_or_else(|| {
            Error::eval(format!(
                "invalid value for Float(): {}",
                bytes_escaped(&quote::ruby_inspect(s))
            ))
        }),
        Value::Regexp(_) => Err(Error::eval(format!(
            "invalid value for Float(): {}",
            bytes_escaped(&quote::ruby_inspect(&to_display(v)))
        ))),
        Value::Timespan(t) => Ok(t.nanos as f64 / 1e9),
        Value::Timestamp(t) => Ok(t.nanos as f64 / 1e9),
        other => Err(Error::eval(format!(
            "can't convert {} into Float",
            ruby_class(other)
        ))),
    }
}

/// `text` with each non-ASCII character written as its UTF-8 bytes (`\xC3\xBC`), as Ruby
/// inspects a binary string.
fn bytes_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02X}"));
            }
        }
    }
    out
}

/// The message of `%c` for a value that is no character and no number.
pub fn no_character(v: &Value) -> Error {
    match v {
        Value::Undef
        | Value::Regexp(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Timespan(_)
        | Value::Timestamp(_) => Error::eval("%c requires a character"),
        other => Error::eval(format!(
            "no implicit conversion of {} into Integer",
            ruby_class(other)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{Timespan, Timestamp};

    fn s(x: &str) -> Value {
        Value::from(x)
    }

    /// The reference's answers (`fail([...])` for the older API's form, `inline_template`'s
    /// `@x.inspect` and `Cannot alias` for Ruby objects), addresses as zeros.
    #[test]
    fn inspect_as_the_reference_holds_values() {
        let awkward = s("a\u{e9}\"\\#{x}#$y#@z\n\t\r\u{1}\u{1b}\u{7f} \u{1F600}");
        let want = r#""aé\"\\\#{x}\#$y\#@z\n\t\r\u0001\e\u007F 😀""#;
        let t = Value::Timespan(Timespan {
            nanos: 1_000_000_000,
        });
        let ts = Value::Timestamp(Timestamp { nanos: 0 });
        let bin = Value::Binary(std::rc::Rc::from(&[0u8, 0xff, 0x7f, b'\n', b'#', b'{'][..]));
        let uri = Value::Uri(std::rc::Rc::new(
            crate::values::uri::Uri::parse("http://a/b").unwrap(),
        ));
        let cases: Vec<(Value, &str, &str)> = vec![
            (awkward, want, want),
            (Value::Undef, "nil", "nil"),
            (Value::Default, ":default", ":default"),
            (Value::Float(1e20), "1.0e+20", "1.0e+20"),
            (Value::Float(-0.0), "-0.0", "-0.0"),
            (Value::Float(1.5e-7), "1.5e-07", "1.5e-07"),
            (
                t,
                r#""0-00:00:01.0""#,
                "#<Puppet::Pops::Time::Timespan:0x0000000000000000 @nsecs=1000000000>",
            ),
            (
                ts,
                r#""1970-01-01T00:00:00.000000000 UTC""#,
                "#<Puppet::Pops::Time::Timestamp:0x0000000000000000 @nsecs=0>",
            ),
            (
                bin,
                r#""AP9/CiN7""#,
                r#"#<Puppet::Pops::Types::PBinaryType::Binary:0x0000000000000000 @binary_buffer="\x00\xFF\x7F\n\#{">"#,
            ),
            (
                uri.clone(),
                "#<URI::HTTP http://a/b>",
                "#<URI::HTTP http://a/b>",
            ),
            (
                Value::Sensitive(std::rc::Rc::new(Value::Integer(1))),
                "#<Sensitive [value redacted]>",
                "#<Sensitive [value redacted]>",
            ),
            (
                Value::array(vec![Value::hash(
                    [(s("a"), Value::array(vec![Value::Integer(1), s("x")]))]
                        .into_iter()
                        .collect(),
                )]),
                r#"[{"a"=>[1, "x"]}]"#,
                r#"[{"a"=>[1, "x"]}]"#,
            ),
        ];
        for (v, strings, objects) in cases {
            assert_eq!(inspect_as(&v, Held::Strings), strings, "{v:?}");
            assert_eq!(inspect_as(&v, Held::Objects), objects, "{v:?}");
        }
        assert_eq!(
            crate::values::uri::Uri::parse("ftp://x")
                .unwrap()
                .ruby_class(),
            "URI::FTP"
        );
    }
}
