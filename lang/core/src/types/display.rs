//! Types in the reference's program form: `Hash[String, Integer, 1, 10]`.
use super::{CallableType, IntRange, KeyKind, PType, StructMember};
use crate::time::{Timespan, Timestamp};
use crate::values::Value;
use std::fmt::{self, Write};
use std::rc::Rc;

const TYPESET_TEXT: &str = "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', \
name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]";

impl fmt::Display for PType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_type(f, self, 0)
    }
}

/// A type as the reference prints a type *value* (`%p`, `notice`, a REPL result): an alias
/// shows its definition, `MyA = Integer[1, 2]`, while inside other types (and through
/// `Display`) it prints by name only (`Array[MyA]`), so recursive aliases terminate.
pub fn alias_display(t: &PType) -> String {
    match t {
        PType::Alias(a) if super::names::BUILT_IN_ALIASES.contains(&&*a.name) => a.name.to_string(),
        PType::Alias(a) => {
            // Aliases met inside the definition show their definitions too, except those
            // already being shown (recursive aliases print by name there).
            EXPANDING.with(|e| *e.borrow_mut() = Some(vec![Rc::as_ptr(a) as usize]));
            let text = format!("{} = {}", a.name, definition(a));
            EXPANDING.with(|e| *e.borrow_mut() = None);
            text
        }
        PType::ObjectType(o) => {
            let mut s = String::new();
            // (its attributes' types are inside it: an object type without a name there
            // shows as `Object`)
            TYPE_NESTING.with(|n| n.set(n.get() + 1));
            let _ = super::object::write_definition(&mut s, o);
            TYPE_NESTING.with(|n| n.set(n.get() - 1));
            s
        }
        PType::TypeSetType(ts) => {
            let mut s = String::new();
            let _ = super::typeset::write_typeset(&mut s, ts, true);
            s
        }
        t => t.to_string(),
    }
}

/// A type with every alias in it shown with its definition (`Array[P = Integer[1, 2]]`), as
/// the reference's `to_alias_expanded_s` (recursive aliases by name where they recur).
pub fn alias_expanded_display(t: &PType) -> String {
    if let PType::Alias(_) = t {
        return alias_display(t);
    }
    EXPANDING.with(|e| *e.borrow_mut() = Some(Vec::new()));
    let text = t.to_string();
    EXPANDING.with(|e| *e.borrow_mut() = None);
    text
}

/// A type with the named object types in it shown with their definitions
/// (`Type[Object[{name => 'Annotation'}]]`), as the reference's detailed mismatches show
/// them; inside a definition, other object types keep their names (`parent => P`).
pub fn objects_expanded_display(t: &PType) -> String {
    let outer = EXPAND_OBJECTS.with(|e| e.replace(true));
    let text = t.to_string();
    EXPAND_OBJECTS.with(|e| e.set(outer));
    text
}

/// A type as the reference's mismatches write a type in detail (`to_alias_expanded_s`):
/// the named object types with their definitions, and every alias with its definition,
/// also inside other types (`got Hash[Tuple[Type[A = Integer[1, 2]]], Boolean]`; recursive
/// aliases by name where they recur).
pub fn mismatch_display(t: &PType) -> String {
    let outer = EXPAND_OBJECTS.with(|e| e.replace(true));
    let text = alias_expanded_display(t);
    EXPAND_OBJECTS.with(|e| e.set(outer));
    text
}

thread_local! {
    /// How many types are being written, one inside the other (a type inside an array
    /// *value* is written at 1 again).
    static TYPE_NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// While `objects_expanded_display` runs (and no definition is being written).
    static EXPAND_OBJECTS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// While `alias_display` runs: the aliases whose definitions are being shown.
    static EXPANDING: std::cell::RefCell<Option<Vec<usize>>> = const { std::cell::RefCell::new(None) };
}

