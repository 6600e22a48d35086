//! Translating a template to its lambda, parsing it (cached), and wording the errors as the
//! reference does.

use super::lambda_of;
use super::shared;
use crate::env::parsed::FrozenLayouts;
use crate::error::{Error, ErrorKind};
use crate::eval::resolve::Layouts;
use crate::syntax::ast::{Expr, ExprKind, Lambda, Program};
use crate::syntax::epp::{self, LambdaParam, Origin, SourceMap, Template, TemplateSource};
use crate::syntax::frozen::Frozen;
use rustc_hash::FxHashMap as HashMap;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

/// A template translated, parsed and resolved, ready to run.
pub(super) struct Compiled {
    /// (the program's one statement: its nodes are the lambda's)
    pub lambda: Rc<Lambda>,
    pub map: SourceMap,
    /// The frame layouts of the program's lambdas (each evaluator takes them).
    pub layouts: Layouts,
}

/// How many compiled templates are kept, all texts' variants counted (the cache is emptied
/// when it is full).
const CACHE_SIZE: usize = 128;

/// The compiled templates of one text, each with the parameters its lambda declares (a
/// template without a declaration takes those it is given).
type Variants = Vec<(Vec<LambdaParam>, Rc<Compiled>)>;

/// What this thread knows of a template's text: its tags and its compiled variants.
pub(super) struct Known {
    /// (the process's, shared with other threads)
    pub template: Arc<Template>,
    /// What parsing the template warns of (logged at each render, as the reference parses
    /// the template at each).
    pub warnings: Vec<String>,
    variants: RefCell<Variants>,
}

thread_local! {
    /// Templates by their text, scanned into their tags (the scan was made at each render:
    /// a third of an EPP render's instructions) and compiled: the generated source depends
    /// on nothing else than the text and the parameters. One lookup a render.
    static KNOWN: RefCell<HashMap<Box<str>, Rc<Known>>> = RefCell::new(HashMap::default());
    /// How many compiled variants `KNOWN` holds.
    static COMPILED: Cell<usize> = const { Cell::new(0) };
}

/// A template's text scanned into its tags, with the variants compiled before (from the
/// thread's earlier scan of the same text).
pub(super) fn scanned(text: &str) -> Result<Rc<Known>, epp::TemplateError> {
    if let Some(k) = KNOWN.with(|s| s.borrow().get(text).cloned()) {
        return Ok(k);
    }
    let template = match shared::scan(text) {
        Some(t) => t,
        None => {
            let t = Arc::new(epp::scan(text)?);
            shared::note_scan(text, &t);
            t
        }
    };
    let k = Rc::new(Known {
        warnings: epp::warnings(text, &template),
        template,
        variants: RefCell::default(),
    });
    keep(text, &k);
    Ok(k)
}

/// Keeps `known` for `text`, emptying the cache first when it is full.
fn keep(text: &str, known: &Rc<Known>) {
    KNOWN.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() >= CACHE_SIZE || COMPILED.get() >= CACHE_SIZE {
            s.clear();
            COMPILED.set(0);
        }
        s.insert(text.into(), known.clone());
    });
}

/// The compiled form of a template: this thread's when it compiled it before, else made
/// from the process's frozen form (`shared`), else compiled now.
pub(super) fn compile(
    src: &TemplateSource,
    known: &Rc<Known>,
    params: &[LambdaParam],
) -> Result<Rc<Compiled>, Error> {
    let found = known
        .variants
        .borrow()
        .iter()
        .find(|(p, _)| p == params)
        .map(|(_, c)| c.clone());
    if let Some(c) = found {
        return Ok(c);
    }
    let template = &known.template;
    let (program, map, layouts) = match shared::known(src.text, params) {
        // (thawed from the process's frozen form: no translating, parsing, validating or
        // resolving)
        Some(Some(frozen)) => {
            let (program, layouts) =
                FrozenLayouts::thaw_tree(&frozen.program, frozen.layouts.as_ref());
            let layouts = layouts.unwrap_or_else(|| resolved(&program));
            (program, frozen.map.clone(), layouts)
        }
        seen => {
            let runnable = epp::translate(src.text, template, params, true);
            let program = parse_checked(src, template, params).and_then(|()| {
                crate::syntax::parser::parse_program(&runnable.source)
                    .map_err(|e| template_error(src, &runnable.map, e))
            })?;
            let layouts = resolved(&program);
            // (frozen the second time the process compiles the template)
            let frozen = seen.and_then(|_| {
                let (tree, numbered) = Frozen::freeze_numbered(&program)?;
                Some(shared::FrozenTemplate {
                    layouts: FrozenLayouts::freeze(&numbered, &layouts, &tree),
                    program: tree,
                    map: runnable.map.clone(),
                })
            });
            shared::note(src.text, params, frozen);
            (Rc::new(program), runnable.map, layouts)
        }
    };
    let lambda =
        lambda_of(&program).ok_or_else(|| Error::eval("internal error: no template lambda"))?;
    let compiled = Rc::new(Compiled {
        lambda,
        map,
        layouts,
    });
    if COMPILED.get() >= CACHE_SIZE {
        // (emptied, this text kept again)
        keep(src.text, known);
        known.variants.borrow_mut().clear();
    }
    known
        .variants
        .borrow_mut()
        .push((params.to_vec(), compiled.clone()));
    COMPILED.set(COMPILED.get() + 1);
    Ok(compiled)
}

