//! `inline_epp(template, parameters)` and `epp(path, parameters)`: render an EPP template
//! (see `syntax::epp`). `epp` takes an absolute path only (there are no module paths).
//!
//! The template becomes the source of a lambda (`syntax::epp::translate`) whose parameters
//! are the template's declared parameters (or, without a parameter tag, the given hash's
//! keys). The lambda closes over the caller's scope, as the reference's template does. Its
//! body talks to the renderer through functions that exist only while a template runs:
//! `prepl_epp::render(value)` appends to the output, `prepl_epp::check(name, type, value,
//! ...)` checks the parameters' types, `prepl_epp::done()` marks the end of the body.
//!
//! - `compile`: translation, parsing (cached) and the reference's wording of template errors;
//! - `params`: binding the parameter hash;
//! - `shared`: compiled templates kept frozen for the process (thawed by other threads).

use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::{Error, ErrorKind, Source};
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::syntax::ast::{ExprKind, Lambda, Program};
use crate::syntax::epp::{self, SourceMap, TemplateSource};
use crate::types;
use crate::values::Value;
use std::cell::RefCell;
use std::rc::Rc;

mod compile;
mod params;
mod shared;

use compile::compile;
use params::{bind_declared, bind_undeclared, check_keys, plainly_accepted};

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin(
            "epp",
            &["String $path, Hash[Pattern[/^\\w+$/], Any] $parameters?"],
            epp_file,
            "epp(String $path, Hash[Pattern[/^\\w+$/], Any] $parameters?)\nRenders the EPP template in a file (an absolute path: there are no module paths).\n\n    epp('/tmp/motd.epp', {name => 'web1'})",
        ),
        builtin(
            "inline_epp",
            &["String $template, Hash[Pattern[/^\\w+$/], Any] $parameters?"],
            inline_epp,
            "inline_epp(String $template, Hash[Pattern[/^\\w+$/], Any] $parameters?)\nRenders an EPP template given as a string: text with <%= expr %>, <% code %>, <%# comment %>, and an optional parameter tag <%- | String $name | -%> first.\n\n    inline_epp('Hi <%= $n %>', {n => 'Bob'})   # 'Hi Bob'",
        ),
    ]
}

// (`render` and `done` touch only the output: a template's compiled loop body calls them)
static RENDER: Builtin = builtin(epp::RENDER, &["Any *$values"], render, "").scope_free();
static DONE: Builtin = builtin(epp::DONE, &[], done, "").scope_free();
static CHECK: Builtin = builtin(epp::CHECK, &["Any *$checks"], check, "");

/// What a template being rendered has produced so far.
#[derive(Default)]
struct Output {
    text: String,
    /// Whether the body ran to its end (rather than leaving by `next()`).
    completed: bool,
    /// Whether a sensitive value was rendered (the result is then sensitive).
    sensitive: bool,
}

thread_local! {
    /// The output of each template being rendered, innermost last.
    static OUTPUT: RefCell<Vec<Output>> = const { RefCell::new(Vec::new()) };
}

fn with_output<R>(f: impl FnOnce(&mut Output) -> R) -> Option<R> {
    OUTPUT.with(|o| o.borrow_mut().last_mut().map(f))
}

/// Appends the `%s` form of each value, in order; a sensitive value is revealed, and makes
/// the result sensitive. (The texts and values between two code tags come in one call.)
fn render(_ev: &mut Evaluator, args: &[Value], _b: Option<&Closure>) -> EvalResult {
    // (formatting a value runs no Puppet code: the output is borrowed once for all)
    OUTPUT
        .with(|o| match o.borrow_mut().last_mut() {
            Some(o) => args.iter().try_for_each(|v| render_one(o, v)),
            None => Ok(()),
        })
        .map_err(Flow::from)?;
    Ok(Value::Undef)
}

/// Appends the `%s` form of one value.
fn render_one(o: &mut Output, v: &Value) -> Result<(), Error> {
    match v {
        // The text of a value with shared parts can be enormous, and a loop can render
        // without end: both are checked against the memory limit.
        Value::Sensitive(inner) => {
            let text = crate::format::try_display(inner)?;
            o.sensitive = true;
            crate::limits::push_str(&mut o.text, &text)
        }
        // (a string is appended as it is, not copied first; an integer's digits are
        // written in place)
        Value::String(s) => crate::limits::push_str(&mut o.text, s),
        &Value::Integer(i) => {
            // (room for the longest integer, checked as `push_str` checks)
            if o.text.capacity() - o.text.len() < 20 {
                crate::limits::reserve(o.text.capacity().max(20))?;
            }
            crate::format::push_integer(&mut o.text, i);
            Ok(())
        }
        v => {
            let text = crate::format::try_display(v)?;
            crate::limits::push_str(&mut o.text, &text)
        }
    }
}

