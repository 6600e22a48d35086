//! `inline_epp(template, parameters)`: renders an EPP template (see `syntax::epp`).
//!
//! The template becomes the source of a lambda (`syntax::epp::translate`) whose parameters
//! are the template's declared parameters (or, without a parameter tag, the given hash's
//! keys). The lambda closes over the caller's scope, as the reference's template does. Its
//! body appends to an output buffer through two functions that exist only while a template
//! runs: `prepl_epp::render(value)` and `prepl_epp::check(name, type, value)`.

use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::{Error, ErrorKind, Source};
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::syntax::ast::{Expr, ExprKind, Lambda, Param, Program};
use crate::syntax::epp::{self, LambdaParam, Origin, SourceMap, Template, TemplateSource};
use crate::types;
use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;

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

static RENDER: Builtin = builtin(epp::RENDER, &["Any $value"], render, "");
static DONE: Builtin = builtin(epp::DONE, &[], done, "");
static CHECK: Builtin = builtin(epp::CHECK, &["Any *$checks"], check, "");

thread_local! {
    /// The output of each template being rendered, innermost last.
    /// The output of each template being rendered, innermost last, and whether its body
    /// completed.
    static OUTPUT: RefCell<Vec<(String, bool)>> = const { RefCell::new(Vec::new()) };
}

fn render(_ev: &mut Evaluator, args: &[Value], _b: Option<&Closure>) -> EvalResult {
    if let Some(v) = args.first() {
        let text = crate::format::to_display(v);
        OUTPUT.with(|o| {
            if let Some((top, _)) = o.borrow_mut().last_mut() {
                top.push_str(&text);
            }
        });
    }
    Ok(Value::Undef)
}

fn done(_ev: &mut Evaluator, _args: &[Value], _b: Option<&Closure>) -> EvalResult {
    OUTPUT.with(|o| {
        if let Some((_, completed)) = o.borrow_mut().last_mut() {
            *completed = true;
        }
    });
    Ok(Value::Undef)
}

/// `check(name, type, value, ...)`: the parameters' types, all mismatches reported together.
fn check(_ev: &mut Evaluator, args: &[Value], _b: Option<&Closure>) -> EvalResult {
    let mut problems = Vec::new();
    for triple in args.chunks(3) {
        if let [Value::String(name), Value::Type(t), value] = triple {
            if !types::is_instance(t, value) {
                let m = types::mismatch::describe_mismatch(t, value);
                problems.push(format!("parameter '{name}' {m}"));
            }
        }
    }
    match lambda_problems(&problems) {
        Some(e) => Err(e.into()),
        None => Ok(Value::Undef),
    }
}

/// `lambda: PROBLEM`, or `lambda:` followed by one indented line per problem.
fn lambda_problems(problems: &[String]) -> Option<Error> {
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
    dispatch(ev, args, b)?;
    let text = args.first().and_then(Value::as_str).unwrap_or("");
    let src = TemplateSource {
        text,
        file: "inlined-epp-text",
        function: "inline_epp",
    };
    render_template(ev, &src, args.get(1))
}

/// `epp(path, parameters)`: without module paths, only an absolute path names a template.
fn epp_file(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    check_keys("epp", args)?;
    dispatch(ev, args, b)?;
    let path = args.first().and_then(Value::as_str).unwrap_or("");
    let not_found = || Error::eval(format!("Could not find template '{path}'"));
    let file = std::path::Path::new(path);
    if !file.is_absolute() || !file.exists() {
        return Err(not_found().into());
    }
    if file.is_dir() {
        return Err(Error::eval(format!("Is a directory @ io_fread - {path}")).into());
    }
    let text = std::fs::read(file).map_err(|e| Error::eval(format!("{e} - {path}")))?;
    let text = String::from_utf8_lossy(&text);
    let src = TemplateSource {
        text: &text,
        file: path,
        function: "epp",
    };
    render_template(ev, &src, args.get(1))
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
    let template = epp::scan(src.text).map_err(|e| src.invalid(&e.message, e.at))?;
    let (params, values) = match template.params {
        Some(range) => bind_declared(ev, src, range, given)?,
        None => bind_undeclared(src, given)?,
    };
    let compiled = compile(src, &template, &params)?;
    // Resolving again is idempotent, and registers the lambdas with this evaluator.
    crate::eval::resolve::resolve_program(&compiled.program, &mut ev.layouts);
    run(ev, src, &compiled.lambda, &values, &compiled.map).map_err(|f| match f {
        Flow::Error(e) if e.kind == ErrorKind::Failed => Flow::Error(e.at(call_span)),
        other => other,
    })
}

