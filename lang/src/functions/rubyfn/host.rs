//! The host a function's Ruby runs with: the evaluator (variables, `call_function`, 3.x
//! `function_NAME`, `require`), and the blocks and lambdas passed between Ruby and Puppet.

use super::*;

/// The lambda given to a function, as Ruby sees it: the reference's `PuppetProc`, a Proc
/// with the closure's parameters (`arity`, `parameters`, `lambda?`, and the closure's
/// `parameter_count`).
#[derive(Debug)]
pub(super) struct PuppetBlock {
    /// Each parameter's kind (`req`, `opt`, `rest`) and name.
    params: Vec<(&'static str, Rc<str>)>,
}

impl PuppetBlock {
    pub(super) fn of(closure: &Closure) -> PuppetBlock {
        PuppetBlock {
            params: closure
                .lambda
                .params
                .iter()
                .map(|p| {
                    let kind = if p.captures_rest {
                        "rest"
                    } else if p.default.is_some() {
                        "opt"
                    } else {
                        "req"
                    };
                    (kind, p.name.clone())
                })
                .collect(),
        }
    }

    /// `PuppetProc#arity`: the count of required parameters before the first other one,
    /// negated (less one) when another follows.
    fn arity(&self) -> i64 {
        let mut count = 0i64;
        for (kind, _) in &self.params {
            count += 1;
            if *kind != "req" {
                return -count;
            }
        }
        count
    }
}

impl HostObject for PuppetBlock {
    fn class_name(&self) -> String {
        "Puppet::Pops::Evaluator::Closure".to_string()
    }
    fn to_s(&self) -> String {
        "#<Puppet::Pops::Evaluator::Closure>".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other.as_any().is::<PuppetBlock>()
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        if !args.is_empty() {
            return None;
        }
        Some(Ok(match name {
            "arity" => RValue::Int(self.arity()),
            "parameter_count" => RValue::Int(self.params.len() as i64),
            "lambda?" => RValue::bool(false),
            "parameters" => RValue::array(
                self.params
                    .iter()
                    .map(|(kind, name)| {
                        RValue::array(vec![RValue::sym(*kind), RValue::sym(&**name)])
                    })
                    .collect::<Vec<_>>(),
            ),
            _ => return None,
        }))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A 4.x function's object as a value (`self` given as an argument): its class, and no
/// method of its own here (each call on it beyond the subset).
#[derive(Debug)]
pub(super) struct FunctionSelf(String);

impl HostObject for FunctionSelf {
    fn class_name(&self) -> String {
        self.0.clone()
    }
    fn to_s(&self) -> String {
        format!("#<{}>", self.0)
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<FunctionSelf>()
            .is_some_and(|o| o.0 == self.0)
    }
    fn call(&self, name: &str, _args: &[RValue]) -> Option<Result<RValue, HostError>> {
        Some(Err(HostError::Unsupported(format!(
            "'{name}' on 'self' as a value (the function object)"
        ))))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The evaluator as a Ruby function's host: a template's host, with the function's own
/// `self` (`call_function`; for 3.x the scope), its lambda and `require`.
pub(super) struct FunctionHost<'e> {
    pub(super) inner: EvalHost<'e>,
    /// The function's name.
    pub(super) function: &'e str,
    pub(super) v3: bool,
    /// Its scope's variables are the top scope's (`closure_scope['facts']`, `lookupvar`):
    /// a 4.x function's `closure_scope` is Puppet's global scope, whatever scope calls it
    /// (not for the 4.x functions given the calling scope as their first argument,
    /// `scope_first`, whose scope object is that one).
    pub(super) top_scope: bool,
    pub(super) block: Option<Closure>,
    /// The function's file, then the files `require` loaded.
    pub(super) sources: Rc<Vec<Source>>,
    /// Deprecation warnings of the objects it gave the code (`Autoloader`), not yet logged
    /// (made with the first such object).
    pub(super) deprecations: Option<Rc<RefCell<Vec<String>>>>,
}

/// A Ruby block the function gave a Puppet function (`call_function('each', list) { |x|
/// ... }`), as the lambda that function calls: a closure whose parameters say how many
/// arguments the block takes, as the reference reads a Ruby block (all optional, `|a, b|`
/// taking 0 to 2), and whose calls run the block (with a host made for each call).
#[derive(Debug)]
struct RubyLambda {
    block: Rc<dyn ruby::Lent>,
    /// A 3.x function's block (whose `self` is the scope).
    v3: bool,
    /// (`FunctionHost::top_scope`)
    top_scope: bool,
    function: Rc<str>,
    /// The function's own lambda (`yield` in the block).
    outer: Option<Closure>,
    sources: Rc<Vec<Source>>,
}

impl RubyLambda {
    fn closure(self) -> Closure {
        block_closure(self.block.params(), Rc::new(self))
    }
}

/// A Ruby block given to a Puppet function as the lambda that function calls: a closure
/// whose parameters say how many arguments the block takes, as the reference reads a Ruby
/// block (all optional, `|a, b|` taking 0 to 2), and whose calls run `native`.
pub(crate) fn block_closure(params: usize, native: Rc<dyn crate::eval::NativeLambda>) -> Closure {
    use crate::syntax::ast::{Expr, ExprKind, Param, Span};
    let params = (0..params)
        .map(|i| Param {
            name: Rc::from(format!("arg{i}")),
            type_expr: None,
            captures_rest: false,
            default: Some(Expr::new(ExprKind::Undef, Span::default())),
            span: Span::default(),
        })
        .collect();
    Closure::bodiless(params, Some(native))
}

impl crate::eval::NativeLambda for RubyLambda {
    fn call(&self, ev: &mut Evaluator, args: Vec<Value>) -> EvalResult {
        let args = args.iter().map(to_ruby).collect();
        let mut host = FunctionHost {
            inner: EvalHost::new(ev),
            function: &self.function,
            v3: self.v3,
            top_scope: self.top_scope,
            block: self.outer.clone(),
            sources: self.sources.clone(),
            deprecations: None,
        };
        let r = self.block.call(&mut host, args);
        host.flush_deprecations();
        let v = r.map_err(|e| match e {
            // (`break` out of the block, or an interruption: what leaves the function the
            // block was given to; the block's Ruby was not outside the subset)
            RubyError::Interrupted { .. } => Error::eval("Interrupted"),
            e => function_error(&mut host, e),
        })?;
        Ok(to_puppet(&v).map_err(|e| {
            Error::eval(format!(
                "a block of function '{}' gave a value Puppet cannot take: {e}",
                self.function
            ))
        })?)
    }
}

impl FunctionHost<'_> {
    /// The code's block as the lambda a Puppet function (or a lookup context) calls.
    fn lambda_of(&self, block: Rc<dyn ruby::Lent>) -> Closure {
        RubyLambda {
            block,
            v3: self.v3,
            top_scope: self.top_scope,
            function: Rc::from(self.function),
            outer: self.block.clone(),
            sources: self.sources.clone(),
        }
        .closure()
    }

    /// The files `require` loaded (the sources after the function's own).
    pub(super) fn required(&self) -> impl Iterator<Item = &Source> {
        self.sources.iter().skip(1)
    }

    /// Logs the deprecation warnings not yet logged (before anything else the code logs).
    #[inline]
    pub(super) fn flush_deprecations(&mut self) {
        if self.deprecations.is_some() {
            self.flush_pending();
        }
    }

    #[cold]
    fn flush_pending(&mut self) {
        let Some(deprecations) = &self.deprecations else {
            return;
        };
        let pending = std::mem::take(&mut *deprecations.borrow_mut());
        // (the reference's autoloader warns unless strict is off)
        if self.inner.ev.strict == crate::Strictness::Off {
            return;
        }
        for m in pending {
            self.inner.ev.warn_once(&m);
        }
    }

    /// Runs a call the Ruby code makes into Puppet: the Ruby function's own call site is
    /// not on the Puppet stack meanwhile, as Ruby frames are not on the reference's
    /// (stdlib's `deprecation` from a Ruby function names the Puppet call's site and the
    /// one before it, `at ["unknown", 2]:["unknown", 0]`).
    /// A 4.x function's `call_function` of a function there is not, as the reference's
    /// `Function#call_function` words it (`Function m::f(): Unknown function: 'x'`); a 3.x
    /// function's (the scope's) as a template's.
    fn unknown_worded(
        &self,
        name: &str,
        r: Result<RValue, HostError>,
    ) -> Result<RValue, HostError> {
        match r {
            Err(HostError::RaiseAs { class, message })
                if !self.v3
                    && message == crate::functions::template::unknown_function_text(name) =>
            {
                Err(HostError::RaiseAs {
                    class,
                    message: format!("Function {}(): Unknown function: '{name}'", self.function),
                })
            }
            r => r,
        }
    }

    fn call_into_puppet<T>(&mut self, f: impl FnOnce(&mut EvalHost) -> T) -> T {
        let sites = &mut self.inner.ev.call_sites;
        let own = sites.last().map(|(source, span)| (source.clone(), span));
        if own.is_some() {
            sites.pop();
        }
        let r = f(&mut self.inner);
        if let Some((source, span)) = own {
            self.inner.ev.call_sites.push(&source, span);
        }
        r
    }
}

impl Host for FunctionHost<'_> {
    fn variable(&mut self, name: &str) -> Option<RValue> {
        if let Some(v) = reserved_variable(self.inner.ev, name) {
            return Some(v);
        }
        scope_variable(self.inner.ev, self.top_scope, name, kept_as_ruby)
    }
    fn kept_variable(&mut self, name: &str) -> Option<RValue> {
        reserved_variable(self.inner.ev, name)
    }
    fn has_variable(&mut self, name: &str, with_value: bool) -> bool {
        scope_variable(self.inner.ev, self.top_scope, name, |v| {
            !with_value || !v.is_undef()
        })
        .unwrap_or(false)
    }
    fn undefined_variable(&mut self, name: &str) -> Option<String> {
        self.inner.undefined_variable(name)
    }
    fn call_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError> {
        self.flush_deprecations();
        let r = self.call_into_puppet(|h| h.call_function(name, args));
        self.unknown_worded(name, r)
    }
    fn call_legacy_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError> {
        self.flush_deprecations();
        self.call_into_puppet(|h| h.call_legacy_function(name, args))
    }
    fn has_function(&mut self, name: &str) -> Result<bool, String> {
        self.inner.has_function(name)
    }
    fn set_variable(&mut self, name: &str, value: &RValue) -> Result<(), HostError> {
        self.inner.set_variable(name, value)
    }
    fn to_yaml(
        &mut self,
        value: &RValue,
        options: &crate::erb::ruby::YamlOptions,
    ) -> Option<Result<String, HostError>> {
        self.inner.to_yaml(value, options)
    }
    fn parse_yaml(&mut self, text: &str) -> Option<Result<RValue, HostError>> {
        self.inner.parse_yaml(text)
    }
    fn self_is_scope(&self) -> bool {
        self.v3
    }
    /// A 3.x function's `self`, the scope, as the reference's `Scope#inspect`: the resource
    /// whose body it is (`Scope(Class[main]):Puppet::Parser::Scope`).
    fn self_inspect(&mut self) -> String {
        if !self.v3 {
            return format!("#<{}>", self.function);
        }
        let ev = &self.inner.ev;
        let resource = match ev.scope.as_deref() {
            Some(s) => ev.compilation.catalog.get(s.resource).reference(),
            None => "Class[main]".to_string(),
        };
        format!("Scope({resource}):Puppet::Parser::Scope")
    }
    /// A 4.x function's `self` is an instance of a class named as the function; a 3.x
    /// function's is the scope.
    fn self_value(&mut self) -> Option<RValue> {
        (!self.v3).then(|| RValue::host(FunctionSelf(self.function.to_string())))
    }
    fn self_class(&self) -> &str {
        match self.v3 {
            true => "Puppet::Parser::Scope",
            false => self.function,
        }
    }
    /// The reference loads a function's file inside its loader's class: the classes it
    /// defines are named in it (`Puppet::Pops::Loader::RubyFunctionInstantiator::Point`).
    fn class_namespace(&self) -> Option<&str> {
        Some(match self.v3 {
            true => "Puppet::Pops::Loader::RubyLegacyFunctionInstantiator",
            false => "Puppet::Pops::Loader::RubyFunctionInstantiator",
        })
    }

    fn self_call(&mut self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        self.flush_deprecations();
        match name {
            // the scope the function was defined in: for a module function, the top scope
            // (`closure_scope['facts']`, `lookupvar`; first: stdlib's `fact` asks it at
            // each call)
            "closure_scope" if !self.v3 && args.is_empty() => Some(Ok(RValue::Scope)),
            "call_function" if !self.v3 => {
                let Some((f, rest)) = args.split_first() else {
                    return Some(Err(HostError::Raise(
                        "wrong number of arguments (given 0, expected 1+)".to_string(),
                    )));
                };
                let f = ruby::show::to_s(f);
                let r = self.call_into_puppet(|h| h.call_function(&f, rest.to_vec()));
                Some(self.unknown_worded(&f, r))
            }
            // Puppet's translation (`_('message')`, GettextHelper): the message itself
            "_" if args.len() == 1 => Some(Ok(args[0].clone())),
            // Puppet's logging methods, which every function has
            "debug" | "info" | "notice" | "warning" | "err" | "alert" | "emerg" | "crit" => {
                let message = args
                    .iter()
                    .map(ruby::show::to_s)
                    .collect::<Vec<_>>()
                    .join(" ");
                Some(
                    self.call_into_puppet(|h| h.call_function(name, vec![RValue::str(message)]))
                        .map(|_| RValue::Nil),
                )
            }
            "loader" | "script_compiler" | "internal_call_function" => Some(Err(
                HostError::Unsupported(format!("'{name}' in a function")),
            )),
            _ => None,
        }
    }

    fn call_function_with_block(
        &mut self,
        name: &str,
        args: Vec<RValue>,
        block: Rc<dyn ruby::Lent>,
    ) -> Option<Result<RValue, HostError>> {
        self.flush_deprecations();
        let closure = self.lambda_of(block);
        let r = self.call_into_puppet(|h| h.call_function_with_closure(name, args, &closure));
        Some(self.unknown_worded(name, r))
    }

    fn owns_object(&self, object: &RValue) -> bool {
        lookup_context(object).is_some() || is_loader(object)
    }

    fn object_call(
        &mut self,
        object: &RValue,
        name: &str,
        args: Vec<RValue>,
        block: Option<Rc<dyn ruby::Lent>>,
    ) -> Option<Result<RValue, HostError>> {
        if is_loader(object) {
            return self.loader_call(name, &args);
        }
        let context = lookup_context(object)?;
        let mut all = vec![context];
        match crate::functions::template::puppet_args(&args) {
            Ok(args) => all.extend(args),
            Err(e) => return Some(Err(e)),
        }
        let closure = block.map(|block| self.lambda_of(block));
        self.flush_deprecations();
        let r = self.call_into_puppet(|h| {
            let span = h.ev.call_span;
            h.ev.call_named_with(
                name,
                all,
                closure,
                crate::syntax::ast::CallStyle::Method,
                span,
            )
        });
        Some(r.map(|v| to_ruby(&v)).map_err(|f| {
            match f {
                crate::eval::Flow::Error(e) if e.kind == crate::error::ErrorKind::NoSuchKey => {
                    HostError::Throw("no_such_key".into())
                }
                crate::eval::Flow::Error(e) if e.uncaught_class().is_some() => {
                    crate::functions::template::raised_again(&e)
                }
                crate::eval::Flow::Error(e) => HostError::Raise(
                    e.message
                        .strip_prefix("Error while evaluating a Method call, ")
                        .unwrap_or(&e.message)
                        .to_string(),
                ),
                _ => HostError::Unsupported(format!(
                    "break, next or return out of a lookup context's '{name}'"
                )),
            }
        }))
    }

    fn call_block(
        &mut self,
        block: &RValue,
        args: Vec<RValue>,
    ) -> Option<Result<RValue, HostError>> {
        let RValue::Host(o) = block else { return None };
        o.as_any().downcast_ref::<PuppetBlock>()?;
        let closure = self.block.clone()?;
        let args: Result<Vec<Value>, HostError> = args
            .iter()
            .map(|a| to_puppet(a).map_err(HostError::Unsupported))
            .collect();
        let args = match args {
            Ok(a) => a,
            Err(e) => return Some(Err(e)),
        };
        let r = self.inner.ev.call_closure(&closure, &args);
        Some(r.map(|v| to_ruby(&v)).map_err(|f| match f {
            crate::eval::Flow::Error(e) if e.uncaught_class().is_some() => {
                crate::functions::template::raised_again(&e)
            }
            // (the lambda's error, its arguments' or its body's, is Puppet's: the
            // reference's function call lets it through unwrapped when the Ruby code
            // does not rescue it, `function_error`)
            crate::eval::Flow::Error(e) => {
                let message = e.message.clone();
                self.inner.located = Some((message.clone(), e));
                HostError::Raise(message)
            }
            _ => HostError::Unsupported(
                "break, next or return out of a lambda a Ruby function called".into(),
            ),
        }))
    }

    fn system_call(
        &mut self,
        class: &str,
        name: &str,
        args: &[RValue],
    ) -> Option<Result<RValue, HostError>> {
        match (class, name, args) {
            // the 3.x function's name as a `function_NAME` method, or false
            ("Puppet::Parser::Functions", "autoloader", []) => {
                let ev = &self.inner.ev;
                Some(Ok(RValue::host(
                    crate::functions::legacy_autoloader::Autoloader {
                        loaded: ev.legacy_autoloaded.clone(),
                        modulepath: ev.env.modulepath.as_slice().into(),
                        deprecations: self.deprecations.get_or_insert_with(Rc::default).clone(),
                    },
                )))
            }
            ("Puppet::Parser::Functions", "function", [f]) => {
                let f = ruby::show::to_s(f);
                // (a 4.x-only function exists too, though `function_NAME` refuses it)
                Some(Ok(match self.inner.has_function(&f) {
                    Ok(true) | Err(_) => RValue::str(format!("function_{f}")),
                    Ok(false) => RValue::bool(false),
                }))
            }
            // Puppet's logging (`Puppet.debug(message)`), as a function's own methods
            ("Puppet", "debug" | "info" | "notice" | "warning" | "err", [_]) => {
                self.self_call(name, args)
            }
            _ => super::puppet_classes::system_call(self, class, name, args).or_else(|| {
                crate::functions::ruby_puppet::system_call(self.inner.ev, class, name, args)
            }),
        }
    }

    fn module_files(&self) -> bool {
        true
    }

    fn write_output(&mut self, stream: prepl_ruby::Stream, text: &str) {
        self.inner.ev.write_output(stream, text)
    }

    /// (`Dir.glob`: stdlib's `glob` lists the paths it is given, as the reference's does)
    fn read_dirs(&mut self, _what: &str) -> Result<(), HostError> {
        Ok(())
    }

    fn require(&mut self, path: &str) -> Option<Result<ruby::Required, HostError>> {
        if path.starts_with('/') {
            return Some(self.require_in_modules("require", path, PathBuf::from("/")));
        }
        let modulepath = &self.inner.ev.env.modulepath;
        if known_library(modulepath, path) {
            return Some(Ok(ruby::Required::Nothing));
        }
        let found = match required_file(modulepath, path) {
            Ok(Some(found)) => found,
            Ok(None) => {
                let answer = library(path);
                if answer.is_ok() {
                    remember_library(modulepath, path);
                }
                return Some(answer);
            }
            Err(e) => return Some(Err(e)),
        };
        Some(self.load_required(path, found))
    }

    fn require_relative(
        &mut self,
        path: &str,
        at: usize,
    ) -> Option<Result<ruby::Required, HostError>> {
        let from = self
            .sources
            .iter()
            .rev()
            .find(|s| s.base <= at && at - s.base <= s.text.len())
            .map(|s| s.path.clone())?;
        let from = from.parent().map(Path::to_path_buf).unwrap_or_default();
        Some(self.require_in_modules("require_relative", path, from))
    }

    fn source_file(&mut self, at: usize) -> Option<String> {
        self.sources
            .iter()
            .rev()
            .find(|s| s.base <= at && at - s.base <= s.text.len())
            .map(|s| s.path.display().to_string())
    }
}

impl FunctionHost<'_> {
    /// A `require` of `path` from the directory `from` (`require_relative`; an absolute
    /// path, as `File.dirname(__FILE__)` makes one): `..` resolved by the path's words, and
    /// the file must be in a module of the modulepath.
    fn require_in_modules(
        &mut self,
        how: &str,
        path: &str,
        from: PathBuf,
    ) -> Result<ruby::Required, HostError> {
        let rel = format!("{}.rb", path.strip_suffix(".rb").unwrap_or(path));
        let mut file = from;
        for part in rel.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    file.pop();
                }
                p => file.push(p),
            }
        }
        let modulepath = &self.inner.ev.env.modulepath;
        let Some(dir) = modulepath.iter().find(|d| file.starts_with(d)).cloned() else {
            return Err(HostError::Unsupported(format!(
                "{how} '{path}' of a file outside the modulepath"
            )));
        };
        if !crate::env::fs::is_file(&file) {
            return Err(HostError::Raise(format!(
                "cannot load such file -- {}",
                file.display()
            )));
        }
        self.load_required(path, (dir, file))
    }

    /// A module's Ruby file `require` found (its modulepath directory and path): its code
    /// to run, or nothing when this call loaded it already.
    fn load_required(
        &mut self,
        path: &str,
        (dir, file): (PathBuf, PathBuf),
    ) -> Result<ruby::Required, HostError> {
        if self.required().any(|s| *s.path == *file) {
            return Ok(ruby::Required::Nothing);
        }
        let parsed = crate::env::ruby_files::load(&file)
            .map_err(|e| HostError::Raise(format!("cannot load such file -- {path} ({e})")))?;
        Rc::make_mut(&mut self.sources).push(Source {
            base: parsed.base,
            shown: shown_path(&dir, &file),
            text: parsed.text.clone(),
            path: file.into(),
        });
        Ok(ruby::Required::Code(parsed.body.clone()))
    }
}

