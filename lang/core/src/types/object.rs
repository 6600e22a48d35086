//! Object types (Pcore): `Object[{name, parent, attributes, constants, functions, equality,
//! equality_include_type, checks, annotations}]`.
//!
//! An `ObjectType` holds its own members only; inherited ones are reached through `parent`
//! (a type, possibly an alias still being resolved, so that types may refer to each other).
//! Instances are `Value::Object` (see [`super::object_instance`]). The reference's checks of
//! a definition (overrides, equality, function names) run when the type is first used by name
//! ([`validate`]), as the reference's do when it resolves the type.

use super::{KeyKind, PType, StructMember};
use crate::values::{Map, Value};
use std::fmt::{self, Write};
use std::rc::Rc;

/// `kind` of an attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttrKind {
    Constant,
    Derived,
    GivenOrDerived,
    Reference,
}

impl AttrKind {
    fn parse(s: &str) -> Option<AttrKind> {
        Some(match s {
            "constant" => AttrKind::Constant,
            "derived" => AttrKind::Derived,
            "given_or_derived" => AttrKind::GivenOrDerived,
            "reference" => AttrKind::Reference,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            AttrKind::Constant => "constant",
            AttrKind::Derived => "derived",
            AttrKind::GivenOrDerived => "given_or_derived",
            AttrKind::Reference => "reference",
        }
    }
}

/// One attribute (or constant) of an object type, as declared.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    pub name: Rc<str>,
    pub typ: PType,
    pub kind: Option<AttrKind>,
    /// The default value (`value => ...`); `Some(Undef)` when given as `undef`.
    pub value: Option<Value>,
    pub override_: bool,
    pub final_: bool,
    pub annotations: Option<Value>,
    /// Declared in `constants` (printed there).
    pub from_constants: bool,
}

impl Attribute {
    pub fn is_constant(&self) -> bool {
        self.kind == Some(AttrKind::Constant)
    }
    /// Whether an instance holds a value for this attribute.
    pub fn is_stored(&self) -> bool {
        !matches!(self.kind, Some(AttrKind::Constant | AttrKind::Derived))
    }
    /// Whether a value can be left out when creating an instance.
    pub fn is_optional(&self) -> bool {
        self.value.is_some()
    }
    fn accepts_undef(&self) -> bool {
        crate::types::is_instance(&self.typ, &Value::Undef)
    }
    /// Whether an instance may be made without a value for it: it has a default, or its
    /// type accepts undef.
    pub fn may_be_left_out(&self) -> bool {
        self.value.is_some() || self.accepts_undef()
    }
    fn is_short(&self) -> bool {
        self.kind.is_none()
            && self.value.is_none()
            && !self.override_
            && !self.final_
            && self.annotations.is_none()
    }
}

/// What an object type's constructor (`new_P`) takes, as the reference generates it: the
/// attributes given when creating an instance, by name (the init hash) or by position.
pub struct Constructor {
    /// The attributes, in declaration order (parents' first).
    pub attrs: Vec<Attribute>,
    /// Their positional order, as indexes into `attrs`: those without a default, then
    /// those with one.
    order: Vec<usize>,
    /// How many positional arguments the dispatch requires: the attributes without a
    /// default whose type does not accept undef (the init hash's required keys).
    pub required: usize,
}

impl Constructor {
    /// The attributes in positional order.
    pub fn positional(&self) -> impl ExactSizeIterator<Item = &Attribute> + Clone {
        self.order.iter().map(|&i| &self.attrs[i])
    }

    /// The position of the attribute at `index` in `attrs`.
    pub fn position_of(&self, index: usize) -> Option<usize> {
        self.order.iter().position(|&i| i == index)
    }

    /// The init hash's type: a Struct of the attributes, the key optional where the
    /// attribute has a default or its type accepts undef.
    pub fn hash_type(&self) -> PType {
        let members = self
            .attrs
            .iter()
            .map(|a| StructMember {
                key_kind: if a.value.is_some() && !a.accepts_undef() {
                    KeyKind::Optional
                } else {
                    KeyKind::Plain
                },
                key: a.name.clone(),
                value: a.typ.clone(),
            })
            .collect();
        PType::Struct(Some(members))
    }
}

/// A declared function: `functions => {area => Callable[[0, 0], Integer]}`, or in the long
/// form `{type => Callable[...], final => true, override => true, annotations => {...}}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    pub name: Rc<str>,
    pub typ: PType,
    pub override_: bool,
    pub final_: bool,
    pub annotations: Option<Value>,
}

impl Function {
    /// A function declared by its type alone.
    pub fn new(name: &str, typ: PType) -> Function {
        Function {
            name: name.into(),
            typ,
            override_: false,
            final_: false,
            annotations: None,
        }
    }