/// Whether a nested alias should show its definition (and marks it as being shown).
fn begin_expanding(a: &Rc<super::TypeAlias>) -> bool {
    !super::names::BUILT_IN_ALIASES.contains(&&*a.name) && mark_shown(&EXPANDING, a)
}

fn end_expanding() {
    unmark_shown(&EXPANDING);
}

/// The aliases whose definitions are being shown, when definitions are shown at all.
type Shown = std::thread::LocalKey<std::cell::RefCell<Option<Vec<usize>>>>;

/// Marks the alias `a` as being shown in `shown`: false when it already is, or when no
/// definitions are being shown.
fn mark_shown(shown: &'static Shown, a: &Rc<super::TypeAlias>) -> bool {
    let key = Rc::as_ptr(a) as usize;
    shown.with(|e| match &mut *e.borrow_mut() {
        Some(stack) if !stack.contains(&key) => {
            stack.push(key);
            true
        }
        _ => false,
    })
}

/// The last alias [`mark_shown`] marked in `shown` shown.
fn unmark_shown(shown: &'static Shown) {
    shown.with(|e| {
        if let Some(stack) = &mut *e.borrow_mut() {
            stack.pop();
        }
    });
}

/// An alias's definition as the reference keeps it, in normal form (`type A =
/// NotUndef[Enum['a']]` is `A = Enum['a']`), but with its sizes (docs/deviations.md).
fn definition(a: &super::TypeAlias) -> PType {
    super::normalize::normalize_keeping_sizes(&a.resolved())
}

/// The definition of an alias (`Array[Variant[Integer, Tree]]`), or the type itself.
pub fn resolved_display(t: &PType) -> String {
    match t {
        PType::Alias(a) => a.resolved().to_string(),
        t => t.to_string(),
    }
}

/// Types nest as deeply as the values they were inferred from, as far as printing follows
/// nested values (`limits::MAX_VALUE_DEPTH`); deeper parts print as `...`.
const MAX_DEPTH: usize = crate::limits::MAX_VALUE_DEPTH;

/// Prints `t` nested `depth` levels deep, on more stack when needed.
fn write_type(f: &mut dyn Write, t: &PType, depth: usize) -> fmt::Result {
    if depth > MAX_DEPTH {
        return f.write_str("...");
    }
    TYPE_NESTING.with(|n| n.set(n.get() + 1));
    let r = crate::limits::deep(|| write_type_here(f, t, depth + 1));
    TYPE_NESTING.with(|n| n.set(n.get() - 1));
    r
}