fn done(_ev: &mut Evaluator, _args: &[Value], _b: Option<&Closure>) -> EvalResult {
    with_output(|o| o.completed = true);
    Ok(Value::Undef)
}

/// `check(name, type, value, ...)`: the parameters' types, all mismatches reported together.
fn check(ev: &mut Evaluator, args: &[Value], _b: Option<&Closure>) -> EvalResult {
    use super::deferred_params::DeferredParameter;
    let mut problems = Vec::new();
    for triple in args.chunks(3) {
        if let [Value::String(name), Value::Type(t), value] = triple {
            // (a `Deferred` by its function's return type, as a class's parameter)
            if let DeferredParameter::Checked(m) = super::deferred_params::check(ev, t, value)? {
                problems.extend(m.iter().map(|m| format!("parameter '{name}' {m}")));
            } else if !types::is_instance(t, value) {
                problems.extend(parameter_mismatches(name, t, value));
            }
        }
    }
    match lambda_problems(&problems) {
        Some(e) => Err(e.into()),
        None => Ok(Value::Undef),
    }
}

/// A template parameter's value its type refuses: `parameter 'a' index 0 expects ...`, a
/// line for each way it fails (each element of the wrong type), as the reference lists them
/// (and as a class's parameters are described: where the reference describes nothing and
/// lets the value through, prepl refuses it with a description of its own,
/// docs/deviations.md).
pub(super) fn parameter_mismatches(name: &str, t: &types::PType, value: &Value) -> Vec<String> {
    types::mismatch::describe_parameter_mismatches(t, value)
        .iter()
        .map(|m| format!("parameter '{name}' {m}"))
        .collect()
}

/// `lambda: PROBLEM`, or `lambda:` followed by one indented line per problem.
pub(super) fn lambda_problems(problems: &[String]) -> Option<Error> {
    match problems {
        [] => None,
        [one] => Some(Error::eval(format!("lambda: {one}"))),
        _ => {
            let lines: Vec<String> = problems.iter().map(|p| format!("\n  {p}")).collect();
            Some(Error::eval(format!("lambda:{}", lines.concat())))
        }
    }
}

fn inline_epp(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    check_keys("inline_epp", args)?;
    if !plainly_accepted(args, b.is_some()) {
        dispatch(ev, args, b)?;
    }
    let text = args.first().and_then(Value::as_str).unwrap_or("");
    let src = TemplateSource {
        text,
        file: crate::error::INLINE_EPP_NAME,
        function: "inline_epp",
    };
    render_template(ev, &src, args.get(1))
}

/// `epp(path, parameters)`: without module paths, only an absolute path names a template.
fn epp_file(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    check_keys("epp", args)?;
    dispatch(ev, args, b)?;
    let given = args.first().and_then(Value::as_str).unwrap_or("");
    // As the reference: a name that is not an existing file gets the `.epp` extension.
    let path = if std::path::Path::new(given).exists() || given.ends_with(".epp") {
        given.to_string()
    } else {
        format!("{given}.epp")
    };
    let path = path.as_str();
    let not_found = || Error::eval(format!("Could not find template '{path}'"));
    // An absolute path, or `module/name` in the module's templates/.
    let Some(found) = super::modules::find(ev, path, "templates") else {
        return Err(not_found().into());
    };
    let shown = found.display().to_string();
    let file = found.as_path();
    if file.is_dir() {
        return Err(Error::eval(format!("Is a directory @ io_fread - {path}")).into());
    }
    let text = crate::env::fs::read(file).map_err(|e| Error::eval(format!("{e} - {path}")))?;
    let text = String::from_utf8_lossy(&text);
    let src = TemplateSource {
        text: &text,
        file: &shown,
        function: "epp",
    };
    // A template file sees the top scope and its parameters only, not the caller's scope.
    let saved_scope = ev.scope.take();
    let saved_frame = ev.current.take();
    let r = render_template(ev, &src, args.get(1));
    ev.scope = saved_scope;
    ev.current = saved_frame;
    r
}