/// The frame layouts of a template's program, resolved now.
fn resolved(program: &Program) -> Layouts {
    let mut layouts = Layouts::default();
    crate::eval::resolve::resolve_program(program, &mut layouts);
    layouts
}

/// How many compiled templates this thread keeps.
#[cfg(test)]
pub(super) fn cached_templates() -> usize {
    KNOWN.with(|k| k.borrow().values().map(|k| k.variants.borrow().len()).sum())
}

/// Validates the template with these parameters, as the reference does before it binds
/// them.
pub(super) fn validate(src: &TemplateSource, params: &[LambdaParam]) -> Result<(), Error> {
    let known = scanned(src.text).map_err(|e| src.invalid(&e.message, e.at))?;
    parse_checked(src, &known.template, params)
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
            // An expression left open at its `%>` fails there, unless an error comes first.
            if let Some((at, unclosed)) = unclosed_render(src, template) {
                let found = e.span.map(|s| generated.map.offset(s.start as usize));
                if e.kind == ErrorKind::Incomplete || found.is_none_or(|f| f >= at) {
                    return Err(unclosed);
                }
            }
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

/// A `<%= %>` whose expression is not complete at its closing tag (`<%= $x.upcase( %>`: an
/// open bracket the generated source's own closer would take), which the reference's lexer
/// ends with the tag: `Syntax error at '%>'` there (the first such tag, its offset and the
/// error), not at the end of the input or at the generated code after it.
fn unclosed_render(src: &TemplateSource, template: &Template) -> Option<(usize, Error)> {
    template.segments.iter().find_map(|seg| {
        let epp::Segment::Render { start, end } = seg else {
            return None;
        };
        let code = src.text.get(*start..*end)?;
        match crate::syntax::parser::parse_program(code) {
            Err(e) if e.kind == ErrorKind::Incomplete => {
                let tag = if src.text[*end..].starts_with("-%>") {
                    "-%>"
                } else {
                    "%>"
                };
                Some((
                    *end,
                    src.invalid(&format!("Syntax error at '{tag}'"), Some(*end)),
                ))
            }
            _ => None,
        }
    })
}

/// `<%= $a = 1 %>`: the reference's grammar takes no assignment there.
fn check_render_assignments(
    src: &TemplateSource,
    program: &Program,
    generated: &epp::Generated,
) -> Result<(), Error> {
    let mut found = None;
    for e in &program.body {
        find_render_assignment(e, &mut found);
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

/// Sets `found` to the end of the target of the first assignment rendered by `<%= %>`.
fn find_render_assignment(e: &Expr, found: &mut Option<usize>) {
    if found.is_some() {
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
                crate::limits::deep(|| find_render_assignment(b, found));
            }
        }
        _ => {}
    }
    crate::limits::deep(|| e.for_each_child(&mut |c| find_render_assignment(c, found)));
}

/// A syntax or validation error in generated source, as an `Invalid EPP` error.
fn template_error(src: &TemplateSource, map: &SourceMap, e: Error) -> Error {
    // (a regexp Ruby cannot compile, refused by the lexer, is no EPP error: the reference
    // raises it inside the call)
    if e.is_bad_regexp() {
        return Error::eval(e.message);
    }
    if e.kind == ErrorKind::Incomplete && e.message == "Syntax error at end of input" {
        return src.invalid(&e.message, None);
    }
    let Some(span) = e.span else {
        return src.invalid(&e.message, None);
    };
    // (several errors: the template alone, as the reference names it)
    if e.message.starts_with("Language validation logged") {
        return src.invalid(&e.message, None);
    }
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
