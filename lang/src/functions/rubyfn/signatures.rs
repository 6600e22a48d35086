//! A 4.x function's signatures: its dispatches' (or its method's) parameters read as Puppet
//! types, with its local type aliases.

use super::*;

/// The signature of a function without `dispatch`: its method's parameters, typed `Any`.
pub(super) fn implicit_signature(params: &[DefParam]) -> Vec<ParamDecl> {
    let any = |n: &str, m| ("Any".to_string(), n.to_string(), m);
    let mut out = Vec::new();
    for p in params {
        match p {
            DefParam::Req(n) | DefParam::Post(n) => out.push(any(n, "")),
            DefParam::Opt(n, _) => out.push(any(n, "?")),
            DefParam::Rest(n) => out.push(any(if n.is_empty() { "args" } else { n }, "*")),
            DefParam::Block(n) => out.push(("Callable".to_string(), n.to_string(), "&?")),
            DefParam::Key(..) | DefParam::KeyRest(_) => {}
        }
    }
    out
}

/// Whether a signature's types are all built-in ones (read the same in every session).
pub(super) fn built_in_types((_, params, ret): &(String, Vec<ParamDecl>, Option<String>)) -> bool {
    // (a name given to the session's resolver is no built-in one)
    let built_in = |t: &str| {
        crate::types::type_text::parse_type_text(t, |_| Err(Error::eval("not built in"))).is_ok()
    };
    params.iter().all(|(t, _, _)| built_in(t)) && ret.as_deref().is_none_or(built_in)
}

/// A dispatch's return type, read as a Puppet type (the reference's load error if it
/// does not read).
pub(super) fn return_type(ev: &mut Evaluator, text: &str) -> Result<PType, String> {
    puppet_type(ev, text).map_err(|m| type_string_error(text, &m))
}

/// A Puppet type written as a string, read as the reference's TypeParser reads it.
pub(super) fn puppet_type(ev: &mut Evaluator, text: &str) -> Result<PType, String> {
    ev.type_from_text(text).map_err(|e| e.message)
}

/// Runs `f` with a function's local type aliases defined (as the session's aliases, for
/// the time of `f`: they display as the reference's, `Port = Integer[1, 65535]`).
pub(super) fn with_local_types<T>(
    ev: &mut Evaluator,
    local_types: &[(String, String, usize)],
    file: &Path,
    f: impl FnOnce(&mut Evaluator) -> Result<T, String>,
) -> Result<T, String> {
    if local_types.is_empty() {
        return f(ev);
    }
    let saved = ev.aliases.clone();
    // (names may resolve otherwise while they are defined: see `env::alias_memo`)
    ev.alias_memo.own_aliases = true;
    let mut made = Vec::new();
    for (alias, _, _) in local_types {
        let a = Rc::new(crate::types::TypeAlias {
            name: Rc::from(alias.as_str()),
            target: RefCell::new(None),
            invalid: Default::default(),
            remembered: Default::default(),
        });
        ev.aliases.insert(alias.to_ascii_lowercase(), a.clone());
        made.push(a);
    }
    let mut result = Ok(());
    for ((alias, definition, at), a) in local_types.iter().zip(&made) {
        match puppet_type(ev, definition) {
            Ok(t) => a.set_target(Some(t)),
            Err(e) => {
                let line = crate::env::ruby_files::load(file)
                    .map(|f| ruby::line_col(&f.text, at.saturating_sub(f.base)).0)
                    .unwrap_or(0);
                let called_from = format!("\nCalled from <{}:{line}>", file.display());
                result = Err(local_type_error(alias, definition, &e) + &called_from);
                break;
            }
        }
    }
    let r = result.and_then(|()| f(ev));
    ev.aliases = saved;
    r
}

/// The reference's load error for a dispatch's type string (a parameter's or the return
/// type) that does not read as a type; its message ends with a line break, as theirs, and
/// for a syntax error at a token, the position the reference gives every such error.
pub(super) fn type_string_error(text: &str, message: &str) -> String {
    let at_token = if message.starts_with("Syntax error at '") {
        " (line: 1, column: 1)"
    } else {
        ""
    };
    format!("Parsing of type string '\"{text}\"' failed with message: <{message}>.\n{at_token}")
}