/// Renders a template with the given parameter hash (if any).
fn render_template(ev: &mut Evaluator, src: &TemplateSource, hash: Option<&Value>) -> EvalResult {
    let call_span = ev.call_span;
    let given: Vec<(Rc<str>, Value)> = match hash {
        Some(Value::Hash(h)) => h
            .iter()
            .filter_map(|(k, v)| Some((Rc::from(k.as_str()?), v.clone())))
            .collect(),
        _ => Vec::new(),
    };
    let known = compile::scanned(src.text).map_err(|e| src.invalid(&e.message, e.at))?;
    for w in &known.warnings {
        ev.log(crate::LogLevel::Warning, w);
    }
    let (params, values) = match known.template.params {
        Some(range) => bind_declared(ev, src, range, given)?,
        None => bind_undeclared(src, given)?,
    };
    let compiled = compile(src, &known, &params)?;
    // A template compiled before (the cache is shared by evaluators) gives its lambdas'
    // layouts to each evaluator once.
    if !ev.layouts.knows_lambda(&compiled.lambda) {
        ev.layouts.absorb(&compiled.layouts);
    }
    run(ev, src, &compiled.lambda, &values, &compiled.map).map_err(|f| match f {
        Flow::Error(e) if e.kind == ErrorKind::Failed => Flow::from(e.at(call_span)),
        other => other,
    })
}

/// Runs the template's lambda with the hidden functions installed and a fresh buffer.
fn run(
    ev: &mut Evaluator,
    src: &TemplateSource,
    lambda: &Rc<Lambda>,
    values: &[Value],
    map: &SourceMap,
) -> EvalResult {
    let text = src.text;
    let call_span = ev.call_span;
    // (installed together by the outermost template, so one of them tells)
    let outermost = !ev.builtins.contains_key(RENDER.name);
    if outermost {
        for b in [&RENDER, &CHECK, &DONE] {
            ev.builtins.insert(b.name, b);
        }
    }
    OUTPUT.with(|o| o.borrow_mut().push(Output::default()));
    let closure = ev.closure(lambda);
    let outer = std::mem::replace(&mut ev.current_builtin, "lambda");
    let outer_signatures = std::mem::take(&mut ev.current_signatures);
    let result = ev.call_closure(&closure, values);
    ev.current_builtin = outer;
    ev.current_signatures = outer_signatures;
    let output = OUTPUT.with(|o| o.borrow_mut().pop()).unwrap_or_default();
    if outermost {
        for b in [&RENDER, &CHECK, &DONE] {
            ev.builtins.remove(b.name);
        }
    }
    match result {
        Ok(_) if output.completed => {
            let text = Value::string(output.text);
            Ok(if output.sensitive {
                Value::Sensitive(Rc::new(text))
            } else {
                text
            })
        }
        // `next(value)`: the value is the result, if it is a string.
        Ok(v) | Err(Flow::Next(v)) => check_result(src.function, v),
        Err(Flow::Return(v)) => Ok(v),
        // `break()` leaves the template and breaks the iteration the template is rendered
        // in; at top level it is an error located in the template.
        Err(Flow::Break) if ev.current.is_some() => {
            ev.control_span = call_span;
            Err(Flow::Break)
        }
        Err(Flow::Break) => {
            let at = map.offset(ev.control_span.start as usize);
            let (line, _) = epp::line_col(text, at);
            Err(Error::new(
                ErrorKind::Failed,
                format!(
                    "break() from context where this is illegal (file: {}, line: {line})",
                    src.file
                ),
            )
            .into())
        }
        Err(Flow::Error(mut e)) => {
            if e.source.is_none() {
                if let Some(span) = e.span.as_mut() {
                    let start = map.offset(span.start as usize);
                    let end = map.offset(span.end as usize).max(start);
                    span.start = start as u32;
                    span.end = end as u32;
                    e.source = Some(Source::new(src.file, text));
                }
            }
            Err(Flow::Error(e))
        }
    }
}

/// The value given to `next()` in a template's body, checked as the reference checks it.
fn check_result(function: &str, v: Value) -> EvalResult {
    let ok = match &v {
        Value::String(_) => true,
        Value::Sensitive(inner) => matches!(**inner, Value::String(_)),
        _ => false,
    };
    if ok {
        return Ok(v);
    }
    let expected = crate::types::typesrc::parse_type("Variant[String, Sensitive[String]]")
        .map_err(Error::eval)?;
    Err(Error::eval(types::mismatch::wrong_type(
        &format!("value returned from function '{function}'"),
        &types::describe_mismatches(&expected, &v),
    ))
    .into())
}

/// The lambda of `epp_template() |...| { ... }`.
pub(super) fn lambda_of(program: &Program) -> Option<Rc<Lambda>> {
    match &program.body.first()?.kind {
        ExprKind::Call { block: Some(l), .. } => Some(l.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
