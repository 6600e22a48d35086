//! `md5`, `sha1`, `sha256`: hex digests of a string (functions of the reference's older
//! function API, with its argument checks and wording).

use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;
use sha2::Digest;

fn digest<D: Digest>(name: &str, args: &[Value]) -> EvalResult {
    let [arg] = args else {
        return Err(Error::eval(format!(
            "{name}(): Wrong number of arguments given ({} for 1)",
            args.len()
        ))
        .into());
    };
    // The older API's argument: undef is '', regexps, versions, time values and binaries
    // come as their strings.
    let text = match arg {
        Value::String(s) => s.to_string(),
        Value::Undef => String::new(),
        v if crate::format::ruby::handed_as_string(v) => crate::format::to_display(v),
        other => {
            return Err(Error::eval(format!(
                "no implicit conversion of {} into String",
                crate::format::ruby::conversion_class(other)
            ))
            .into())
        }
    };
    let bytes = D::digest(text.as_bytes());
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    Ok(Value::from(hex))
}

fn md5(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    digest::<md5::Md5>("md5", args)
}

fn sha1(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    digest::<sha1::Sha1>("sha1", args)
}

fn sha256(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    digest::<sha2::Sha256>("sha256", args)
}

/// The older function API checks its arguments itself.
const ANY: &[&str] = &["Any *$args"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("md5", ANY, md5, "md5(String $string) -> String\nThe MD5 digest of the string, in hexadecimal.\n\n    md5('x')   # '9dd4e461268c8034f5c8564e155c67a6'"),
        builtin("sha1", ANY, sha1, "sha1(String $string) -> String\nThe SHA-1 digest of the string, in hexadecimal.\n\n    sha1('x')   # '11f6ad8ec52a2984abaafd7c3b516503785c2072'"),
        builtin("sha256", ANY, sha256, "sha256(String $string) -> String\nThe SHA-256 digest of the string, in hexadecimal.\n\n    sha256('x')   # '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881'"),
    ]
}