    fn is_short(&self) -> bool {
        !self.override_ && !self.final_ && self.annotations.is_none()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ObjectType {
    pub name: Option<Rc<str>>,
    pub parent: Option<PType>,
    pub annotations: Option<Value>,
    /// Shown only (the reference's `Error` has them).
    pub type_parameters: Vec<(Rc<str>, PType)>,
    pub attributes: Vec<Attribute>,
    pub functions: Vec<Function>,
    pub equality: Option<Vec<Rc<str>>>,
    pub equality_include_type: bool,
    pub checks: Option<Value>,
    /// Why the definition is invalid: the reference reports it when the type is resolved
    /// (for an alias, when it is first used), so a definition is kept with its error.
    pub invalid: Option<String>,
}

/// A member found by name: an attribute (with the type declaring it) or a function.
pub enum Member<'a> {
    Attribute(Rc<ObjectType>, &'a Attribute),
    Function(Rc<ObjectType>, &'a Function),
}

impl ObjectType {
    pub fn empty() -> ObjectType {
        ObjectType {
            name: None,
            parent: None,
            annotations: None,
            type_parameters: Vec::new(),
            attributes: Vec::new(),
            functions: Vec::new(),
            equality: None,
            equality_include_type: true,
            checks: None,
            invalid: None,
        }
    }

    /// The name, or `Object` for an anonymous type.
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or("Object")
    }

    /// The parent when it is an object type.
    pub fn parent_object(&self) -> Option<Rc<ObjectType>> {
        match self.parent.as_ref()?.resolved() {
            PType::ObjectType(ref o) => Some(o.clone()),
            _ => None,
        }
    }

    /// This type and its ancestors, nearest first (stops at a cycle).
    pub fn ancestry(self: &Rc<Self>) -> Vec<Rc<ObjectType>> {
        let mut chain = vec![self.clone()];
        while let Some(p) = chain.last().and_then(|o| o.parent_object()) {
            if chain.iter().any(|c| Rc::ptr_eq(c, &p)) || chain.len() > 64 {
                break;
            }
            chain.push(p);
        }
        chain
    }

    /// Every attribute, inherited ones first; an override takes the place of the attribute
    /// it overrides.
    pub fn all_attributes(self: &Rc<Self>) -> Vec<Attribute> {
        let mut out: Vec<Attribute> = Vec::new();
        for o in self.ancestry().iter().rev() {
            for a in &o.attributes {
                match out.iter_mut().find(|x| x.name == a.name) {
                    Some(slot) => *slot = a.clone(),
                    None => out.push(a.clone()),
                }
            }
        }
        out
    }

    /// The attributes an instance holds values for, in order.
    pub fn stored_attributes(self: &Rc<Self>) -> Vec<Attribute> {
        self.all_attributes()
            .into_iter()
            .filter(Attribute::is_stored)
            .collect()
    }

    /// The attributes given when creating an instance (not constant, not derived).
    pub fn init_attributes(self: &Rc<Self>) -> Vec<Attribute> {
        self.stored_attributes()
    }

    /// What `P.new` takes (see [`Constructor`]).
    pub fn constructor(self: &Rc<Self>) -> Constructor {
        let attrs = self.init_attributes();
        let required = attrs.iter().filter(|a| !a.may_be_left_out()).count();
        let mut order: Vec<usize> = (0..attrs.len())
            .filter(|&i| attrs[i].value.is_none())
            .collect();
        order.extend((0..attrs.len()).filter(|&i| attrs[i].value.is_some()));
        Constructor {
            attrs,
            order,
            required,
        }
    }

    /// The attribute or function named `name`, looked up from this type to its ancestors.
    pub fn member(self: &Rc<Self>, name: &str) -> Option<(Rc<ObjectType>, MemberRef)> {
        for o in self.ancestry() {
            if let Some(i) = o.attributes.iter().position(|a| &*a.name == name) {
                return Some((o, MemberRef::Attribute(i)));
            }
            if let Some(i) = o.functions.iter().position(|f| &*f.name == name) {
                return Some((o, MemberRef::Function(i)));
            }
        }
        None
    }

    /// The names of the attributes `==` compares: `equality`, else every stored attribute
    /// (each type in the chain contributing its own).
    pub fn equality_attributes(self: &Rc<Self>) -> Vec<Rc<str>> {
        self.equality_names(Attribute::is_stored)
    }

    /// The attributes the equality checks count as included: `equality`, else every
    /// attribute but the constants (derived ones too), each type in the chain its own.
    pub fn equality_members(self: &Rc<Self>) -> Vec<Rc<str>> {
        self.equality_names(|a| !a.is_constant())
    }

    /// Each type's `equality`, or its attributes that `counts`, from the root type down.
    fn equality_names(self: &Rc<Self>, counts: impl Fn(&Attribute) -> bool) -> Vec<Rc<str>> {
        let mut out: Vec<Rc<str>> = Vec::new();
        for o in self.ancestry().iter().rev() {
            match &o.equality {
                Some(names) => out.extend(names.iter().cloned()),
                None => {
                    for a in o.attributes.iter().filter(|a| counts(a)) {
                        if !out.contains(&a.name) {
                            out.push(a.name.clone());
                        }
                    }
                }
            }
        }
        out
    }

    /// Every member name (attributes, constants, functions), for completion.
    pub fn member_names(self: &Rc<Self>) -> Vec<Rc<str>> {
        let mut out: Vec<Rc<str>> = Vec::new();
        for o in self.ancestry().iter().rev() {
            for n in o
                .attributes
                .iter()
                .map(|a| &a.name)
                .chain(o.functions.iter().map(|f| &f.name))
            {
                if !out.contains(n) {
                    out.push(n.clone());
                }
            }
        }
        out
    }
}

/// Where a member was found in its declaring type.
#[derive(Debug, Clone, Copy)]
pub enum MemberRef {
    Attribute(usize),
    Function(usize),
}

/// Object types are the same when they are one definition, or have the same name, or (both
/// anonymous) the same definition.
pub fn same(a: &Rc<ObjectType>, b: &Rc<ObjectType>) -> bool {
    Rc::ptr_eq(a, b)
        || match (&a.name, &b.name) {
            (Some(x), Some(y)) => x == y && a.attributes.len() == b.attributes.len(),
            (None, None) => a == b,
            _ => false,
        }
}

/// Whether `from` is `to` or inherits from it.
pub fn inherits(from: &Rc<ObjectType>, to: &Rc<ObjectType>) -> bool {
    from.ancestry().iter().any(|o| same(o, to))
}

// ---- creation from the initialization hash

const KEYS: &[&str] = &[
    "name",
    "parent",
    "type_parameters",
    "attributes",
    "constants",
    "functions",
    "equality",
    "equality_include_type",
    "checks",
    "annotations",
];

const ATTRIBUTE_KEYS: &[&str] = &["type", "kind", "value", "override", "final", "annotations"];
const FUNCTION_KEYS: &[&str] = &["type", "override", "final", "annotations"];

/// `Object[{...}]`: an object type from its initialization hash. Messages are the
/// reference's (without the "Error while evaluating" prefix).
pub fn from_hash(h: &Map, label: &str) -> Result<ObjectType, String> {
    let mut o = ObjectType::empty();
    let initializer = "object initializer has wrong type";
    for k in h.keys() {
        match k.as_str() {
            Some(s) if KEYS.contains(&s) => {}
            _ => return Err(format!("{initializer}, unrecognized key {}", value_text(k))),
        }
    }
    let get = |key: &str| h.get(&Value::string(key)).filter(|v| !v.is_undef());
    if let Some(n) = get("name") {
        match n.as_str() {
            Some(s) if crate::names::is_capitalized_name(s) => o.name = Some(s.into()),
            _ => {
                return Err(format!(
                    "{initializer}, entry 'name' expects a match for Pattern[/\\A[A-Z][\\w]*(?:::[A-Z][\\w]*)*\\z/], got {}",
                    got(n)
                ))
            }
        }
    }
    if let Some(p) = get("parent") {
        match p {
            Value::Type(t) => o.parent = Some((**t).clone()),
            other => {
                return Err(format!(
                    "{initializer}, entry 'parent' expects a Type value, got {}",
                    crate::types::infer_generalized(other)
                ))
            }
        }
    }
    if let Some(a) = get("annotations") {
        check_annotations(a, initializer)?;
        o.annotations = Some(a.clone());
    }
    if let Some(tp) = get("type_parameters") {
        for (k, v) in members(tp, "type_parameters", initializer)?.iter() {
            // (the long form `{type => T}` as the reference reads it: its type)
            let spec = match v {
                Value::Hash(h) => h.get(&Value::string("type")).unwrap_or(v),
                v => v,
            };
            o.type_parameters
                .push((member_name(k)?, type_of(spec, "type_parameters", k)?));
        }
    }
    if let Some(attrs) = get("attributes") {
        for (k, v) in members(attrs, "attributes", initializer)?.iter() {
            let name = member_name(k)?;
            o.attributes.push(attribute(label, &name, v)?);
        }
    }
    if let Some(consts) = get("constants") {
        for (k, v) in members(consts, "constants", initializer)?.iter() {
            let name = member_name(k)?;
            if o.attributes.iter().any(|a| a.name == name) {
                return Err(format!(
                    "attribute {label}[{name}] is defined as both a constant and an attribute"
                ));
            }
            o.attributes.push(Attribute {
                name,
                typ: crate::types::infer_generalized(v),
                kind: Some(AttrKind::Constant),
                value: Some(v.clone()),
                override_: false,
                final_: false,
                annotations: None,
                from_constants: true,
            });
        }
    }
    if let Some(fs) = get("functions") {
        for (k, v) in members(fs, "functions", initializer)?.iter() {
            let name = member_name(k)?;
            o.functions.push(function(label, &name, v)?);
        }
    }
    if let Some(eq) = get("equality") {
        initializer_entry(
            eq,
            "equality",
            &format!("Variant[{MEMBER_NAME}, Array[{MEMBER_NAME}]]"),
        )?;
        let names = match eq {
            Value::Array(items) => items
                .iter()
                .filter_map(|i| i.as_str().map(Rc::from))
                .collect(),
            other => other.as_str().map(Rc::from).into_iter().collect(),
        };
        o.equality = Some(names);
    }
    if let Some(e) = get("equality_include_type") {
        match e {
            Value::Boolean(b) => o.equality_include_type = *b,
            other => {
                return Err(format!(
                    "{initializer}, entry 'equality_include_type' expects a Boolean value, got {}",
                    crate::types::infer_generalized(other)
                ))
            }
        }
    }
    if let Some(c) = get("checks") {
        o.checks = Some(c.clone());
    }
    Ok(o)
}

/// `annotations => {...}` must be a hash of annotation types to hashes of their
/// arguments. The reference's message: `{what}, entry 'annotations' ...` for one mismatch;
/// for several, each so on its own line (the first after a space).
fn check_annotations(v: &Value, what: &str) -> Result<(), String> {
    let member_name = crate::values::Regexp::new(r"\A[a-z_]\w*\z").map(Rc::new);
    let t = PType::Optional(Some(Box::new(PType::Hash(
        Box::new(PType::Type(Some(Box::new(PType::ObjectType(
            super::pcore::annotation(),
        ))))),
        Box::new(PType::Hash(
            Box::new(PType::Pattern(member_name.into_iter().collect())),
            Box::new(PType::Any),
            super::IntRange::SIZE,
        )),
        super::IntRange::SIZE,
    ))));
    if crate::types::is_instance(&t, v) {
        return Ok(());
    }
    let lines: Vec<String> = crate::types::describe_mismatches(&t, v)
        .into_iter()
        .map(|m| format!("{what}, entry 'annotations' {m}"))
        .collect();
    Err(match lines.as_slice() {
        [one] => one.clone(),
        _ => format!(" {}", lines.join("\n  ")),
    })
}

fn got_type(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("Type[{t}]"),
        other => crate::types::infer_generalized(other).to_string(),
    }
}

fn got(v: &Value) -> String {
    match v {
        Value::String(s) => crate::types::display::quote(s),
        other => crate::types::infer_generalized(other).to_string(),
    }
}

/// The reference's pattern of member names (`TYPE_MEMBER_NAME`).
const MEMBER_NAME: &str = "Pattern[/\\A[a-z_]\\w*\\z/]";

/// The reference's pattern of object names (`TYPE_OBJECT_NAME`).
const OBJECT_NAME: &str = "Pattern[/\\A[A-Z][\\w]*(?:::[A-Z][\\w]*)*\\z/]";

/// `Object['A']`: an object type of that name and nothing else (`Object['']` and
/// `Object[undef]` are `Object`: `None`); the reference's message for another name.
pub fn from_name(v: &Value) -> Result<Option<ObjectType>, String> {
    match v {
        Value::Undef => Ok(None),
        Value::String(s) if s.is_empty() => Ok(None),
        Value::String(s) if crate::names::is_capitalized_name(s) => {
            let mut o = ObjectType::empty();
            o.name = Some(s.clone());
            Ok(Some(o))
        }
        other => Err(format!(
            "object name has wrong type, expects a match for {OBJECT_NAME}, got {}",
            got(other)
        )),
    }
}

/// The reference's check of an entry of the initialization hash against the type its
/// `Struct` gives the entry (`TypeAsserter`), described as its mismatches are.
fn initializer_entry(v: &Value, key: &str, typ: &str) -> Result<(), String> {
    let t = crate::types::typesrc::parse_type(typ).expect("the reference's own type");
    let lines: Vec<String> = super::mismatch::describe_mismatches(&t, v)
        .into_iter()
        .map(|m| format!("entry '{key}' {m}"))
        .collect();
    match crate::convert::asserted("object initializer", &lines) {
        Some(e) => Err(e.message),
        None => Ok(()),
    }
}

/// The hash of an entry whose keys are member names (`attributes`, `constants`,
/// `functions`, `type_parameters`: the reference's `Hash[TYPE_MEMBER_NAME, NotUndef]`).
fn members<'a>(v: &'a Value, key: &str, initializer: &str) -> Result<&'a Map, String> {
    let h = hash_entry(v, key, initializer)?;
    if !h.keys().all(|k| k.as_str().is_some_and(is_member_name)) {
        initializer_entry(v, key, &format!("Hash[{MEMBER_NAME}, NotUndef]"))?;
    }
    Ok(h)
}