/// `f` of a variable as a function's scope reads it: `top`, a 4.x function's
/// `closure_scope`, is the reference's global scope, whatever scope calls the function:
/// the top scope's variables and those of the lambdas (and Puppet functions) running in it
/// (its local scopes), not a class's, define's or node's, nor those of their lambdas; else
/// (a 3.x function's scope) the calling scope's. A qualified name (`apache::params::x`) is
/// a class's variable, wherever read from; `facts`, `trusted` and `server_facts` are the
/// top scope's, which no other scope can have (read there at once: stdlib's `fact` reads
/// `closure_scope['facts']` at each call).
fn scope_variable<T>(
    ev: &Evaluator,
    top: bool,
    name: &str,
    f: impl FnOnce(&Value) -> T,
) -> Option<T> {
    let short = name.strip_prefix("::").unwrap_or(name);
    if let Some(i) = crate::eval::scope::RESERVED
        .iter()
        .position(|r| *r == short)
    {
        // (looked up by the name's hash, made once: `fact` reads `facts` at each call)
        return ev.globals.get_hashed(short, reserved_hashes()[i]).map(f);
    }
    if !top || ev.scope.is_none() || crate::names::is_qualified(short) {
        return ev.visible_variable(name).as_ref().map(f);
    }
    ev.globals.get(short).map(f)
}

