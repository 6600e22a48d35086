//! Analysing a function file: which API it is written for, its dispatches and the code to
//! run before the call (cached per parsed file).

use super::*;

thread_local! {
    /// Function files analysed, by path, with the parsed file they were analysed from
    /// (`env::ruby_files`: read and parsed once per thread, again when changed).
    static CACHE: RefCell<HashMap<Box<[u8]>, Analysed>> = RefCell::new(HashMap::default());
}

/// Analyses a function file (once per parsed file: cached by path).
pub(super) fn parsed(
    path: &Path,
    file: &Rc<RubyFile>,
    name: &str,
) -> Result<Rc<Parsed>, RubyError> {
    let key = crate::env::fs::key(path);
    let known = CACHE.with(|c| {
        c.borrow()
            .get(key)
            .filter(|(f, _)| Rc::ptr_eq(f, file))
            .map(|(_, p)| p.clone())
    });
    if let Some(p) = known {
        return Ok(p);
    }
    let top = file.body.clone()?;
    let p = Rc::new(analyse(top.to_vec(), name, file.base)?);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 512 {
            c.clear();
        }
        c.insert(key.into(), (file.clone(), p.clone()));
    });
    Ok(p)
}

/// A literal's text: a string or symbol without interpolation.
fn literal(n: &Node) -> Option<String> {
    match &n.kind {
        Kind::Str(parts) | Kind::Sym(parts) => {
            let mut s = String::new();
            for p in parts {
                match p {
                    ruby::ast::Part::Lit(l) => s.push_str(l),
                    ruby::ast::Part::Code(_) => return None,
                }
            }
            Some(s)
        }
        _ => None,
    }
}

fn integer(n: &Node) -> Option<i64> {
    match &n.kind {
        Kind::Int(i) => Some(*i),
        Kind::Call {
            recv: Some(r),
            name,
            args,
            ..
        } if name == "-@" && args.is_empty() => integer(r).map(|i| -i),
        _ => None,
    }
}

fn is_const(n: Option<&Node>, name: &str) -> bool {
    matches!(n.map(|n| &n.kind), Some(Kind::Const(c)) if c.strip_prefix("::").unwrap_or(c) == name)
}

/// Finds the function's definition among the file's statements; the rest is code to run.
pub(super) fn analyse(top: Vec<Node>, name: &str, base: usize) -> Result<Parsed, RubyError> {
    let mut body = Vec::new();
    let mut api = None;
    walk(top, &mut body, &mut api, false)?;
    match api {
        Some(api) => Ok(Parsed {
            decls: declarations(&api, &body, name),
            api,
            body,
            signatures: RefCell::new(None),
        }),
        None => Err(RubyError::unsupported(
            format!("a file that defines no function '{name}' (no Puppet::Functions.create_function or newfunction)"),
            base,
        )),
    }
}

/// A 4.x function's dispatches as declarations; without `dispatch`, the method named as
/// the function, its parameters typed `Any` (none when there is no such method).
fn declarations(api: &Api, body: &[Node], name: &str) -> Vec<Decl> {
    let Api::V4 { dispatches, .. } = api else {
        return Vec::new();
    };
    if !dispatches.is_empty() {
        return dispatches
            .iter()
            .map(|d| (d.method.clone(), d.params.clone(), d.return_type.clone()))
            .collect();
    }
    let short = name.rsplit("::").next().unwrap_or(name);
    body.iter()
        .find_map(|n| match &n.kind {
            Kind::Def(d) if d.name == short && !d.singleton => Some(vec![(
                short.to_string(),
                implicit_signature(&d.params),
                None,
            )]),
            _ => None,
        })
        .unwrap_or_default()
}