/// The reference's wording for a string key that is not a word (`'n x'`); other mismatches
/// of the parameter hash are left to the signature check.
fn check_keys(function: &str, args: &[Value]) -> Result<(), Error> {
    let Some(Value::Hash(h)) = args.get(1) else {
        return Ok(());
    };
    let is_word =
        |k: &str| !k.is_empty() && k.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    if h.keys().any(|k| k.as_str().is_none()) || args.len() > 2 {
        return Ok(());
    }
    match h.keys().filter_map(Value::as_str).find(|k| !is_word(k)) {
        Some(k) => Err(Error::eval(format!(
            "'{function}' parameter 'parameters' key of entry '{k}' expects a match for Pattern[/^\\w+$/], got '{k}'"
        ))),
        None => Ok(()),
    }
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
    let mut installed: Vec<&'static str> = Vec::new();
    for b in [&RENDER, &CHECK, &DONE] {
        if !ev.builtins.contains_key(b.name) {
            ev.builtins.insert(b.name, b);
            installed.push(b.name);
        }
    }
    OUTPUT.with(|o| o.borrow_mut().push((String::new(), false)));
    let closure = ev.closure(lambda);
    let outer = std::mem::replace(&mut ev.current_builtin, "lambda");
    let result = ev.call_closure(&closure, values);
    ev.current_builtin = outer;
    let (output, completed) = OUTPUT.with(|o| o.borrow_mut().pop()).unwrap_or_default();
    for name in installed {
        ev.builtins.remove(name);
    }
    match result {
        Ok(_) if completed => Ok(Value::string(output)),
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
    let expected =
        crate::functions::signature::typesrc::parse_type("Variant[String, Sensitive[String]]")
            .map_err(Error::eval)?;
    Err(Error::eval(format!(
        "value returned from function '{function}' has wrong type, {}",
        types::mismatch::describe_mismatch(&expected, &v)
    ))
    .into())
}

/// The lambda of `epp_template() |...| { ... }`.
fn lambda_of(program: &Program) -> Option<Rc<Lambda>> {
    match &program.body.first()?.kind {
        ExprKind::Call { block: Some(l), .. } => Some(l.clone()),
        _ => None,
    }
}

/// A template translated and parsed, ready to run.
struct Compiled {
    program: Program,
    lambda: Rc<Lambda>,
    map: SourceMap,
}

/// How many compiled templates are kept (the cache is emptied when it is full).
const CACHE_SIZE: usize = 128;

thread_local! {
    /// Compiled templates by their generated source (which includes the parameters).
    static COMPILED: RefCell<HashMap<String, Rc<Compiled>>> = RefCell::new(HashMap::default());
}

/// The compiled form of a template, from the cache when it was compiled before.
fn compile(
    src: &TemplateSource,
    template: &Template,
    params: &[LambdaParam],
) -> Result<Rc<Compiled>, Error> {
    let runnable = epp::translate(src.text, template, params, true);
    if let Some(c) = COMPILED.with(|c| c.borrow().get(&runnable.source).cloned()) {
        return Ok(c);
    }
    let program = parse_checked(src, template, params).and_then(|()| {
        crate::syntax::parser::parse_program(&runnable.source)
            .map_err(|e| template_error(src, &runnable.map, e))
    })?;
    let lambda =
        lambda_of(&program).ok_or_else(|| Error::eval("internal error: no template lambda"))?;
    let compiled = Rc::new(Compiled {
        program,
        lambda,
        map: runnable.map,
    });
    COMPILED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_SIZE {
            c.clear();
        }
        c.insert(runnable.source, compiled.clone());
    });
    Ok(compiled)
}