/// The Ruby objects of the reserved top-scope variables a function read
/// ([`reserved_variable`]): for which evaluation (the thread's `fs::generation`, the
/// evaluator's address and its count of inputs), and each name's object
/// ([`crate::eval::scope::RESERVED`]'s order).
struct KeptReserved {
    generation: u64,
    evaluation: (usize, u64),
    values: [Option<RValue>; 3],
}

thread_local! {
    static KEPT_RESERVED: RefCell<KeptReserved> = const {
        RefCell::new(KeptReserved {
            generation: u64::MAX,
            evaluation: (0, 0),
            values: [None, None, None],
        })
    };
}

/// A function's read of `facts`, `trusted` or `server_facts` (`closure_scope['facts']`,
/// `lookupvar('facts')`), as [`scope_variable`] reads it (the top scope's, its Ruby object
/// `kept_as_ruby`'s), kept for the rest of the evaluation: the top scope's reserved
/// variables are set before it starts and cannot be assigned, so every read in it answers
/// the same object (stdlib's `fact` read it through the interpreter's map of variables
/// read, empty at each call, the top scope's map and `kept_as_ruby`'s list, ~0.5 k
/// instructions a call). `None` for any other name, and for a reserved variable that
/// does not exist (not kept). The objects of an evaluation before are let go at the first
/// read of the next one, before `kept_as_ruby` looks whether it can take them again.
fn reserved_variable(ev: &Evaluator, name: &str) -> Option<RValue> {
    let i = crate::eval::scope::RESERVED
        .iter()
        .position(|r| *r == name)?;
    let generation = crate::env::fs::generation();
    let evaluation = (ev as *const Evaluator as usize, ev.generation);
    let stale = KEPT_RESERVED
        .try_with(|kept| {
            let mut kept = kept.try_borrow_mut().ok()?;
            if kept.generation == generation && kept.evaluation == evaluation {
                if let Some(v) = &kept.values[i] {
                    return Some(Ok(v.clone()));
                }
                return None;
            }
            kept.generation = generation;
            kept.evaluation = evaluation;
            Some(Err(std::mem::take(&mut kept.values)))
        })
        .ok()
        .flatten();
    match stale {
        Some(Ok(v)) => return Some(v),
        // (dropped here, outside the borrow)
        Some(Err(before)) => drop(before),
        None => {}
    }
    let v = ev
        .globals
        .get_hashed(name, reserved_hashes()[i])
        .map(kept_as_ruby)?;
    let _ = KEPT_RESERVED.try_with(|kept| {
        if let Ok(mut kept) = kept.try_borrow_mut() {
            if kept.generation == generation && kept.evaluation == evaluation {
                kept.values[i] = Some(v.clone());
            }
        }
    });
    Some(v)
}