fn walk(
    stmts: Vec<Node>,
    body: &mut Vec<Node>,
    api: &mut Option<Api>,
    in_functions_module: bool,
) -> Result<(), RubyError> {
    for n in stmts {
        match &n.kind {
            Kind::Call {
                recv,
                name: m,
                args,
                block: Some(block),
                ..
            } if m == "create_function" && is_const(recv.as_deref(), "Puppet::Functions") => {
                let name = args.first().and_then(literal).unwrap_or_default();
                // (`InternalFunction`: its dispatches may take the scope, `scope_param`)
                let internal = is_const(args.get(1), "Puppet::Functions::InternalFunction");
                *api = Some(v4(&name, internal, block, body)?);
            }
            Kind::Call {
                recv,
                name: m,
                args,
                block: Some(block),
                ..
            } if m == "newfunction"
                && ((recv.is_none() && in_functions_module)
                    || is_const(recv.as_deref(), "Puppet::Parser::Functions")) =>
            {
                let mut arity = None;
                let mut rvalue = false;
                for a in args.iter().skip(1) {
                    if let Kind::Hash(pairs) = &a.kind {
                        for (k, v) in pairs {
                            match literal(k).as_deref() {
                                Some("type") => rvalue = literal(v).as_deref() == Some("rvalue"),
                                Some("arity") => arity = integer(v),
                                _ => {}
                            }
                        }
                    }
                }
                let params = match block.params.first() {
                    Some(BlockParamName::Name(p)) => vec![DefParam::Req(p.clone())],
                    // (`|args = []|`: always given the argument array)
                    Some(BlockParamName::Opt(p, d)) => {
                        vec![DefParam::Opt(p.clone(), (**d).clone())]
                    }
                    // (`|*args|`: the argument array as the one element of `args`)
                    Some(BlockParamName::Rest(p)) => vec![DefParam::Rest(p.clone())],
                    Some(BlockParamName::Nested(_)) => {
                        return Err(RubyError::unsupported(
                            "a newfunction block with a destructuring parameter",
                            n.at,
                        ))
                    }
                    // (a block without parameters, made a method by `define_method`, takes
                    // none: every call, which passes the argument array, fails as the
                    // reference's does, "wrong number of arguments (given 1, expected 0)")
                    None => vec![],
                };
                body.push(Node::new(
                    Kind::Def(Rc::new(MethodDef::new(
                        METHOD_3X.to_string(),
                        false,
                        params,
                        block.body.clone(),
                        // (no copy of each call's arguments: a bare `super` in the block
                        // passes its one named parameter as it is then, and only an
                        // anonymous `*`, which this method never has, reads the copy)
                        false,
                    ))),
                    n.at,
                ));
                *api = Some(Api::V3 { arity, rvalue });
            }
            Kind::ClassDef(c)
                if c.module
                    && matches!(
                        c.path.strip_prefix("::").unwrap_or(&c.path),
                        "Puppet::Parser::Functions"
                    ) =>
            {
                walk(c.body.clone(), body, api, true)?;
            }
            _ => body.push(n),
        }
    }
    Ok(())
}