fn is_member_name(s: &str) -> bool {
    crate::names::is_segment(s, |c| c.is_ascii_lowercase())
}

fn member_name(k: &Value) -> Result<Rc<str>, String> {
    match k {
        Value::String(s) if is_member_name(s) => Ok(s.clone()),
        other => Err(format!(
            "object initializer has wrong type, key of entry expects a match for Pattern[/\\A[a-z_]\\w*\\z/], got {}",
            got(other)
        )),
    }
}

fn hash_entry<'a>(v: &'a Value, key: &str, initializer: &str) -> Result<&'a Map, String> {
    match v {
        Value::Hash(h) => Ok(h),
        other => Err(format!(
            "{initializer}, entry '{key}' expects a Hash value, got {}",
            crate::types::infer_generalized(other)
        )),
    }
}

fn type_of(v: &Value, _what: &str, name: &Value) -> Result<PType, String> {
    match v {
        Value::Type(t) => Ok((**t).clone()),
        other => Err(format!(
            "attribute Object[{}] has wrong type, expects a Type value, got {}",
            name.as_str().unwrap_or_default(),
            crate::types::infer_generalized(other)
        )),
    }
}

fn attribute(label: &str, name: &Rc<str>, v: &Value) -> Result<Attribute, String> {
    let mut a = Attribute {
        name: name.clone(),
        typ: PType::Any,
        kind: None,
        value: None,
        override_: false,
        final_: false,
        annotations: None,
        from_constants: false,
    };
    let h = match v {
        Value::Type(t) => {
            a.typ = (**t).clone();
            // The short form of an `Optional` attribute has the default undef (the long
            // form without `value` has none: it must be given, and it prints).
            if matches!(a.typ, PType::Optional(_)) {
                a.value = Some(Value::Undef);
            }
            return Ok(a);
        }
        Value::Hash(h) => h,
        other => {
            return Err(format!(
                "attribute {label}[{name}] has wrong type, expects a Type value, got {}",
                crate::types::infer_generalized(other)
            ))
        }
    };
    let initializer = format!("initializer for attribute {label}[{name}] has wrong type");
    for k in h.keys() {
        match k.as_str() {
            Some(s) if ATTRIBUTE_KEYS.contains(&s) => {}
            _ => return Err(format!("{initializer}, unrecognized key {}", value_text(k))),
        }
    }
    match h.get(&Value::string("type")) {
        Some(Value::Type(t)) => a.typ = (**t).clone(),
        Some(other) => {
            return Err(format!(
                "{initializer}, entry 'type' expects a Type value, got {}",
                crate::types::infer_generalized(other)
            ))
        }
        None => return Err(format!("{initializer}, expects a value for key 'type'")),
    }
    if let Some(k) = h.get(&Value::string("kind")) {
        match k.as_str().and_then(AttrKind::parse) {
            Some(kind) => a.kind = Some(kind),
            None => {
                return Err(format!(
                "{initializer}, entry 'kind' expects a match for Enum['constant', 'derived', 'given_or_derived', 'reference'], got {}",
                got(k)
            ))
            }
        }
    }
    a.value = h.get(&Value::string("value")).cloned();
    (a.override_, a.final_, a.annotations) = member_flags(h, &initializer)?;
    Ok(a)
}