fn write_type_here(f: &mut dyn Write, t: &PType, d: usize) -> fmt::Result {
    match t {
        PType::Any => f.write_str("Any"),
        PType::TypeReference(name) => write!(f, "TypeReference[{}]", quote(name)),
        PType::Binary => f.write_str("Binary"),
        PType::Undef => f.write_str("Undef"),
        PType::Default => f.write_str("Default"),
        PType::Data => f.write_str("Data"),
        PType::RichData => f.write_str("RichData"),
        PType::Scalar => f.write_str("Scalar"),
        PType::ScalarData => f.write_str("ScalarData"),
        PType::Numeric => f.write_str("Numeric"),
        PType::Integer(r) => {
            f.write_str("Integer")?;
            write_int_range(f, *r)
        }
        PType::Float(lo, hi) => {
            f.write_str("Float")?;
            if *lo == f64::NEG_INFINITY && *hi == f64::INFINITY {
                return Ok(());
            }
            f.write_char('[')?;
            if *lo == f64::NEG_INFINITY {
                f.write_str("default")?;
            } else {
                f.write_str(&ruby_float(*lo))?;
            }
            if *hi != f64::INFINITY {
                write!(f, ", {}", ruby_float(*hi))?;
            } else if spec_reading() {
                f.write_str(", default")?;
            }
            f.write_char(']')
        }
        PType::String { size, .. } => {
            f.write_str("String")?;
            write_size(f, *size)
        }
        PType::Enum {
            values,
            case_insensitive,
        } => {
            f.write_str("Enum")?;
            if values.is_empty() {
                return Ok(());
            }
            f.write_char('[')?;
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                f.write_str(&quote(v))?;
            }
            if *case_insensitive {
                f.write_str(", true")?;
            }
            f.write_char(']')
        }
        PType::Pattern(res) => {
            f.write_str("Pattern")?;
            if res.is_empty() {
                return Ok(());
            }
            f.write_char('[')?;
            for (i, r) in res.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                // (as for `Regexp[...]` below: `Pattern[Regexp['(']]` holds a pattern
                // Ruby cannot compile, which the reference compiles to print it)
                if let Some(e) = r.compile_error() {
                    crate::limits::defer_error(e);
                }
                f.write_str(&regexp_text(r.source()))?;
            }
            f.write_char(']')
        }
        PType::Boolean(b) => match b {
            None => f.write_str("Boolean"),
            Some(b) => write!(f, "Boolean[{b}]"),
        },
        PType::Regexp(r) => match r {
            None => f.write_str("Regexp"),
            Some(r) => {
                // (the reference's type compiles its pattern to print it: one Ruby cannot
                // compile fails the evaluation as it ends)
                if let Some(e) = r.compile_error() {
                    crate::limits::defer_error(e);
                }
                write!(f, "Regexp[{}]", regexp_text(r.source()))
            }
        },
        PType::SemVer(ranges) => {
            f.write_str("SemVer")?;
            if ranges.is_empty() {
                return Ok(());
            }
            f.write_char('[')?;
            for (i, r) in ranges.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                f.write_str(&quote(&r.text))?;
            }
            f.write_char(']')
        }
        PType::SemVerRange => f.write_str("SemVerRange"),
        PType::Timespan(lo, hi) => write_time_range(
            f,
            "Timespan",
            lo.map(span_bound_text),
            hi.map(span_bound_text),
        ),
        PType::Timestamp(lo, hi) => write_time_range(
            f,
            "Timestamp",
            lo.map(timestamp_text),
            hi.map(timestamp_text),
        ),
        PType::Collection(size) => {
            f.write_str("Collection")?;
            write_size(f, *size)
        }
        PType::Array(elem, size) => {
            f.write_str("Array")?;
            if *size == IntRange::new(0, 0) {
                return f.write_str("[0, 0]");
            }
            if matches!(**elem, PType::Any) && !size.shows() {
                return Ok(());
            }
            f.write_char('[')?;
            write_type(f, elem, d)?;
            write_size_args(f, *size)?;
            f.write_char(']')
        }
        PType::Hash(k, v, size) => {
            f.write_str("Hash")?;
            if *size == IntRange::new(0, 0) {
                return f.write_str("[0, 0]");
            }
            if matches!(**k, PType::Any) && matches!(**v, PType::Any) && !size.shows() {
                return Ok(());
            }
            f.write_char('[')?;
            write_type(f, k, d)?;
            f.write_str(", ")?;
            write_type(f, v, d)?;
            write_size_args(f, *size)?;
            f.write_char(']')
        }
        PType::Tuple(types, size) => {
            f.write_str("Tuple")?;
            if types.is_empty() && size.is_none() {
                return Ok(());
            }
            f.write_char('[')?;
            write_list(f, types, d)?;
            if let Some(size) = size {
                if !types.is_empty() {
                    f.write_str(", ")?;
                }
                write_range_args(f, *size)?;
            }
            f.write_char(']')
        }
        PType::Struct(members) => match members {
            Some(members) if !members.is_empty() => {
                f.write_str("Struct[{")?;
                for (i, m) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write_struct_key(f, m)?;
                    f.write_str(" => ")?;
                    write_type(f, &m.value, d)?;
                }
                f.write_str("}]")
            }
            _ => f.write_str("Struct"),
        },
        PType::Variant(types) => {
            f.write_str("Variant")?;
            if types.is_empty() {
                return Ok(());
            }
            f.write_char('[')?;
            write_list(f, types, d)?;
            f.write_char(']')
        }
        PType::Optional(t) => write_wrapper(f, "Optional", t.as_deref(), d),
        // `NotUndef[Any]` is the unparameterized `NotUndef`.
        PType::NotUndef(Some(t)) if matches!(**t, PType::Any) => f.write_str("NotUndef"),
        PType::NotUndef(t) => write_wrapper(f, "NotUndef", t.as_deref(), d),
        PType::Iterable(t) => write_wrapper(f, "Iterable", t.as_deref(), d),
        PType::Iterator(t) => write_wrapper(f, "Iterator", t.as_deref(), d),
        PType::Type(t) => write_wrapper(f, "Type", t.as_deref(), d),
        PType::Sensitive(t) => write_wrapper(f, "Sensitive", t.as_deref(), d),
        PType::CatalogEntry => f.write_str("CatalogEntry"),
        PType::Resource { type_name, title } => match (type_name, title) {
            (None, _) => f.write_str("Resource"),
            (Some(n), None) => f.write_str(n),
            (Some(n), Some(t)) => write!(f, "{n}[{}]", quote(t)),
        },
        PType::Class(name) => match name {
            None => f.write_str("Class"),
            Some(n) => write!(f, "Class[{n}]"),
        },
        PType::Callable(c) => write_callable(f, c, d),
        PType::Runtime { runtime, name } => match (runtime, name) {
            (None, _) => f.write_str("Runtime"),
            (Some(r), None) => write!(f, "Runtime[{r}]"),
            (Some(r), Some(n)) => write!(f, "Runtime[{r}, {}]", quote(n)),
        },
        PType::Init(t, args) => {
            f.write_str("Init")?;
            let Some(t) = t else { return Ok(()) };
            f.write_char('[')?;
            write_type(f, t, d)?;
            for a in args {
                f.write_str(", ")?;
                write_value(f, a, d)?;
            }
            f.write_char(']')
        }
        // (inside another type, out of an alias's definition, an object type without a name
        // shows as `Object`: `Array[Object]`, `Type[Object]`)
        PType::Object if inside_a_type() => f.write_str("Object"),
        PType::Object => f.write_str("Object[{}]"),
        PType::ObjectType(o) if o.name.is_none() && inside_a_type() => f.write_str("Object"),
        PType::Uri(None) => f.write_str("URI"),
        PType::Uri(Some(params)) => {
            f.write_str("URI[")?;
            write_value(f, &Value::Hash(params.clone()), d)?;
            f.write_char(']')
        }
        // (a member of the TypeSet being written shows its definition without its name)
        PType::ObjectType(o) if o.name.as_deref().is_some_and(typeset_expands) => {
            let anonymous = super::object::ObjectType {
                name: None,
                ..(**o).clone()
            };
            without_typeset_expansion(|| super::object::write_definition(f, &anonymous))
        }
        // (in an alias's definition a named object type shows its definition too, as the
        // reference's expanded form does; inside that definition, types show by name)
        PType::ObjectType(o) => match &o.name {
            Some(n)
                if !EXPAND_OBJECTS.with(|e| e.get())
                    && EXPANDING.with(|e| e.borrow().is_none()) =>
            {
                f.write_str(typeset_member_name(n))
            }
            _ => {
                let outer = EXPAND_OBJECTS.with(|e| e.replace(false));
                let aliases = EXPANDING.with(|e| e.borrow_mut().take());
                let r = super::object::write_definition(f, o);
                EXPANDING.with(|e| *e.borrow_mut() = aliases);
                EXPAND_OBJECTS.with(|e| e.set(outer));
                r
            }
        },
        PType::ObjectExt(e) => {
            super::object_extension::write(f, e, &mut |f, v| write_value(f, v, d + 1))
        }
        PType::TypeSet => f.write_str(TYPESET_TEXT),
        PType::TypeSetType(ts) => super::typeset::write_typeset(f, ts, false),
        PType::Unit => f.write_str("Unit"),
        PType::Alias(a) if begin_typeset_expanding(a) => {
            let result = write_type(f, &definition(a), d);
            unmark_shown(&TYPESET_EXPANDING);
            result
        }
        PType::Alias(a) if begin_expanding(a) => {
            let result = write!(f, "{} = ", a.name).and_then(|_| write_type(f, &definition(a), d));
            end_expanding();
            result
        }
        PType::Alias(a) => f.write_str(typeset_member_name(&a.name)),
    }
}

