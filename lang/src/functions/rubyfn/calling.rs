//! Calling a module's Ruby function: its file parsed and analysed, its definitions loaded
//! (once per thread) and kept, the arguments checked against its signatures and converted,
//! and its method run in a fresh interpreter.

use super::*;

thread_local! {
    /// What each function file defined, by path: a file and its helpers are loaded once
    /// per thread (again when one of them changed), as the reference loads them once.
    static DEFINED: RefCell<HashMap<Box<[u8]>, Defined>> = RefCell::new(HashMap::default());
}

fn remember_definitions(
    key: &[u8],
    file: Rc<RubyFile>,
    defs: ruby::Loaded,
    host: &FunctionHost,
) -> Known {
    let required: Vec<Required> = host
        .required()
        .filter_map(|source| {
            let f = crate::env::ruby_files::load(&source.path).ok()?;
            Some(Required {
                file: f,
                source: source.clone(),
            })
        })
        .collect();
    let known: Known = (Rc::new(defs), required.into());
    DEFINED.with(|d| {
        let mut d = d.borrow_mut();
        if d.len() >= 512 {
            d.clear();
        }
        d.insert(
            key.into(),
            Defined {
                file,
                required: known.1.clone(),
                defs: known.0.clone(),
            },
        );
    });
    known
}

/// Calls a module's Ruby function after its native version failed: the source's answer, or
/// `None` when there is no source or it needs Ruby outside the subset (the native's error
/// stands then).
pub fn call_after_native_error(
    ev: &mut Evaluator,
    name: &str,
    args: &[Value],
    block: Option<&Closure>,
) -> Option<EvalResult> {
    let found = find(ev, name)?;
    OUTSIDE_SUBSET.set(false);
    let r = call(ev, name, &found, args, block);
    (!OUTSIDE_SUBSET.replace(false)).then_some(r)
}

/// Calls a module's Ruby function.
pub fn call(
    ev: &mut Evaluator,
    name: &str,
    found: &Found,
    args: &[Value],
    block: Option<&Closure>,
) -> EvalResult {
    call_as(ev, name, found, args, block, false)
}

/// Calls a module's 3.x Ruby function from Ruby (`function_NAME([...])`): the arguments go
/// as Ruby gives them (undef as nil), not as Puppet gives a 3.x function its arguments
/// (undef as `''`, `:undef` inside collections).
pub fn call_from_ruby(ev: &mut Evaluator, name: &str, found: &Found, args: &[Value]) -> EvalResult {
    call_as(ev, name, found, args, None, true)
}

/// A call's Ruby arguments: one (a 3.x function's list, a 4.x method's one argument),
/// bound in the method's frame as it starts, or a list.
enum RubyArgs {
    One(RValue),
    List(Vec<RValue>),
}

impl RubyArgs {
    fn into_vec(self) -> Vec<RValue> {
        match self {
            RubyArgs::One(v) => vec![v],
            RubyArgs::List(list) => list,
        }
    }
}

/// The dispatch's answer for a call: the method to run (its index among the declarations;
/// `usize::MAX` for a 3.x function's block), its Ruby arguments, the signatures (4.x), and
/// whether the method is an argument-mismatch handler.
type Prepared = (usize, RubyArgs, Option<Rc<Signatures>>, bool);