/// A member's `override` and `final` flags and its `annotations`, from its long form's
/// hash (an attribute's or a function's), checked as the reference checks them.
fn member_flags(h: &Map, initializer: &str) -> Result<(bool, bool, Option<Value>), String> {
    let mut flags = [false, false];
    for (key, slot) in ["override", "final"].into_iter().zip(&mut flags) {
        match h.get(&Value::string(key)) {
            None => {}
            Some(Value::Boolean(b)) => *slot = *b,
            Some(other) => {
                return Err(format!(
                    "{initializer}, entry '{key}' expects a Boolean value, got {}",
                    crate::types::infer_generalized(other)
                ))
            }
        }
    }
    let annotations = h.get(&Value::string("annotations")).cloned();
    if let Some(an) = &annotations {
        check_annotations(an, initializer)?;
    }
    Ok((flags[0], flags[1], annotations))
}

/// A function's declaration: its `Callable` type, or the long form (the reference's
/// `PObjectType::PFunction` initialization hash: `type`, `final`, `override`, `annotations`).
fn function(label: &str, name: &Rc<str>, v: &Value) -> Result<Function, String> {
    let callable = |t: &PType| matches!(t.resolved(), PType::Callable(_));
    let h = match v {
        Value::Type(t) if callable(t) => return Ok(Function::new(name, (**t).clone())),
        Value::Hash(h) => h,
        other => {
            return Err(format!(
                "function {label}[{name}] has wrong type, expects a Type[Callable] value, got {}",
                got_type(other)
            ))
        }
    };
    let initializer = format!("initializer for function '{name}' has wrong type");
    for k in h.keys() {
        match k.as_str() {
            Some(s) if FUNCTION_KEYS.contains(&s) => {}
            _ => return Err(format!("{initializer}, unrecognized key {}", value_text(k))),
        }
    }
    let mut f = match h.get(&Value::string("type")) {
        Some(Value::Type(t)) if callable(t) => Function::new(name, (**t).clone()),
        Some(other) => {
            return Err(format!(
                "{initializer}, entry 'type' expects a Type[Callable] value, got {}",
                got_type(other)
            ))
        }
        None => return Err(format!("{initializer}, expects a value for key 'type'")),
    };
    (f.override_, f.final_, f.annotations) = member_flags(h, &initializer)?;
    Ok(f)
}