thread_local! {
    /// While a TypeSet's members are written: the set's name, so that its members refer to
    /// each other by their short names (`parent => PopsObject`), as the reference writes them.
    static TYPESET_NAME: std::cell::RefCell<Option<Rc<str>>> = const { std::cell::RefCell::new(None) };
    /// While a TypeSet's members are written expanded (its `types`, outside the definitions
    /// of its object types): the set's member aliases being shown by their definitions (a
    /// member recurring inside its own definition shows by name).
    static TYPESET_EXPANDING: std::cell::RefCell<Option<Vec<usize>>> = const { std::cell::RefCell::new(None) };
}

/// `f` with the members of the TypeSet `name` written by their short names; with `expand`,
/// as the reference writes a set's `types` (its formatter's `defines_type?`): a member alias
/// by its definition (`B => Array[Integer]` for `B => Array[A]`, `A => Integer`), a member
/// object type by its definition without a name, except inside an object type's definition
/// (`attributes => {'x' => A}`, `parent => P`).
pub(crate) fn with_typeset_names<R>(name: &Rc<str>, expand: bool, f: impl FnOnce() -> R) -> R {
    let outer = TYPESET_NAME.with(|n| n.replace(Some(name.clone())));
    let outer_expanding = TYPESET_EXPANDING.with(|e| e.replace(expand.then(Vec::new)));
    let r = f();
    TYPESET_EXPANDING.with(|e| *e.borrow_mut() = outer_expanding);
    TYPESET_NAME.with(|n| *n.borrow_mut() = outer);
    r
}

