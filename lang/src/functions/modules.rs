//! Functions that read a module's files: `file`, `binary_file`, `find_file`,
//! `find_template`, `module_directory` (and `epp` finds templates the same way, see `epp`).

use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::env::modules;
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;
use std::path::PathBuf;

/// The strings of the arguments, arrays flattened.
fn names(args: &[Value]) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.to_string()),
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    args.iter().for_each(|a| walk(a, &mut out));
    out
}

/// An absolute path that exists, or `module/rest` in the module's `sub` directory.
pub fn find(ev: &Evaluator, name: &str, sub: &str) -> Option<PathBuf> {
    let p = std::path::Path::new(name);
    if p.is_absolute() {
        return crate::env::fs::exists(p).then(|| p.to_path_buf());
    }
    modules::module_file(&ev.env, name, sub)
}

fn file(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let all = names(args);
    for n in &all {
        if let Some(path) = find(ev, n, "files") {
            let bytes = crate::limits::read_file(&path).map_err(|e| {
                e.map(|io| Error::eval(format!("{io} - {}", path.display())))
                    .unwrap_or_else(|limit| limit)
            })?;
            return Ok(Value::string(String::from_utf8_lossy(&bytes).as_ref()));
        }
    }
    Err(Error::eval(format!("Could not find any files from {}", all.join(", "))).into())
}

fn binary_file(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let [Value::String(name)] = args else {
        unreachable!("dispatch checked one String")
    };
    let missing = || {
        Error::eval(format!(
            "binary_file(): The given file '{name}' does not exist"
        ))
    };
    let path = find(ev, name, "files").ok_or_else(missing)?;
    let bytes = crate::limits::read_file(&path)
        .map_err(|e| e.map(|_| missing()).unwrap_or_else(|limit| limit))?;
    Ok(Value::Binary(bytes.into()))
}

fn find_in(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>, sub: &str) -> EvalResult {
    dispatch(ev, args, b)?;
    Ok(names(args)
        .iter()
        .find_map(|n| find(ev, n, sub))
        .map(|p| Value::string(p.display().to_string()))
        .unwrap_or(Value::Undef))
}

fn find_file(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    find_in(ev, args, b, "files")
}

fn find_template(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    find_in(ev, args, b, "templates")
}

fn module_directory(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Ok(names(args)
        .iter()
        .find_map(|n| modules::module_dir(&ev.env, n))
        .map(|p| Value::string(p.display().to_string()))
        .unwrap_or(Value::Undef))
}

const PATHS: &[&str] = &["String *$paths", "Array[String] *$paths"];
const NAMES: &[&str] = &["String *$names", "Array[String] *$names"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("file", PATHS, file, "file(String *$paths) -> String\nThe content of the first file found: an absolute path, or 'module/name' in the module's files/.\n\n    file('ntp/ntp.conf')"),
        builtin("binary_file", &["String $path"], binary_file, "binary_file(String $path) -> Binary\nThe bytes of a file: an absolute path, or 'module/name' in the module's files/.\n\n    binary_file('mysql/mysqltuner.pl')"),
        builtin("find_file", PATHS, find_file, "find_file(String *$paths) -> Optional[String]\nThe absolute path of the first file found ('module/name' in files/), or undef.\n\n    find_file('ntp/ntp.conf')"),
        builtin("find_template", PATHS, find_template, "find_template(String *$paths) -> Optional[String]\nThe absolute path of the first template found ('module/name' in templates/), or undef.\n\n    find_template('ntp/ntp.conf.epp')"),
        builtin("module_directory", NAMES, module_directory, "module_directory(String *$names) -> Optional[String]\nThe directory of the first module found on the modulepath, or undef.\n\n    module_directory('stdlib')"),
    ]
}