/// The checks of a function's override of an inherited member (the reference's
/// `assert_override` and `assert_can_be_overridden`).
fn validate_function(o: &Rc<ObjectType>, label: &str, f: &Function) -> Result<(), String> {
    let name = &f.name;
    let inherited = o.parent_object().and_then(|p| p.member(name));
    let Some((owner, member)) = inherited else {
        if f.override_ {
            return Err(format!(
                "expected function {label}[{name}] to override an inherited function, but no such function was found"
            ));
        }
        return Ok(());
    };
    let pl = owner.label();
    let parent_fn = match member {
        MemberRef::Function(i) => &owner.functions[i],
        MemberRef::Attribute(_) => {
            return Err(format!(
                "function {label}[{name}] attempts to override attribute {pl}[{name}]"
            ))
        }
    };
    if parent_fn.final_ {
        return Err(format!(
            "function {label}[{name}] attempts to override final function {pl}[{name}]"
        ));
    }
    if !f.override_ {
        return Err(format!(
            "function {label}[{name}] attempts to override function {pl}[{name}] without having override => true"
        ));
    }
    if !crate::types::is_assignable(&parent_fn.typ, &f.typ) {
        return Err(format!(
            "function {label}[{name}] attempts to override function {pl}[{name}] with a type that does not match"
        ));
    }
    Ok(())
}

/// The checks the reference makes when it resolves a named object type.
pub fn validate(o: &Rc<ObjectType>) -> Result<(), String> {
    if let Some(e) = &o.invalid {
        return Err(e.clone());
    }
    let label = o.label();
    // Inheritance from itself.
    let mut seen: Vec<*const ObjectType> = vec![Rc::as_ptr(o)];
    let mut p = o.parent_object();
    while let Some(x) = p {
        if seen.contains(&Rc::as_ptr(&x)) || same(&x, o) {
            return Err(format!("The Object type '{label}' inherits from itself"));
        }
        seen.push(Rc::as_ptr(&x));
        p = x.parent_object();
    }
    // Resolving a type resolves its parent first, with the parent's checks.
    if let Some(parent) = o.parent_object() {
        validate(&parent)?;
    }
    for a in &o.attributes {
        let name = &a.name;
        match a.kind {
            Some(AttrKind::Constant) if a.value.is_none() => {
                return Err(format!(
                    "attribute {label}[{name}] of kind 'constant' requires a value"
                ))
            }
            Some(k @ (AttrKind::GivenOrDerived | AttrKind::Derived)) if a.value.is_some() => {
                return Err(format!(
                    "attribute {label}[{name}] of kind '{}' cannot be combined with an attribute value",
                    k.name()
                ))
            }
            _ => {}
        }
        if let Some(v) = &a.value {
            if !crate::types::is_instance(&a.typ, v) {
                return Err(format!(
                    "attribute {label}[{name}] value has wrong type, {}",
                    crate::types::describe_mismatch(&a.typ, v)
                ));
            }
        }
        if o.functions.iter().any(|f| f.name == *name) {
            return Err(format!(
                "function {label}[{name}] conflicts with attribute with the same name"
            ));
        }
        let inherited = o.parent_object().and_then(|p| {
            p.member(name).map(|(owner, r)| match r {
                MemberRef::Attribute(i) => (owner.clone(), Some(owner.attributes[i].clone())),
                MemberRef::Function(_) => (owner, None),
            })
        });
        match inherited {
            None if a.override_ => {
                return Err(format!(
                    "expected attribute {label}[{name}] to override an inherited attribute, but no such attribute was found"
                ))
            }
            None => {}
            Some((owner, None)) => {
                return Err(format!(
                    "attribute {label}[{name}] attempts to override function {}[{name}]",
                    owner.label()
                ))
            }
            Some((owner, Some(parent_attr))) => {
                let pl = owner.label();
                // A constant is final, yet a constant may override a constant.
                let final_ = parent_attr.final_ || parent_attr.is_constant();
                if final_ && !(parent_attr.is_constant() && a.is_constant()) {
                    return Err(format!(
                        "attribute {label}[{name}] attempts to override final attribute {pl}[{name}]"
                    ));
                }
                // (a member of `constants` overrides without saying so)
                if !a.override_ && !a.from_constants {
                    return Err(format!(
                        "attribute {label}[{name}] attempts to override attribute {pl}[{name}] without having override => true"
                    ));
                }
                if !crate::types::is_assignable(&parent_attr.typ, &a.typ) {
                    return Err(format!(
                        "attribute {label}[{name}] attempts to override attribute {pl}[{name}] with a type that does not match"
                    ));
                }
            }
        }
    }
    for f in &o.functions {
        validate_function(o, label, f)?;
    }
    if let Some(eq) = o.equality.as_ref().filter(|eq| !eq.is_empty()) {
        validate_equality(o, eq)?;
    }
    Ok(())
}