/// Parses and validates the template's lambda as the reference sees it, wording syntax and
/// validation errors as the reference does.
fn parse_checked(
    src: &TemplateSource,
    template: &Template,
    params: &[LambdaParam],
) -> Result<(), Error> {
    let text = src.text;
    // A parameter list anywhere but first.
    for seg in &template.segments {
        if let epp::Segment::Code { start, end } = seg {
            let code = &text[*start..*end];
            if code.trim_start().starts_with('|') {
                let at = start + (code.len() - code.trim_start().len());
                return Err(src.invalid("Syntax error at '|'", Some(at)));
            }
        }
    }
    let generated = epp::translate(text, template, params, false);
    match crate::syntax::parse(&generated.source) {
        Ok(program) => check_render_assignments(src, &program, &generated),
        Err(e) => {
            // An error at the closing brace of the lambda: a `}` too many in the template
            // closed it; the body alone shows where.
            let at_end = e.span.is_some_and(|s| {
                matches!(generated.map.origin(s.start as usize), Origin::Other(at) if at == text.len())
            });
            if at_end && e.kind != ErrorKind::Incomplete {
                let body = &generated.source[generated.body_start..generated.body_end];
                if let Err(mut inner) = crate::syntax::parser::parse_program(body) {
                    if let Some(s) = inner.span.as_mut() {
                        s.start += generated.body_start as u32;
                        s.end += generated.body_start as u32;
                    }
                    return Err(template_error(src, &generated.map, inner));
                }
            }
            Err(template_error(src, &generated.map, e))
        }
    }
}

/// `<%= $a = 1 %>`: the reference's grammar takes no assignment there.
fn check_render_assignments(
    src: &TemplateSource,
    program: &Program,
    generated: &epp::Generated,
) -> Result<(), Error> {
    let mut found = None;
    for e in &program.body {
        find_render_assignment(e, 0, &mut found);
    }
    match found {
        Some(end) => {
            let after = &generated.source[end..];
            let eq = end + (after.len() - after.trim_start().len());
            Err(src.invalid("Syntax error at '='", Some(generated.map.offset(eq))))
        }
        None => Ok(()),
    }
}

/// Sets `found` to the end of the target of the first assignment rendered by `<%= %>`. The
/// parser bounds the nesting; `depth` bounds it again.
fn find_render_assignment(e: &Expr, depth: usize, found: &mut Option<usize>) {
    if found.is_some() || depth > 1000 {
        return;
    }
    match &e.kind {
        ExprKind::Call { name, args, .. } if &**name == epp::RENDER => {
            let mut arg = args.first();
            while let Some(ExprKind::Paren(inner)) = arg.map(|a| &a.kind) {
                arg = Some(inner);
            }
            if let Some(ExprKind::Assign(target, _)) = arg.map(|a| &a.kind) {
                *found = Some(target.span.end as usize);
                return;
            }
        }
        ExprKind::Call { block: Some(l), .. }
        | ExprKind::CallType { block: Some(l), .. }
        | ExprKind::Lambda(l) => {
            for b in &l.body {
                find_render_assignment(b, depth + 1, found);
            }
        }
        _ => {}
    }
    e.for_each_child(&mut |c| find_render_assignment(c, depth + 1, found));
}

/// A syntax or validation error in generated source, as an `Invalid EPP` error.
fn template_error(src: &TemplateSource, map: &SourceMap, e: Error) -> Error {
    if e.kind == ErrorKind::Incomplete && e.message == "Syntax error at end of input" {
        return src.invalid(&e.message, None);
    }
    let Some(span) = e.span else {
        return src.invalid(&e.message, None);
    };
    match map.origin(span.start as usize) {
        Origin::Close(at) if e.message.starts_with("Syntax error at ") => {
            let tag = if src.text.get(at..).is_some_and(|r| r.starts_with("-%>")) {
                "-%>"
            } else {
                "%>"
            };
            src.invalid(&format!("Syntax error at '{tag}'"), Some(at))
        }
        // Generated code: the calls that render text are the reference's Epp Texts.
        Origin::Other(at) => src.invalid(
            &e.message.replace("'a Function Call'", "'an Epp Text'"),
            Some(at),
        ),
        Origin::Code(at) | Origin::Close(at) => src.invalid(&e.message, Some(at)),
    }
}