/// The hashes of the reserved names ([`crate::eval::scope::RESERVED`]) as the top scope's
/// map hashes its keys.
fn reserved_hashes() -> &'static [u64] {
    static HASHES: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    HASHES.get_or_init(|| {
        use std::hash::BuildHasher;
        let hasher = rustc_hash::FxBuildHasher;
        crate::eval::scope::RESERVED
            .iter()
            .map(|name| hasher.hash_one(*name))
            .collect()
    })
}

/// The Puppet value of a `Puppet::LookupContext` a Hiera backend function was given (as
/// Ruby sees it: a host object), if `object` is one.
fn is_loader(object: &RValue) -> bool {
    matches!(object, RValue::Host(o) if o.as_any().is::<crate::functions::ruby_puppet::Loader>())
}

impl FunctionHost<'_> {
    /// The environment loader's `load(:function, name)` (stdlib's `has_function`): the
    /// function when the environment has one of the name (Puppet's, a module's, the
    /// environment's), else nil; another kind of thing is beyond the subset.
    fn loader_call(&mut self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match (name, args) {
            ("load", [RValue::Sym(kind), f]) if &**kind == "function" => {
                let f = ruby::show::to_s(f);
                let ev = &mut *self.inner.ev;
                let found = crate::env::hiera::function_exists(ev, &f)
                    .map_err(|e| HostError::Raise(e.message))
                    .map(|found| found || super::find_3x(ev, &f).is_some());
                Some(found.map(|found| match found {
                    true => RValue::host(crate::functions::ruby_puppet::LoadedFunction(Rc::from(
                        f.as_str(),
                    ))),
                    false => RValue::Nil,
                }))
            }
            _ => None,
        }
    }
}

fn lookup_context(object: &RValue) -> Option<Value> {
    let RValue::Host(o) = object else {
        return None;
    };
    match &o
        .as_any()
        .downcast_ref::<crate::erb::bridge::PuppetObject>()?
        .0
    {
        v @ Value::Object(ov) if crate::types::pcore::is_lookup_context(ov) => Some(v.clone()),
        _ => None,
    }
}