fn call_as(
    ev: &mut Evaluator,
    name: &str,
    found: &Found,
    args: &[Value],
    block: Option<&Closure>,
    from_ruby: bool,
) -> EvalResult {
    // A function called before in this evaluation, whose file and helpers were loaded:
    // what every call of it uses is borrowed from its `Ready` (kept while it runs: only a
    // call of a function not yet loaded changes it).
    {
        let ready = found.ready.borrow();
        if let Some(
            r @ Ready {
                defined: Some(known),
                sources: Some(sources),
                ..
            },
        ) = &*ready
        {
            return call_ready(ev, name, found, r, known, sources, args, block, from_ruby);
        }
    }
    let fail = |e: RubyError, sources: &[Source]| ruby_error(name, e, sources);
    let main_source = |file: &RubyFile| Source {
        base: file.base,
        shown: found.shown.clone(),
        text: file.text.clone(),
        path: found.path.clone(),
    };
    let ready = found.ready.borrow().as_ref().map(|r| {
        let sources = r.defined.is_some().then(|| r.sources.clone()).flatten();
        (
            (r.file.clone(), r.parsed.clone(), r.defined.clone()),
            sources,
        )
    });
    let was_ready = ready.is_some();
    let (ready, kept_sources) = match ready {
        Some((ready, sources)) => (Some(ready), sources),
        None => (None, None),
    };
    let (file, parsed, known) = match ready {
        Some(ready) => ready,
        None => {
            let file = match crate::env::ruby_files::load(&found.path) {
                Ok(file) => file,
                Err(e) => return Err(Error::eval(format!("{}: {e}", found.shown)).into()),
            };
            // (the reference's check of a 3.x file Puppet code loads: no method definitions)
            if !from_ruby {
                if let Some(e) = legacy::illegal_def(&found.path, &file.text) {
                    return Err(e.into());
                }
            }
            let parsed = match parsed(&found.path, &file, name) {
                Ok(p) => p,
                Err(e) => return Err(fail(e, &[main_source(&file)]).into()),
            };
            // What the file (and the helpers it requires) defined, from an earlier call
            // while they are unchanged.
            let known = DEFINED.with(|d| {
                d.borrow()
                    .get(crate::env::fs::key(&found.path))
                    .filter(|k| Rc::ptr_eq(&k.file, &file) && k.current())
                    .map(|k| (k.defs.clone(), k.required.clone()))
            });
            (file, parsed, known)
        }
    };
    let (index, ruby_args, signatures, mismatch) =
        prepare(ev, name, found, &parsed, args, block, from_ruby)?;
    let v3 = matches!(parsed.api, Api::V3 { .. });
    let method = method_name(&parsed, index);
    let mut host = FunctionHost {
        inner: EvalHost::new(ev),
        function: name,
        v3,
        top_scope: top_scope(&parsed.api),
        block: block.cloned(),
        sources: match &kept_sources {
            Some(sources) => sources.clone(),
            None => Rc::new(vec![main_source(&file)]),
        },
        deprecations: None,
    };
    // What the file (and the helpers it requires) defined, from an earlier call; else
    // loaded now and kept.
    if let (Some((_, required)), None) = (&known, &kept_sources) {
        Rc::make_mut(&mut host.sources).extend(required.iter().map(|r| r.source.clone()));
    }
    let mut defined = None;
    let result = {
        let mut it = match &known {
            Some((defs, _)) => ruby::Interp::calling(&mut host, defs),
            None => ruby::Interp::new(&mut host),
        };
        it.set_instance(found.instance.clone());
        let block_arg = block.map(|b| BlockArg::Host(RValue::host(PuppetBlock::of(b))));
        let loaded = match &known {
            Some(_) => Ok(()),
            None => {
                // Puppet's own module for helpers (`module PuppetX::Stdlib` reopens it)
                it.define_module("PuppetX");
                it.load(&parsed.body)
                    .map(|()| defined = Some(it.snapshot()))
            }
        };
        // (whether an error came from loading the file: see below)
        match loaded {
            Ok(()) => it
                .call_top(method, ruby_args.into_vec(), block_arg, file.base)
                .map_err(|e| (e, false)),
            Err(e) => Err((e, true)),
        }
    };
    host.flush_deprecations();
    let defined = defined.map(|defs| {
        remember_definitions(crate::env::fs::key(&found.path), file.clone(), defs, &host)
    });
    if !was_ready || defined.is_some() {
        let defined = defined.or(known);
        let methods = match &defined {
            Some((defs, _)) => methods_of(&parsed, defs),
            None => Box::default(),
        };
        // (a call of this function still running keeps it: the next call stores it)
        if let Ok(mut ready) = found.ready.try_borrow_mut() {
            *ready = Some(Ready {
                file: file.clone(),
                parsed: parsed.clone(),
                sources: defined.is_some().then(|| host.sources.clone()),
                defined,
                methods,
            });
        }
    }
    let value = match result {
        Ok(v) => v,
        // A 3.x function Ruby calls (`function_NAME`) is loaded by Puppet's autoloader,
        // which rescues every exception of the file's loading: a `LoadError` there is its
        // Puppet::Error, logged (called from Puppet, the file's exception is not wrapped).
        Err((RubyError::Raised { class, message, .. }, true))
            if from_ruby && v3 && ruby::error::is_script_error(&class) =>
        {
            let message = format!("Could not autoload puppet/parser/functions/{name}: {message}");
            host.inner.ev.log(crate::LogLevel::Err, &message);
            return Err(Error::eval(message).into());
        }
        Err((e, _)) => return Err(function_error(&mut host, e).into()),
    };
    finish(
        name,
        found,
        &parsed,
        value,
        index,
        signatures.as_deref(),
        mismatch,
    )
}