/// Parameters from the hash when the template declares none: each entry is a variable.
fn bind_undeclared(
    src: &TemplateSource,
    given: Vec<(Rc<str>, Value)>,
) -> EvalResult<(Vec<LambdaParam>, Vec<Value>)> {
    let text = src.text;
    let mut params = Vec::with_capacity(given.len());
    let mut values = Vec::with_capacity(given.len());
    for (name, value) in given {
        if name.bytes().all(|c| c.is_ascii_digit()) {
            return Err(Error::eval(format!(
                "Cannot assign to a numeric match result variable '${name}'"
            ))
            .into());
        }
        if !name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_') {
            let message = format!(
                "Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
            );
            let at = text.find(&format!("${name}"));
            return Err(src.invalid(&message, at).into());
        }
        params.push(LambdaParam {
            name: name.to_string(),
            default: None,
            check_type: None,
            declared: params.len(),
        });
        values.push(value);
    }
    Ok((params, values))
}

/// Binds the given values to the declared parameters: unknown names, missing values and
/// type mismatches are reported together, as the reference does. The lambda declares the
/// given parameters first (without defaults), then the defaulted ones.
fn bind_declared(
    ev: &mut Evaluator,
    src: &TemplateSource,
    (start, end): (usize, usize),
    given: Vec<(Rc<str>, Value)>,
) -> EvalResult<(Vec<LambdaParam>, Vec<Value>)> {
    let text = src.text;
    const PREFIX: &str = "epp_params() ";
    let generated = format!("{PREFIX}{} {{}}", &text[start..end]);
    let to_template = |offset: u32| (offset as usize).saturating_sub(PREFIX.len()) + start;
    let program = crate::syntax::parser::parse_program(&generated).map_err(|e| {
        let at = e.span.map(|s| to_template(s.start));
        src.invalid(&e.message, at)
    })?;
    let lambda = lambda_of(&program).ok_or_else(|| {
        src.invalid(
            &format!("Syntax error at '{}'", &text[start..start + 1]),
            Some(start),
        )
    })?;
    let declared: &[Param] = &lambda.params;
    if let Some(p) = declared.iter().find(|p| p.captures_rest) {
        let message = format!(
            "Parameter ${} has 'captures rest' - not supported in an Epp Template",
            p.name
        );
        return Err(src
            .invalid(&message, Some(to_template(p.span.start) + 1))
            .into());
    }
    let range = |s: crate::syntax::ast::Span| (to_template(s.start), to_template(s.end));
    let mut problems = Vec::new();
    let mut type_problems = Vec::new();
    for (name, _) in &given {
        if !declared.iter().any(|p| *p.name == **name) {
            problems.push(format!("has no parameter named '{name}'"));
        }
    }
    let mut first = Vec::new();
    let mut values = Vec::new();
    let mut defaulted = Vec::new();
    for (index, p) in declared.iter().enumerate() {
        let check_type = p.type_expr.as_ref().map(|t| range(t.span));
        match given.iter().find(|(n, _)| **n == *p.name) {
            Some((_, v)) => {
                if let Some(te) = &p.type_expr {
                    match ev.eval(te)? {
                        Value::Type(t) if !types::is_instance(&t, v) => {
                            type_problems.push(format!(
                                "parameter '{}' {}",
                                p.name,
                                types::mismatch::describe_mismatch(&t, v)
                            ))
                        }
                        _ => {}
                    }
                }
                first.push(LambdaParam {
                    name: p.name.to_string(),
                    default: None,
                    check_type,
                    declared: index,
                });
                values.push(v.clone());
            }
            None => match &p.default {
                Some(d) => defaulted.push(LambdaParam {
                    name: p.name.to_string(),
                    default: Some(range(d.span)),
                    check_type,
                    declared: index,
                }),
                None => problems.push(format!("expects a value for parameter '{}'", p.name)),
            },
        }
    }
    // With names unknown or missing, the reference reports these with the given values'
    // type mismatches; otherwise the types are checked in the body, after the defaults.
    if !problems.is_empty() {
        problems.extend(type_problems);
        if let Some(e) = lambda_problems(&problems) {
            return Err(e.into());
        }
    }
    first.extend(defaulted);
    Ok((first, values))
}

#[cfg(test)]
mod tests;