/// `f` with the members of the TypeSet being written shown by their names (inside an object
/// type's definition).
pub(crate) fn without_typeset_expansion<R>(f: impl FnOnce() -> R) -> R {
    let outer = TYPESET_EXPANDING.with(|e| e.replace(None));
    let r = f();
    TYPESET_EXPANDING.with(|e| *e.borrow_mut() = outer);
    r
}

/// Whether the type named `name` is a member of the TypeSet being written expanded.
fn typeset_expands(name: &str) -> bool {
    TYPESET_EXPANDING.with(|e| e.borrow().is_some()) && typeset_member_name(name) != name
}

/// Whether the alias `a` is a member of the TypeSet being written expanded, not already
/// being shown (and marks it as being shown).
fn begin_typeset_expanding(a: &Rc<super::TypeAlias>) -> bool {
    typeset_expands(&a.name) && mark_shown(&TYPESET_EXPANDING, a)
}

/// A type's name as written where it stands: a member of the TypeSet being written by its
/// short name.
fn typeset_member_name(name: &str) -> &str {
    TYPESET_NAME.with(|n| {
        let n = n.borrow();
        let Some(set) = n.as_deref() else {
            return name;
        };
        match name.strip_prefix(set).and_then(|r| r.strip_prefix("::")) {
            Some(short) if !short.is_empty() && !short.contains("::") => {
                // (borrowed from `name`, which outlives the thread-local's borrow)
                &name[name.len() - short.len()..]
            }
            _ => name,
        }
    })
}

fn write_list(f: &mut dyn Write, types: &[PType], d: usize) -> fmt::Result {
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_type(f, t, d)?;
    }
    Ok(())
}