/// The reference's load error for a local type that does not read as one: a syntax error,
/// or text that is no `Name = Type` assignment of a type.
fn local_type_error(alias: &str, definition: &str, message: &str) -> String {
    let text = format!("{alias} = {definition}");
    if message.starts_with("Syntax error") {
        format!("Parsing of 'type \"{text}\"' failed with message: <{message}>.")
    } else {
        format!("Expected a type alias assignment on the form 'AliasType = T', got '{text}'.")
    }
}

/// A dispatch's signature, its types read as Puppet types.
pub(super) fn make_signature(
    ev: &mut Evaluator,
    params: &[ParamDecl],
) -> Result<Signature, String> {
    let mut sig = Signature::parse("")?;
    for (ty, name, marker) in params {
        if marker.starts_with('&') {
            let q = if *marker == "&?" { "?" } else { "" };
            // shown as the reference shows the type (`Callable[1, 1]`)
            // (read fully: the signatures' own type reader keeps no Callable's counts; a
            // block type that does not read is the reader's message alone, as theirs)
            let canonical = puppet_type(ev, ty)?.to_string();
            sig.block = Signature::parse(&format!("{ty} &${name}{q}"))?.block;
            if let Some(b) = &mut sig.block {
                b.shown = canonical;
            }
            continue;
        }
        let arity = match *marker {
            "?" => signature::Arity::Optional,
            "*" => signature::Arity::Repeated,
            "+" => signature::Arity::RepeatedAtLeastOne,
            _ => signature::Arity::Required,
        };
        let ty = puppet_type(ev, ty).map_err(|m| type_string_error(ty, &m))?;
        sig.params.push(signature::Param {
            name: name.clone(),
            // (a local type with its definition, as the reference lists it: `Small =
            // Integer[0, 10] n?`)
            shown: crate::types::alias_display(&ty),
            ty,
            arity,
        });
    }
    Ok(sig)
}

/// The return types a module's 4.x Ruby function `name` declares, one for each of its
/// dispatches in order (`None` for one that declares none), read as Puppet types with the
/// function's local types; `None` when there is no such function, or its file cannot be
/// read (its call reports that). For the Hiera backends, which check them before the call.
pub(crate) fn dispatch_return_types(
    ev: &mut Evaluator,
    name: &str,
) -> Result<Option<Vec<Option<PType>>>, Error> {
    let Some((found, parsed)) = parsed_function(ev, name) else {
        return Ok(None);
    };
    let Api::V4 {
        dispatches,
        local_types,
        ..
    } = &parsed.api
    else {
        return Ok(None);
    };
    let declared = dispatches.iter().filter(|d| !d.mismatch);
    let texts: Vec<Option<String>> = declared.map(|d| d.return_type.clone()).collect();
    with_local_types(ev, local_types, &found.path, |ev| {
        texts
            .iter()
            .map(|t| t.as_deref().map(|t| return_type(ev, t)).transpose())
            .collect::<Result<Vec<_>, String>>()
    })
    .map(Some)
    .map_err(|m| Error::eval(format!("Function Load Error for function '{name}': {m}")))
}

/// What the reference's `Deferred` check finds of a module's Ruby function `name` given
/// `args` (`find_matching_dispatcher`): `None` when there is no such function (or its file
/// does not read); `Some(None)` when no dispatch takes the arguments; `Some(Some(t))` the
/// return type the first dispatch that takes them declares (`t` `None` when it declares
/// none, as a 3.x function's, whose arity alone is checked).
pub(crate) fn matching_return_type(
    ev: &mut Evaluator,
    name: &str,
    args: &[Value],
) -> Result<Option<Option<Option<PType>>>, Error> {
    let Some((found, parsed)) = parsed_function(ev, name) else {
        return Ok(None);
    };
    let (local_types, scope_first) = match &parsed.api {
        Api::V4 {
            local_types,
            scope_first,
            ..
        } => (local_types, *scope_first),
        // (`arity`: the count, or at least `-arity - 1` when negative)
        Api::V3 { arity, .. } => {
            let n = args.len() as i64;
            let takes = match *arity {
                Some(a) if a >= 0 => n == a,
                Some(a) => n >= -a - 1,
                None => true,
            };
            return Ok(Some(takes.then_some(None)));
        }
    };
    // (the scope stands as undef among the arguments, as a call checks them)
    let args: Vec<Value> = match scope_first {
        true => std::iter::once(Value::Undef)
            .chain(args.iter().cloned())
            .collect(),
        false => args.to_vec(),
    };
    let decls = &parsed.decls;
    with_local_types(ev, local_types, &found.path, |ev| {
        for (_, params, ret) in decls {
            let sig = make_signature(ev, params)?;
            if signature::dispatch_signatures(name, std::slice::from_ref(&sig), &args, None).is_ok()
            {
                return ret
                    .as_deref()
                    .map(|t| return_type(ev, t))
                    .transpose()
                    .map(Some);
            }
        }
        Ok(None)
    })
    .map(Some)
    .map_err(|m| Error::eval(format!("Function Load Error for function '{name}': {m}")))
}

