//! `yaml_data`, `json_data` and `hocon_data`: Hiera's built-in `data_hash` backends as
//! functions a custom backend may call with the options and context it was given
//! (`yaml_data($options, $context)` in a Puppet backend, `call_function('json_data',
//! options, context)` in a Ruby one): the data of the file at `options['path']`, read as
//! the lookup reads it (`env::hiera::parse_file_data`).

use super::builtin;
use super::signature::dispatch;
use super::Builtin;
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;

// (the reference's signatures, `Puppet::LookupContext $context`, the context checked by
// `read`: it is only made by a lookup, for its backends)
const SIGNATURES: &[&str] = &["Struct[{'path' => String[1]}] $options, Any $context"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("yaml_data", SIGNATURES, yaml_data, "yaml_data(Struct[{path=>String[1]}] $options, Puppet::LookupContext $context)\nThe hash of the YAML file at `path`, as Hiera's `data_hash: yaml_data` reads it: for a custom backend function, with the options and context it was given.\n\n    yaml_data($options, $context)"),
        builtin("json_data", SIGNATURES, json_data, "json_data(Struct[{path=>String[1]}] $options, Puppet::LookupContext $context)\nThe data of the JSON file at `path`, as Hiera's `data_hash: json_data` reads it: for a custom backend function, with the options and context it was given.\n\n    json_data($options, $context)"),
        builtin("hocon_data", SIGNATURES, hocon_data, "hocon_data(Struct[{path=>String[1]}] $options, Puppet::LookupContext $context)\nThe hash of the HOCON file at `path`, as Hiera's `data_hash: hocon_data` reads it: for a custom backend function, with the options and context it was given.\n\n    hocon_data($options, $context)"),
    ]
}

fn yaml_data(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    read(ev, args, b, "yaml_data")
}

fn json_data(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    read(ev, args, b, "json_data")
}

fn hocon_data(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    read(ev, args, b, "hocon_data")
}

fn read(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>, function: &str) -> EvalResult {
    dispatch(ev, args, b)?;
    match args.get(1) {
        Some(Value::Object(o)) if crate::types::pcore::is_lookup_context(o) => {}
        other => {
            let got = crate::types::infer::infer_generalized(other.unwrap_or(&Value::Undef));
            return Err(Error::eval(format!(
                "'{function}' parameter 'context' expects a Puppet::LookupContext value, got {}",
                crate::format::to_display(&Value::Type(std::rc::Rc::new(got)))
            ))
            .into());
        }
    }
    let path = match args.first() {
        Some(Value::Hash(h)) => h
            .get(&Value::string("path"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        _ => String::new(),
    };
    let path = std::path::Path::new(&path);
    let text = crate::env::fs::read_to_string(path)
        .map_err(|e| Error::eval(format!("Unable to read {}: {e}", path.display())))?;
    let strict = ev.strict == crate::Strictness::Error;
    let (data, bad) = crate::env::hiera::parse_file_data(function, &text, path, strict)?;
    if bad {
        let message = crate::env::hiera::not_a_yaml_hash(path);
        if ev.first_deprecation(&message) {
            ev.log(crate::LogLevel::Warning, &message);
        }
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    /// A custom backend's call (`yaml_data($options, $context)`; the context made in code
    /// here, which a lookup gives its backend in the reference, whose own is refused there).
    #[test]
    fn the_backends_read_the_file_at_the_path() {
        let dir = std::env::temp_dir().join(format!("prepl-hiera-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("d.yaml"), "a: 1\nb: [x]\n").unwrap();
        std::fs::write(dir.join("d.json"), "{\"j\": [1, 2]}").unwrap();
        std::fs::write(dir.join("d.conf"), "x = 1\ny { z = [1] }\n").unwrap();
        std::fs::write(dir.join("list.yaml"), "- 1\n").unwrap();
        let mut s = crate::Session::new();
        let call = |s: &mut crate::Session, f: &str, file: &str| {
            let src = format!(
                "{f}({{'path' => '{}'}}, Puppet::LookupContext('x'))",
                dir.join(file).display()
            );
            s.eval(&src)
                .map(|v| crate::format::to_programmatic(&v))
                .map_err(|e| e.message)
        };
        assert_eq!(
            call(&mut s, "yaml_data", "d.yaml"),
            Ok("{'a' => 1, 'b' => ['x']}".into())
        );
        assert_eq!(
            call(&mut s, "json_data", "d.json"),
            Ok("{'j' => [1, 2]}".into())
        );
        assert_eq!(
            call(&mut s, "hocon_data", "d.conf"),
            Ok("{'x' => 1, 'y' => {'z' => [1]}}".into())
        );
        assert!(call(&mut s, "yaml_data", "list.yaml")
            .is_err_and(|m| m.contains("file does not contain a valid yaml hash")));
        let e = s.eval("yaml_data({'path' => '/x'}, 1)").unwrap_err();
        assert!(
            e.message
                .contains("'yaml_data' parameter 'context' expects a Puppet::LookupContext value, got Integer"),
            "{}",
            e.message
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