/// The checks of `equality`: not with `equality_include_type => false`, only attributes
/// (no constants or functions), none that a parent's equality already includes.
fn validate_equality(o: &Rc<ObjectType>, eq: &[Rc<str>]) -> Result<(), String> {
    let label = o.label();
    if !o.equality_include_type {
        return Err(
            "equality_include_type = false cannot be combined with non empty equality specification"
                .to_string(),
        );
    }
    let parent = o.parent_object();
    // (the parent's equality attributes, found once for every name)
    let parent_equality = parent
        .as_ref()
        .map(|p| p.equality_members())
        .unwrap_or_default();
    for n in eq {
        let found = parent
            .as_ref()
            .and_then(|p| p.member(n))
            .map(|(owner, r)| (owner, r, true))
            .or_else(|| o.member(n).map(|(owner, r)| (owner, r, false)));
        let Some((owner, r, inherited)) = found else {
            return Err(format!(
                "{label} equality is referencing non existent attribute '{n}'"
            ));
        };
        let member = format!("{}[{n}]", owner.label());
        let attr = match r {
            MemberRef::Attribute(i) => &owner.attributes[i],
            MemberRef::Function(_) => {
                return Err(format!(
                    "{label} equality is referencing function {member}. Only attribute references are allowed"
                ))
            }
        };
        if inherited && parent_equality.contains(n) {
            let definer = equality_definer(o, n);
            return Err(format!(
                "{label} equality is referencing attribute {member} which is included in equality of {}",
                definer.label()
            ));
        }
        if attr.is_constant() {
            return Err(format!(
                "{label} equality is referencing constant attribute {member}. Reference to constant is not allowed in equality"
            ));
        }
    }
    Ok(())
}

/// The topmost type of `o`'s chain whose equality includes `name`.
fn equality_definer(o: &Rc<ObjectType>, name: &str) -> Rc<ObjectType> {
    let mut t = o.clone();
    while let Some(p) = t.parent_object() {
        if !p.equality_members().iter().any(|m| &**m == name) {
            break;
        }
        t = p;
    }
    t
}

// ---- display

/// A readable outline of an object type for people (the REPL's `:help`, the kernel's
/// inspection): its parent, then every attribute with its type and default, inherited ones
/// marked, constants and functions.
pub fn outline(o: &Rc<ObjectType>) -> String {
    let mut out = format!("{}: an Object type", o.label());
    if let Some(p) = &o.parent {
        let _ = write!(out, " inheriting from {p}");
    }
    let chain = o.ancestry();
    let own = |a: &Attribute| o.attributes.iter().any(|x| x.name == a.name);
    let attrs = o.all_attributes();
    let stored: Vec<&Attribute> = attrs.iter().filter(|a| !a.is_constant()).collect();
    if stored.is_empty() {
        out.push_str("\n  no attributes");
    } else {
        out.push_str("\n  attributes:");
        for a in stored {
            let _ = write!(out, "\n    {}: {}", a.name, a.typ);
            if let Some(v) = &a.value {
                let _ = write!(out, " = {}", value_text(v));
            }
            if let Some(k) = a.kind {
                let _ = write!(out, " ({})", k.name());
            }
            if !own(a) {
                let from = chain
                    .iter()
                    .rev()
                    .find(|c| c.attributes.iter().any(|x| x.name == a.name))
                    .map_or("a parent", |c| c.label());
                let _ = write!(out, "  (from {from})");
            }
        }
    }
    // (what `O[...]` gives values to: `Error['k']`, inherited ones too)
    let params = super::object_extension::all_type_parameters(o);
    if !params.is_empty() {
        out.push_str("\n  type parameters (O[...] takes them in this order):");
        for (name, t) in &params {
            let _ = write!(out, "\n    {name}: {t}");
            if !o.type_parameters.iter().any(|(n, _)| n == name) {
                let from = chain
                    .iter()
                    .rev()
                    .find(|c| c.type_parameters.iter().any(|(n, _)| n == name))
                    .map_or("a parent", |c| c.label());
                let _ = write!(out, "  (from {from})");
            }
        }
    }
    let consts: Vec<&Attribute> = attrs.iter().filter(|a| a.is_constant()).collect();
    if !consts.is_empty() {
        out.push_str("\n  constants:");
        for a in consts {
            let v = a.value.as_ref().map(value_text).unwrap_or_default();
            let _ = write!(out, "\n    {} = {v}", a.name);
        }
    }
    let functions: Vec<&Function> = chain.iter().flat_map(|c| c.functions.iter()).collect();
    if !functions.is_empty() {
        out.push_str("\n  functions:");
        for f in functions {
            let _ = write!(out, "\n    {}: {}", f.name, f.typ);
        }
    }
    if let Some(eq) = &o.equality {
        let _ = write!(out, "\n  equality: {}", eq.join(", "));
    }
    out
}