/// Calls a function whose file and helpers were loaded (`Ready` with what they defined):
/// its method found once (`Ready::methods`), the interpreter started from what they
/// defined, the argument bound in the method's frame.
#[allow(clippy::too_many_arguments)]
fn call_ready(
    ev: &mut Evaluator,
    name: &str,
    found: &Found,
    ready: &Ready,
    known: &Known,
    sources: &Rc<Vec<Source>>,
    args: &[Value],
    block: Option<&Closure>,
    from_ruby: bool,
) -> EvalResult {
    let parsed = &*ready.parsed;
    let (index, ruby_args, signatures, mismatch) =
        prepare(ev, name, found, parsed, args, block, from_ruby)?;
    let at = ready.file.base;
    let v3 = matches!(parsed.api, Api::V3 { .. });
    // (a 3.x function's list, taken back when the call ended: `give_back_args`)
    let list = match &ruby_args {
        RubyArgs::One(list @ RValue::Array(_)) if v3 => Some(list.clone()),
        _ => None,
    };
    let mut host = FunctionHost {
        inner: EvalHost::new(ev),
        function: name,
        v3,
        top_scope: top_scope(&parsed.api),
        block: block.cloned(),
        sources: sources.clone(),
        deprecations: None,
    };
    let result = {
        let mut it = ruby::Interp::calling(&mut host, &known.0);
        it.set_instance(found.instance.clone());
        let block_arg = block.map(|b| BlockArg::Host(RValue::host(PuppetBlock::of(b))));
        let slot = if index == usize::MAX { 0 } else { index };
        match (ready.methods.get(slot), ruby_args) {
            (Some(Some(m)), RubyArgs::One(arg)) => it.call_top_one(m, arg, block_arg, at),
            (Some(Some(m)), RubyArgs::List(list)) => it.call_top_method(m, list, block_arg, at),
            _ => Err(ruby::eval::no_top_method(method_name(parsed, index), at)),
        }
    };
    host.flush_deprecations();
    let value = match result {
        Ok(v) => v,
        Err(e) => return Err(function_error(&mut host, e).into()),
    };
    let r = finish(
        name,
        found,
        parsed,
        value,
        index,
        signatures.as_deref(),
        mismatch,
    );
    if let Some(list) = list {
        give_back_args(list);
    }
    r
}

/// Whether a function's `closure_scope` reads the top scope (`FunctionHost::top_scope`):
/// a 4.x function's, unless it takes the calling scope as an argument (`call(scope,
/// *args)`, `scope_param`).
fn top_scope(api: &Api) -> bool {
    match api {
        Api::V4 {
            scope_first,
            dispatches,
            ..
        } => !scope_first && dispatches.iter().all(|d| d.scope_at.is_none()),
        Api::V3 { .. } => false,
    }
}

/// The name of the method a call runs (`index` from `prepare`).
fn method_name(parsed: &Parsed, index: usize) -> &str {
    match parsed.decls.get(index) {
        Some((m, _, _)) => m.as_str(),
        None => METHOD_3X,
    }
}

/// The methods a function's calls run, as its file defined them: a 4.x function's by its
/// declarations' order, a 3.x function's block.
fn methods_of(parsed: &Parsed, defs: &ruby::Loaded) -> Box<[Option<ruby::value::Method>]> {
    match parsed.api {
        Api::V4 { .. } => parsed
            .decls
            .iter()
            .map(|(m, _, _)| defs.top_method(m))
            .collect(),
        Api::V3 { .. } => Box::new([defs.top_method(METHOD_3X)]),
    }
}