/// A `create_function` block: its dispatches and the rest (methods, constants).
fn v4(
    function: &str,
    internal: bool,
    block: &Rc<Block>,
    body: &mut Vec<Node>,
) -> Result<Api, RubyError> {
    let mut dispatches = Vec::new();
    let mut local_types = Vec::new();
    let mut scope_first = false;
    for n in &block.body {
        match &n.kind {
            Kind::Def(d) if d.name == "call" && !d.singleton => {
                scope_first = matches!(d.params.first(), Some(DefParam::Req(_)));
                body.push(n.clone());
            }
            Kind::Call {
                recv: None,
                name,
                args,
                block: Some(d),
                ..
            } if name == "dispatch" || name == "argument_mismatch" => {
                let method = args.first().and_then(literal).ok_or_else(|| {
                    RubyError::unsupported("a dispatch whose method is not a literal", n.at)
                })?;
                let mismatch = name == "argument_mismatch";
                dispatches.push(dispatch(function, method, d, mismatch, internal)?);
            }
            Kind::Call {
                recv: None,
                name,
                block: Some(b),
                ..
            } if name == "local_types" => {
                for t in &b.body {
                    let decl = match &t.kind {
                        Kind::Call {
                            recv: None,
                            name,
                            args,
                            ..
                        } if name == "type" && args.len() == 1 => literal(&args[0]),
                        _ => None,
                    };
                    let alias = decl.as_deref().and_then(|d| d.split_once('='));
                    let Some((alias, definition)) = alias else {
                        return Err(RubyError::unsupported(
                            "code other than type 'Name = Type' in local_types",
                            t.at,
                        ));
                    };
                    local_types.push((
                        alias.trim().to_string(),
                        definition.trim().to_string(),
                        t.at,
                    ));
                }
            }
            // `private` (alone: the methods after it; or before a `def`): the reference's
            // function class keeps the methods private to its instance, which is where they
            // are called from; every method of the function's object is reachable here.
            Kind::Call {
                recv: None,
                name,
                args,
                block: None,
                ..
            } if matches!(&**name, "private" | "public" | "protected")
                && args.iter().all(|a| matches!(a.kind, Kind::Def(_))) =>
            {
                body.extend(args.iter().cloned());
            }
            Kind::Call {
                recv: None, name, ..
            } if name == "local_types" => {
                return Err(RubyError::unsupported(
                    format!("'{name}' in create_function"),
                    n.at,
                ));
            }
            _ => body.push(n.clone()),
        }
    }
    Ok(Api::V4 {
        dispatches,
        local_types,
        scope_first,
    })
}

/// The reference's rules for a dispatch's parameters, checked as each is declared: the
/// counts so far (`max` `None`: a repeated parameter came) and whether a block did.
struct Declared {
    min: usize,
    max: Option<usize>,
    block: bool,
}

impl Default for Declared {
    fn default() -> Declared {
        Declared {
            min: 0,
            max: Some(0),
            block: false,
        }
    }
}

impl Declared {
    /// Declares a parameter (`required`: counted in the minimum; `repeated`: no maximum);
    /// the reference's message when it cannot come here.
    fn param(&mut self, required: bool, repeated: bool) -> Result<(), &'static str> {
        if self.block {
            return Err("Parameters cannot be added after a block parameter");
        }
        let Some(max) = self.max else {
            return Err("Parameters cannot be added after a repeated parameter");
        };
        if required && self.min != max {
            return Err(if repeated {
                "A required repeated parameter cannot be added after an optional parameter"
            } else {
                "A required parameter cannot be added after an optional parameter"
            });
        }
        self.min += usize::from(required);
        self.max = (!repeated).then_some(max + 1);
        Ok(())
    }
}

/// What the reference raises when a function's definition is wrong (at its first call).
fn load_error(function: &str, message: &str, at: usize) -> RubyError {
    RubyError::raised_as(
        "ArgumentError",
        format!("Function Load Error for function '{function}': {message}"),
        at,
    )
}