/// How many arguments a module's Ruby function `name` takes, by its source on the
/// modulepath, `(min, max)` over its dispatches (`max` [`signature::MANY`] for a repeated
/// parameter; a 3.x function by its `arity`): for checking that a native version stands for
/// the version of the module that is there. `None` when there is no such file, it does not
/// read, or its dispatches do not say (none declared, or the scope dispatched first).
pub(crate) fn source_count_range(ev: &Evaluator, name: &str) -> Option<(usize, usize)> {
    thread_local! {
        /// The answers, by file, with the modification time and length the file had: a
        /// fresh session asks again (per environment) without reading the file.
        static COUNTS: std::cell::RefCell<rustc_hash::FxHashMap<Vec<u8>, Stamped>> =
            Default::default();
    }
    let found = super::find(ev, name)?;
    let stamp = crate::env::fs::probe(&found.path)?.stamp;
    let key = crate::env::fs::key(&found.path);
    let known = COUNTS.with(|c| {
        c.borrow()
            .get(key)
            .filter(|(s, _)| *s == stamp)
            .map(|e| e.1)
    });
    if let Some(counts) = known {
        return counts;
    }
    let counts = count_range_of(&found, name);
    COUNTS.with(|c| c.borrow_mut().insert(key.to_vec(), (stamp, counts)));
    counts
}

/// [`source_count_range`] read from the file.
fn count_range_of(found: &Found, name: &str) -> Option<(usize, usize)> {
    let file = crate::env::ruby_files::load(&found.path).ok()?;
    let parsed = super::parsed(&found.path, &file, name).ok()?;
    match &parsed.api {
        Api::V3 { arity, .. } => Some(match *arity {
            Some(a) if a >= 0 => (a as usize, a as usize),
            Some(a) => ((-a - 1) as usize, signature::MANY),
            None => (0, signature::MANY),
        }),
        Api::V4 {
            dispatches,
            scope_first: false,
            ..
        } => {
            let ranges = dispatches.iter().filter(|d| !d.mismatch).map(|d| {
                let counted = d.params.iter().filter(|(_, _, m)| !m.starts_with('&'));
                counted.fold(
                    (0usize, 0usize),
                    |(min, max), (_, _, marker)| match *marker {
                        "?" => (min, max.saturating_add(1)),
                        "*" => (min, signature::MANY),
                        "+" => (min + 1, signature::MANY),
                        _ => (min + 1, max.saturating_add(1)),
                    },
                )
            });
            ranges.reduce(|(a, b), (c, d)| (a.min(c), b.max(d)))
        }
        Api::V4 { .. } => None,
    }
}

/// A file's modification time and length, and an answer read from it.
type Stamped = ((std::time::SystemTime, u64), Option<(usize, usize)>);

/// A module's Ruby function `name` found on the modulepath, and its file parsed and
/// analysed; `None` when there is none or it does not read (its call reports that).
fn parsed_function(ev: &Evaluator, name: &str) -> Option<(Rc<Found>, Rc<super::Parsed>)> {
    let found = super::find(ev, name)?;
    let file = crate::env::ruby_files::load(&found.path).ok()?;
    let parsed = super::parsed(&found.path, &file, name).ok()?;
    Some((found, parsed))
}