/// `Optional['a']` keeps a string parameter as a string.
fn write_wrapper(f: &mut dyn Write, name: &str, t: Option<&PType>, d: usize) -> fmt::Result {
    f.write_str(name)?;
    let Some(t) = t else { return Ok(()) };
    f.write_char('[')?;
    match t {
        PType::String { value: Some(s), .. } if matches!(name, "Optional" | "NotUndef") => {
            f.write_str(&quote(s))?
        }
        t => write_type(f, t, d)?,
    }
    f.write_char(']')
}

fn write_struct_key(f: &mut dyn Write, m: &StructMember) -> fmt::Result {
    let accepts_undef = super::instance::is_instance(&m.value, &Value::Undef);
    match m.key_kind {
        KeyKind::Optional if !accepts_undef => write!(f, "Optional[{}]", quote(&m.key)),
        KeyKind::NotUndef if accepts_undef => write!(f, "NotUndef[{}]", quote(&m.key)),
        _ => f.write_str(&quote(&m.key)),
    }
}

fn write_callable(f: &mut dyn Write, c: &CallableType, d: usize) -> fmt::Result {
    f.write_str("Callable")?;
    // The reference leaves out a return type of Any (`Callable[[], Any]` prints as
    // `Callable[0, 0]`).
    let ret = c.return_type.as_ref().filter(|r| !matches!(r, PType::Any));
    match (&c.params, ret) {
        (None, None) => Ok(()),
        (None, Some(r)) => {
            f.write_str("[[0, 0], ")?;
            write_type(f, r, d)?;
            f.write_char(']')
        }
        (Some((types, size)), ret) => {
            f.write_char('[')?;
            if ret.is_some() {
                f.write_char('[')?;
            }
            let types: Vec<&PType> = types.iter().filter(|t| !matches!(t, PType::Unit)).collect();
            let mut first = true;
            for t in &types {
                if !first {
                    f.write_str(", ")?;
                }
                first = false;
                write_type(f, t, d)?;
            }
            let range = if types.is_empty() {
                Some(size.unwrap_or(IntRange::new(0, 0)))
            } else {
                *size
            };
            if let Some(r) = range {
                if !first {
                    f.write_str(", ")?;
                }
                first = false;
                write_range_args(f, r)?;
            }
            if let Some(b) = &c.block {
                if !first {
                    f.write_str(", ")?;
                }
                write_type(f, b, d)?;
            }
            if let Some(r) = ret {
                f.write_str("], ")?;
                write_type(f, r, d)?;
            }
            f.write_char(']')
        }
    }
}

/// Whether this thread's sessions read `Integer[n]` as the exact value n (`--integer-bounds
/// spec`). A range open above then prints its `default` (`Integer[1, default]`), since
/// `Integer[1]` would read back as `Integer[1, 1]`; in the reference's reading (the default)
/// it prints as the reference prints it, `Integer[1]`. A range of one value prints both
/// bounds in either reading (`Integer[1, 1]`, `Timespan['0-00:00:01.0', '0-00:00:01.0']`).
fn spec_reading() -> bool {
    super::create::single_bound() == super::create::SingleBound::Exact
}

/// `[from, to]` for an Integer: `Integer[1]` (`Integer[1, default]` in the spec's reading),
/// `Integer[1, 1]`, `Integer[default, 5]`; nothing when unbounded.
fn write_int_range(f: &mut dyn Write, r: IntRange) -> fmt::Result {
    if r == IntRange::ANY {
        return Ok(());
    }
    f.write_char('[')?;
    write_range_args(f, r)?;
    if r.to == i64::MAX && spec_reading() {
        f.write_str(", default")?;
    }
    f.write_char(']')
}

/// `from, to` with `default` for an unbounded start and the end left out when unbounded.
fn write_range_args(f: &mut dyn Write, r: IntRange) -> fmt::Result {
    if r.from == i64::MIN {
        f.write_str("default")?;
    } else {
        write!(f, "{}", r.from)?;
    }
    // (a range of the one value `i64::MAX`, `type(9223372036854775807)`, shows both bounds)
    if r.to != i64::MAX || r.from == r.to {
        write!(f, ", {}", r.to)?;
    }
    Ok(())
}