/// The outline of an object type, or of each member of a TypeSet; `None` for other types.
pub fn outline_type(t: &PType) -> Option<String> {
    match t.resolved() {
        PType::ObjectType(ref o) => Some(outline(o)),
        // `Error['k']`: the parameters given, then the type's outline
        PType::ObjectExt(ref e) => {
            let mut out = format!(
                "{}: the Object type {} with type parameters given (its instances whose \
                 attributes of those names match them)",
                PType::ObjectExt(e.clone()),
                e.base.label()
            );
            for (name, v) in &e.params {
                let _ = write!(out, "\n  {name} => {}", value_text(v));
            }
            let _ = write!(out, "\n\n{}", outline(&e.base));
            Some(out)
        }
        PType::TypeSetType(ref ts) => {
            let mut out = format!("{}: a TypeSet (pcore {})", ts.name, ts.pcore_version);
            if let Some(v) = &ts.version {
                let _ = write!(out, ", version {v}");
            }
            for (n, t) in &ts.types {
                match t.resolved() {
                    PType::ObjectType(ref o) => {
                        let _ = write!(out, "\n\n{}", outline(o));
                    }
                    other => {
                        let _ = write!(out, "\n\n{}::{n} = {other}", ts.name);
                    }
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// `Object[{name => 'P', parent => Q, attributes => {...}, ...}]`, the form of a type value.
pub fn write_definition(f: &mut dyn Write, o: &ObjectType) -> fmt::Result {
    let mut parts: Vec<String> = Vec::new();
    if let Some(a) = &o.annotations {
        parts.push(format!("annotations => {}", value_text(a)));
    }
    if let Some(n) = &o.name {
        parts.push(format!("name => {}", super::display::quote(n)));
    }
    if let Some(p) = &o.parent {
        parts.push(format!("parent => {p}"));
    }
    if !o.type_parameters.is_empty() {
        let tp: Vec<String> = o
            .type_parameters
            .iter()
            .map(|(n, t)| format!("{} => {t}", super::display::quote(n)))
            .collect();
        parts.push(format!("type_parameters => {{{}}}", tp.join(", ")));
    }
    let attrs: Vec<String> = o
        .attributes
        .iter()
        .filter(|a| !shown_as_constant(a))
        .map(attribute_text)
        .collect();
    if !attrs.is_empty() {
        parts.push(format!("attributes => {{{}}}", attrs.join(", ")));
    }
    let consts: Vec<String> = o
        .attributes
        .iter()
        .filter(|a| shown_as_constant(a))
        .map(|a| {
            format!(
                "{} => {}",
                super::display::quote(&a.name),
                value_text(a.value.as_ref().unwrap_or(&Value::Undef))
            )
        })
        .collect();
    if !consts.is_empty() {
        parts.push(format!("constants => {{{}}}", consts.join(", ")));
    }
    if !o.functions.is_empty() {
        let fs: Vec<String> = o.functions.iter().map(function_text).collect();
        parts.push(format!("functions => {{{}}}", fs.join(", ")));
    }
    if let Some(eq) = &o.equality {
        let names: Vec<String> = eq.iter().map(|n| super::display::quote(n)).collect();
        parts.push(format!("equality => [{}]", names.join(", ")));
    }
    if let Some(c) = &o.checks {
        parts.push(format!("checks => {}", value_text(c)));
    }
    write!(f, "Object[{{{}}}]", parts.join(", "))
}

/// Whether an attribute prints under `constants`: declared there, or a constant declared
/// with nothing but its value.
fn shown_as_constant(a: &Attribute) -> bool {
    a.from_constants
        || (a.is_constant()
            && a.annotations.is_none()
            && a.value.as_ref().map(crate::types::infer_generalized) == Some(a.typ.clone()))
}

fn function_text(f: &Function) -> String {
    let name = super::display::quote(&f.name);
    if f.is_short() {
        return format!("{name} => {}", f.typ);
    }
    // The reference's order, as for attributes.
    let mut fields = vec![format!("type => {}", f.typ)];
    if f.final_ {
        fields.push("final => true".to_string());
    }
    if f.override_ {
        fields.push("override => true".to_string());
    }
    if let Some(an) = &f.annotations {
        fields.push(format!("annotations => {}", value_text(an)));
    }
    format!("{name} => {{{}}}", fields.join(", "))
}

fn attribute_text(a: &Attribute) -> String {
    let name = super::display::quote(&a.name);
    if a.is_short() {
        return format!("{name} => {}", a.typ);
    }
    // The reference's order; a constant's `final` is implied and not shown.
    let mut fields = vec![format!("type => {}", a.typ)];
    if a.final_ && !a.is_constant() {
        fields.push("final => true".to_string());
    }
    if a.override_ {
        fields.push("override => true".to_string());
    }
    if let Some(an) = &a.annotations {
        fields.push(format!("annotations => {}", value_text(an)));
    }
    if let Some(k) = a.kind {
        fields.push(format!("kind => {}", k.name()));
    }
    if let Some(v) = &a.value {
        fields.push(format!("value => {}", value_text(v)));
    }
    format!("{name} => {{{}}}", fields.join(", "))
}

fn value_text(v: &Value) -> String {
    let mut s = String::new();
    let _ = super::display::write_value(&mut s, v, 1);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(m: Map) -> Result<ObjectType, String> {
        from_hash(&m, "Object")
    }

    fn h(entries: Vec<(&str, Value)>) -> Map {
        entries
            .into_iter()
            .map(|(k, v)| (Value::string(k), v))
            .collect()
    }

    /// The name's pattern is `\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z`, `\w` ASCII as in Ruby: the
    /// reference refuses `Fooé` (prepl took any letter after the first).
    #[test]
    fn an_object_name_is_ascii_capitalized_segments() {
        let named = |n: &str| parse(h(vec![("name", Value::string(n))]));
        assert!(named("Foo_1::B2").is_ok());
        for bad in ["Fooé", "Foo::bar", "foo", "Foo::B-r", ""] {
            let e = named(bad).expect_err(bad);
            assert!(
                e.ends_with(&format!(
                    "entry 'name' expects a match for Pattern[/\\A[A-Z][\\w]*(?:::[A-Z][\\w]*)*\\z/], got '{bad}'"
                )),
                "{e}"
            );
        }
    }

    #[test]
    fn short_and_long_attributes_print_as_the_reference() {
        let attrs = h(vec![
            ("x", Value::typ(PType::integer())),
            (
                "y",
                Value::hash(h(vec![
                    ("type", Value::typ(PType::integer())),
                    ("value", Value::Integer(0)),
                ])),
            ),
        ]);
        let o = parse(h(vec![
            ("name", Value::string("P")),
            ("attributes", Value::hash(attrs)),
        ]))
        .unwrap();
        let mut s = String::new();
        write_definition(&mut s, &o).unwrap();
        assert_eq!(
            s,
            "Object[{name => 'P', attributes => {'x' => Integer, 'y' => {type => Integer, value => 0}}}]"
        );
    }

    /// A function in its long form, as the reference's `PFunction` reads and prints it
    /// (`puppet-oracle`: `{type => Callable[[Integer], Integer], final => true, annotations =>
    /// {RubyMethod => {'body' => '1'}}}`, `unrecognized key 'kind'`, `expects a value for key
    /// 'type'`, `expects a Type[Callable] value, got Type[Integer]`); prepl took only the short
    /// form (`function P[f] has wrong type, expects a Type[Callable] value, got Hash`).
    #[test]
    fn functions_in_their_long_form() {
        let callable = || {
            let mut args = vec![
                Value::array(vec![Value::typ(PType::integer())]),
                Value::typ(PType::integer()),
            ];
            let c = super::super::by_name("Callable").unwrap();
            match super::super::create::parameterize(&c, &mut args) {
                Ok(Value::Type(t)) => Value::Type(t),
                other => panic!("{other:?}"),
            }
        };
        let ruby = super::super::by_name("RubyMethod").unwrap();
        let with = |f: Vec<(&str, Value)>| {
            parse(h(vec![
                ("name", Value::string("P")),
                ("functions", Value::hash(h(vec![("f", Value::hash(h(f)))]))),
            ]))
        };
        let o = with(vec![
            ("type", callable()),
            (
                "annotations",
                Value::hash(
                    [(
                        Value::typ(ruby),
                        Value::hash(h(vec![("body", Value::string("1"))])),
                    )]
                    .into_iter()
                    .collect(),
                ),
            ),
            ("final", Value::Boolean(true)),
        ])
        .unwrap();
        let mut s = String::new();
        write_definition(&mut s, &o).unwrap();
        assert_eq!(
            s,
            "Object[{name => 'P', functions => {'f' => {type => Callable[[Integer], Integer], final => true, annotations => {RubyMethod => {'body' => '1'}}}}}]"
        );
        let short = with(vec![("type", callable())]).unwrap();
        s.clear();
        write_definition(&mut s, &short).unwrap();
        assert_eq!(
            s,
            "Object[{name => 'P', functions => {'f' => Callable[[Integer], Integer]}}]"
        );
        let err = |f| with(f).unwrap_err();
        assert_eq!(
            err(vec![
                ("type", callable()),
                ("kind", Value::string("derived"))
            ]),
            "initializer for function 'f' has wrong type, unrecognized key 'kind'"
        );
        assert_eq!(
            err(vec![("final", Value::Boolean(true))]),
            "initializer for function 'f' has wrong type, expects a value for key 'type'"
        );
        assert_eq!(
            err(vec![("type", Value::typ(PType::integer()))]),
            "initializer for function 'f' has wrong type, entry 'type' expects a Type[Callable] value, got Type[Integer]"
        );
        let overriding = Rc::new(
            with(vec![
                ("type", callable()),
                ("override", Value::Boolean(true)),
            ])
            .unwrap(),
        );
        assert_eq!(
            validate(&overriding).unwrap_err(),
            "expected function P[f] to override an inherited function, but no such function was found"
        );
    }

    #[test]
    fn the_outline_lists_attributes_with_types_and_defaults() {
        let attrs = h(vec![
            ("x", Value::typ(PType::integer())),
            (
                "y",
                Value::hash(h(vec![
                    ("type", Value::typ(PType::integer())),
                    ("value", Value::Integer(0)),
                ])),
            ),
        ]);
        let mut o = parse(h(vec![("attributes", Value::hash(attrs))])).unwrap();
        o.name = Some("P".into());
        let text = outline(&Rc::new(o));
        assert_eq!(
            text,
            "P: an Object type\n  attributes:\n    x: Integer\n    y: Integer = 0"
        );
    }

    #[test]
    fn unknown_keys_and_bad_names_are_refused() {
        let e = parse(h(vec![("bogus", Value::Integer(1))])).unwrap_err();
        assert_eq!(
            e,
            "object initializer has wrong type, unrecognized key 'bogus'"
        );
        let e = parse(h(vec![("name", Value::string("x"))])).unwrap_err();
        assert!(
            e.contains("entry 'name' expects a match for Pattern"),
            "{e}"
        );
    }

    #[test]
    fn overrides_need_override_true() {
        let parent = Rc::new(
            parse(h(vec![
                ("name", Value::string("Animal")),
                (
                    "attributes",
                    Value::hash(h(vec![("name", Value::typ(PType::string()))])),
                ),
            ]))
            .unwrap(),
        );
        let mut dog = parse(h(vec![
            ("name", Value::string("Dog")),
            (
                "attributes",
                Value::hash(h(vec![("name", Value::typ(PType::string()))])),
            ),
        ]))
        .unwrap();
        dog.parent = Some(PType::ObjectType(parent));
        let e = validate(&Rc::new(dog)).unwrap_err();
        assert_eq!(e, "attribute Dog[name] attempts to override attribute Animal[name] without having override => true");
    }
}