/// Checks a call's arguments (a 3.x function's count, a 4.x function's dispatch) and
/// converts them for Ruby.
fn prepare(
    ev: &mut Evaluator,
    name: &str,
    found: &Found,
    parsed: &Parsed,
    args: &[Value],
    block: Option<&Closure>,
    from_ruby: bool,
) -> Result<Prepared, crate::eval::Flow> {
    strings::new_call();
    match &parsed.api {
        Api::V4 {
            dispatches,
            local_types,
            scope_first,
        } => {
            let decls = &parsed.decls;
            if decls.is_empty() {
                let short = name.rsplit("::").next().unwrap_or(name);
                return Err(Error::eval(format!(
                    "{}: function '{name}' has no dispatch and no method '{short}'",
                    found.shown
                ))
                .into());
            }
            let known = parsed.signatures.borrow().clone();
            let signatures = match known {
                Some(s) => s,
                None => {
                    let made = with_local_types(ev, local_types, &found.path, |ev| {
                        let mut sigs: Vec<Signature> = decls
                            .iter()
                            .map(|(_, d, _)| make_signature(ev, d))
                            .collect::<Result<_, _>>()?;
                        for (sig, d) in sigs.iter_mut().zip(dispatches.iter()) {
                            sig.fallback = d.mismatch;
                        }
                        let rets = decls
                            .iter()
                            .map(|(_, _, r)| r.as_deref().map(|t| return_type(ev, t)).transpose())
                            .collect::<Result<Vec<_>, _>>()?;
                        Ok((sigs, rets))
                    })
                    .map_err(|e| {
                        Error::eval(format!("Function Load Error for function '{name}': {e}"))
                    })?;
                    let made = Rc::new(made);
                    if local_types.is_empty() && decls.iter().all(built_in_types) {
                        *parsed.signatures.borrow_mut() = Some(made.clone());
                    }
                    made
                }
            };
            let (sigs, _) = &*signatures;
            let (i, ruby_args) = if *scope_first {
                // The scope stands as undef among the arguments the types are checked on.
                let with_scope: Vec<Value> = std::iter::once(Value::Undef)
                    .chain(args.iter().cloned())
                    .collect();
                let i = signature::dispatch_signatures(name, sigs, &with_scope, block)?;
                let ruby_args = std::iter::once(RValue::Scope)
                    .chain(args.iter().map(arg_to_ruby))
                    .collect::<Vec<_>>();
                (i, RubyArgs::List(ruby_args))
            } else {
                let i = match plainly_first(sigs, args, block) {
                    true => 0,
                    false => signature::dispatch_signatures(name, sigs, args, block)?,
                };
                let ruby_args = match (args, dispatches.get(i).and_then(|d| d.scope_at)) {
                    ([one], None) => RubyArgs::One(arg_to_ruby(one)),
                    (_, None) => RubyArgs::List(args.iter().map(arg_to_ruby).collect()),
                    // (`scope_param`: the calling scope woven in where it was declared)
                    (_, Some(at)) => {
                        let mut list: Vec<RValue> = args.iter().map(arg_to_ruby).collect();
                        list.insert(at.min(list.len()), RValue::Scope);
                        RubyArgs::List(list)
                    }
                };
                (i, ruby_args)
            };
            let mismatch = sigs[i].fallback;
            Ok((i, ruby_args, Some(signatures), mismatch))
        }
        Api::V3 { arity, .. } => {
            if let Some(n) = *arity {
                let given = args.len() as i64;
                let bad = if n >= 0 { given != n } else { given < -n - 1 };
                if bad {
                    let wanted = if n >= 0 {
                        n.to_string()
                    } else {
                        format!("minimum {}", -n - 1)
                    };
                    return Err(Error::eval(format!(
                        "{name}(): Wrong number of arguments given ({given} for {wanted})"
                    ))
                    .into());
                }
            }
            let list = ruby_list(args, if from_ruby { arg_to_ruby } else { to_ruby_3x });
            Ok((usize::MAX, RubyArgs::One(list), None, false))
        }
    }
}

/// A call's value as Puppet's: an argument-mismatch handler's answer as its error, a 3.x
/// statement function's undef, the value converted and checked against the declared
/// return type.
fn finish(
    name: &str,
    found: &Found,
    parsed: &Parsed,
    value: RValue,
    index: usize,
    signatures: Option<&Signatures>,
    mismatch: bool,
) -> EvalResult {
    if mismatch {
        // an argument-mismatch handler's answer is the reference's ArgumentError
        return Err(Error::eval(format!("'{name}' {}", ruby::show::to_s(&value))).into());
    }
    if matches!(parsed.api, Api::V3 { rvalue: false, .. }) {
        return Ok(Value::Undef);
    }
    let value = match &value {
        RValue::Str(s) => strings::puppet_str(&found.last_string, s),
        _ => to_puppet(&value).map_err(|e| {
            Error::eval(format!(
                "function '{name}' ({}) returned a value Puppet cannot take: {e}",
                found.shown
            ))
        })?,
    };
    let returns = signatures.and_then(|s| s.1.get(index)?.as_ref());
    if let Some(t) = returns {
        if !plainly_instance(t, &value) && !crate::functions::shims::is_instance(t, &value) {
            return Err(Error::eval(crate::types::mismatch::wrong_type(
                &format!(
                    "value returned from function '{}'",
                    method_name(parsed, index)
                ),
                &crate::types::describe_mismatches(t, &value),
            ))
            .into());
        }
    }
    Ok(value)
}

/// Whether the first signature plainly takes the call (what `dispatch_signatures` would
/// answer first, without the general type check): no block given or asked, each argument
/// for a required parameter of `Any` or plain `String` type and of that type (most
/// functions' one dispatch: stdlib's `fact`, `shell_escape`).
fn plainly_first(sigs: &[Signature], args: &[Value], block: Option<&Closure>) -> bool {
    let Some(sig) = sigs.first() else {
        return false;
    };
    block.is_none()
        && sig.block.is_none()
        && !sig.fallback
        && sig.params.len() == args.len()
        && sig
            .params
            .iter()
            .zip(args)
            .all(|(p, a)| p.arity == signature::Arity::Required && plainly_instance(&p.ty, a))
}

/// Whether `v` is obviously of the declared return type `t`, without the general check:
/// `Any`, or a plain `String` (no size, no value) and a string (what most functions
/// declare and return).
fn plainly_instance(t: &PType, v: &Value) -> bool {
    match (t, v) {
        (PType::Any, _) => true,
        (PType::String { size, value: None }, Value::String(_)) => {
            size.from <= 0 && size.to == i64::MAX
        }
        _ => false,
    }
}