/// A size constraint as type parameters: nothing for `0..infinity`.
fn write_size(f: &mut dyn Write, size: IntRange) -> fmt::Result {
    if !size.shows() {
        return Ok(());
    }
    f.write_char('[')?;
    write_range_args(f, size)?;
    f.write_char(']')
}

/// `, from, to` after an element type, nothing for `0..infinity`.
fn write_size_args(f: &mut dyn Write, size: IntRange) -> fmt::Result {
    if !size.shows() {
        return Ok(());
    }
    f.write_str(", ")?;
    write_range_args(f, size)
}

/// Whether the type being written is inside another type (not a type value of its own),
/// out of an alias's definition and an object type's expanded form.
fn inside_a_type() -> bool {
    TYPE_NESTING.with(|n| n.get()) > 1
        && !EXPAND_OBJECTS.with(|e| e.get())
        && EXPANDING.with(|e| e.borrow().is_none())
}

/// A Timespan or Timestamp range. The reference prints a range of one value with one bound
/// too (`Timespan['0-00:00:01.0']` for `Timespan[1, 1]`), which reads back as the open range;
/// prepl prints both bounds, so that the text reads back as the same type.
fn write_time_range(
    f: &mut dyn Write,
    name: &str,
    lo: Option<String>,
    hi: Option<String>,
) -> fmt::Result {
    f.write_str(name)?;
    match (lo, hi) {
        (None, None) => Ok(()),
        (Some(lo), None) if spec_reading() => write!(f, "[{}, default]", quote(&lo)),
        (Some(lo), None) => write!(f, "[{}]", quote(&lo)),
        (None, Some(hi)) => write!(f, "[default, {}]", quote(&hi)),
        (Some(lo), Some(hi)) => write!(f, "[{}, {}]", quote(&lo), quote(&hi)),
    }
}

/// A value inside a type (`Init[String, 'x']`) in `%p` form.
pub(crate) fn write_value(f: &mut dyn Write, v: &Value, d: usize) -> fmt::Result {
    if d > MAX_DEPTH {
        return f.write_str("...");
    }
    crate::limits::deep(|| write_value_here(f, v, d))
}

fn write_value_here(f: &mut dyn Write, v: &Value, d: usize) -> fmt::Result {
    match v {
        Value::Undef => f.write_str("undef"),
        Value::Default => f.write_str("default"),
        Value::Boolean(b) => write!(f, "{b}"),
        Value::Integer(i) => write!(f, "{i}"),
        Value::Float(x) => f.write_str(&ruby_float(*x)),
        Value::String(s) => f.write_str(&quote(s)),
        Value::Regexp(r) => f.write_str(&regexp_text(r.source())),
        Value::Array(a) => {
            f.write_char('[')?;
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_value(f, e, d + 1)?;
            }
            f.write_char(']')
        }
        Value::Hash(h) => {
            f.write_char('{')?;
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_value(f, k, d + 1)?;
                f.write_str(" => ")?;
                write_value(f, e, d + 1)?;
            }
            f.write_char('}')
        }
        Value::Type(t) => write_type(f, t, d + 1),
        Value::Timespan(t) => write!(f, "Timespan({})", quote(&timespan_text(*t))),
        Value::Timestamp(t) => write!(f, "Timestamp({})", quote(&timestamp_text(*t))),
        Value::SemVer(v) => write!(f, "SemVer({})", quote(&v.to_string())),
        Value::SemVerRange(r) => write!(f, "SemVerRange({})", quote(&r.text)),
        Value::Sensitive(_) => f.write_str("Sensitive [value redacted]"),
        Value::Iterator(_) => f.write_str("Iterator-Value"),
        Value::Binary(b) => write!(
            f,
            "Binary(\"{}\")",
            crate::convert::binary::encode_strict(b)
        ),
        Value::Object(_) | Value::Uri(_) => f.write_str(&crate::format::to_programmatic(v)),
    }
}