/// A `dispatch :m do ... end` body as a signature declaration.
fn dispatch(
    function: &str,
    method: String,
    d: &Block,
    mismatch: bool,
    internal: bool,
) -> Result<Dispatch, RubyError> {
    let mut parts = Vec::new();
    let mut return_type = None;
    let mut scope_at = None;
    let mut declared = Declared::default();
    for n in &d.body {
        let Kind::Call {
            recv: None,
            name,
            args,
            ..
        } = &n.kind
        else {
            return Err(RubyError::unsupported(
                "code other than parameters in a dispatch",
                n.at,
            ));
        };
        let lits: Vec<String> = args
            .iter()
            .map(|a| {
                literal(a).ok_or_else(|| {
                    RubyError::unsupported(
                        format!("a '{name}' whose arguments are not literals"),
                        a.at,
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        let typed = |lits: &[String]| -> Result<(String, String), RubyError> {
            // (the name a Symbol, the type a String, as the reference requires)
            if let [t, p] = args.as_slice() {
                if matches!(p.kind, Kind::Str(_)) {
                    let m = "Parameter name argument must be a Symbol. Got String";
                    return Err(load_error(function, m, n.at));
                }
                if matches!(t.kind, Kind::Sym(_)) {
                    let m = "Parameter 'type' must be a String reference to a Puppet Data Type. Got Symbol";
                    return Err(load_error(function, m, n.at));
                }
            }
            match lits {
                [t, n] => Ok((t.clone(), n.clone())),
                _ => Err(RubyError::unsupported(
                    format!("'{name}' without a type and a name"),
                    n.at,
                )),
            }
        };
        let order = match &**name {
            "param" | "required_param" => declared.param(true, false),
            "optional_param" => declared.param(false, false),
            "repeated_param" | "optional_repeated_param" => declared.param(false, true),
            "required_repeated_param" => declared.param(true, true),
            "block_param" | "required_block_param" | "optional_block_param" => {
                match std::mem::replace(&mut declared.block, true) {
                    true => Err("Attempt to redefine block"),
                    false => Ok(()),
                }
            }
            _ => Ok(()),
        };
        order.map_err(|m| load_error(function, m, n.at))?;
        match &**name {
            "param" | "required_param" => {
                let (t, p) = typed(&lits)?;
                parts.push((t, p, ""));
            }
            "optional_param" => {
                let (t, p) = typed(&lits)?;
                parts.push((t, p, "?"));
            }
            "repeated_param" | "optional_repeated_param" => {
                let (t, p) = typed(&lits)?;
                parts.push((t, p, "*"));
            }
            "required_repeated_param" => {
                let (t, p) = typed(&lits)?;
                parts.push((t, p, "+"));
            }
            "block_param" | "required_block_param" | "optional_block_param" => {
                let q = if name == "optional_block_param" {
                    "?"
                } else {
                    ""
                };
                let (t, p) = match lits.as_slice() {
                    [] => ("Callable".to_string(), "block".to_string()),
                    [one] if one.contains(['[', ']']) || one.starts_with(char::is_uppercase) => {
                        (one.clone(), "block".to_string())
                    }
                    [one] => ("Callable".to_string(), one.clone()),
                    [t, p] => (t.clone(), p.clone()),
                    more => {
                        let m = format!(
                            "block_param accepts max 2 arguments (type, name), got {}.",
                            more.len()
                        );
                        return Err(load_error(function, &m, n.at));
                    }
                };
                parts.push((t, p, if q.is_empty() { "&" } else { "&?" }));
            }
            "return_type" => return_type = lits.into_iter().next(),
            // (the reference's `InternalDispatchBuilder#scope_param`: the calling scope
            // woven among the arguments where it is declared)
            "scope_param" if lits.is_empty() && internal => scope_at = Some(parts.len()),
            // (the plain function's dispatch builder has no such method: the reference's
            // load error, without its dump of the builder)
            "scope_param" => {
                let m = "undefined local variable or method `scope_param' for #<Puppet::Functions::DispatcherBuilder>";
                return Err(load_error(function, m, n.at));
            }
            other => {
                return Err(RubyError::unsupported(
                    format!("'{other}' in a dispatch"),
                    n.at,
                ));
            }
        }
    }
    Ok(Dispatch {
        method,
        mismatch,
        params: parts,
        return_type,
        scope_at,
    })
}

impl Dispatch {
    /// The signature as a parameter list (`String[1] $name, Boolean $loud?`).
    #[cfg(test)]
    pub(super) fn decl(&self) -> String {
        let shown: Vec<String> = self
            .params
            .iter()
            .map(|(t, n, m)| match *m {
                "?" => format!("{t} ${n}?"),
                "&?" => format!("{t} &${n}?"),
                m => format!("{t} {m}${n}"),
            })
            .collect();
        shown.join(", ").replace("  ", " ")
    }
}