/// A regexp literal: `/a\\/b/` (unescaped slashes escaped).
pub fn regexp_text(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 2);
    out.push('/');
    let mut escaped = false;
    for c in source.chars() {
        if c == '/' && !escaped {
            out.push('\\');
        }
        escaped = c == '\\' && !escaped;
        out.push(c);
    }
    out.push('/');
    out
}

/// A string as `%p` prints it (the reference's type formatter quotes as its string
/// formatter does): single quoted, a backslash kept with the character after it (`'a\{'`,
/// a trailing one single: `'a\'`), or double quoted with escapes when it contains a
/// control character below U+0020.
pub fn quote(s: &str) -> String {
    crate::format::quote::puppet_quote(s)
}

/// A float the way Ruby prints it: `1.0`, `2.5`, `1.0e+20`, `1.0e-05`.
pub fn ruby_float(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..16).contains(&exp) {
        let s = format!("{x}");
        if s.contains('.') {
            s
        } else {
            format!("{s}.0")
        }
    } else {
        let m = if mantissa.contains('.') {
            mantissa.to_string()
        } else {
            format!("{mantissa}.0")
        };
        format!("{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}

const NANOS_PER_SEC: i128 = 1_000_000_000;

/// A Timespan as the reference prints it inside a type: `0-00:00:01.0`,
/// `0-00:00:02.500000000` (days-hours:minutes:seconds.fraction).
// TODO(timever): use crate::time's formatter once it exists.
pub fn timespan_text(t: Timespan) -> String {
    let neg = t.nanos < 0;
    let n = t.nanos.unsigned_abs();
    let secs = n / NANOS_PER_SEC as u128;
    let frac = n % NANOS_PER_SEC as u128;
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    // The reference's `%-N`: the nanoseconds unpadded, trailing zeros removed.
    let frac = if frac == 0 {
        "0".to_string()
    } else {
        frac.to_string().trim_end_matches('0').to_string()
    };
    format!(
        "{}{d}-{h:02}:{m:02}:{s:02}.{frac}",
        if neg { "-" } else { "" }
    )
}

/// A Timespan type bound as the reference prints it: a bound given as a Float shows its
/// fraction of float nanoseconds unpadded and untrimmed (`1.5` → `0-00:00:01.500000000`,
/// `0.05` → `0-00:00:00.50000000`).
pub fn span_bound_text(b: super::SpanBound) -> String {
    let Some(ns) = b.float_nanos.filter(|ns| ns.is_finite()) else {
        return timespan_text(b.span);
    };
    let abs = ns.abs();
    let secs = (abs / NANOS_PER_SEC as f64).floor() as u128;
    let frac = (abs % NANOS_PER_SEC as f64).trunc() as u128;
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    format!(
        "{}{d}-{h:02}:{m:02}:{s:02}.{frac}",
        if ns < 0.0 { "-" } else { "" }
    )
}

/// A Timestamp as the reference prints it: `2020-01-01T00:00:00.000000000 UTC`.
// TODO(timever): use crate::time's formatter once it exists.
pub fn timestamp_text(t: Timestamp) -> String {
    let secs = t.nanos.div_euclid(NANOS_PER_SEC);
    let frac = t.nanos.rem_euclid(NANOS_PER_SEC);
    // Far outside any calendar: keep the arithmetic below from overflowing.
    let days = secs.div_euclid(86_400).clamp(-(1i128 << 100), 1i128 << 100);
    let rem = secs.rem_euclid(86_400);
    let (y, mo, da) = civil_from_days(days);
    format!(
        "{y:04}-{mo:02}-{da:02}T{:02}:{:02}:{:02}.{frac:09} UTC",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian calendar.
fn civil_from_days(z: i128) -> (i128, i128, i128) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}
