//! Methods every value has (`nil?`, `is_a?`, `class`, `to_s`, `inspect`, `==`, ...), and
//! those of nil, booleans, symbols, classes, regexps, match data and Puppet objects.

use super::Call;
use super::M;
use crate::eval::{raise, unsupported, Interp, R};
use crate::regexp::make_regexp;
use crate::show::{inspect, to_s};
use crate::value::RBool;
use crate::value::RStr;
use crate::value::RValue;
use std::rc::Rc;

pub fn call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    if let Some(v) = specific(it, recv, c)? {
        return Ok(Some(v));
    }
    Ok(Some(match c.id {
        M::nil_p => RValue::bool(matches!(recv, RValue::Nil)),
        M::is_a_p | M::kind_of_p | M::instance_of_p => {
            c.arity(1, 1)?;
            match &c.args[0] {
                RValue::Class(k) if c.id == M::instance_of_p => {
                    RValue::Bool(RBool::new(recv.class_str() == **k))
                }
                RValue::Class(k) => RValue::Bool(RBool::new(it.value_is_a(recv, k))),
                RValue::Module(m) if c.id == M::instance_of_p => RValue::Bool(match recv {
                    RValue::Object(o) => RBool::new(Rc::ptr_eq(&o.class, m)),
                    _ => RBool::new(recv.class_str() == *m.name),
                }),
                RValue::Module(m) => RValue::Bool(RBool::new(it.value_is_a_module(recv, m))),
                _ => return raise("class or module required", c.at),
            }
        }
        M::class => match recv {
            RValue::Object(o) => RValue::Module(o.class.clone()),
            _ => RValue::Class(RStr::from(recv.class_name())),
        },
        M::to_s | M::to_json | M::inspect => {
            // (JSON's text is at least as long as `inspect`'s, less the spaces)
            super::grow_shown(recv, c.at)?;
            match c.id {
                M::to_s => RValue::str(to_s(recv)),
                M::to_json => RValue::str(super::json::generate(recv, false, c.at)?),
                _ => RValue::str(inspect(recv)),
            }
        }
        M::to_yaml if c.args.len() <= 1 => match it.host.to_yaml(recv, &yaml_options(c)?) {
            Some(r) => RValue::str(crate::eval::host_result(r, c.at)?),
            None => return unsupported("method 'to_yaml'", c.at),
        },
        // (a number's `==` asks an object of the code's, as Ruby's `Integer#==` does:
        // `1 == obj` is `obj == 1`, and `!=` its negation)
        M::op_eq | M::op_ne
            if c.args.len() == 1 && !super::quick::equality_is_core(recv, &c.args[0]) =>
        {
            let r = super::call(
                it,
                c.args[0].clone(),
                M::op_eq,
                "==",
                vec![recv.clone()],
                None,
                c.at,
            )?;
            RValue::Bool(RBool::new(r.truthy() == (c.id == M::op_eq)))
        }
        M::op_eq | M::eql_p | M::equal_p => {
            c.arity(1, 1)?;
            let b = &c.args[0];
            RValue::Bool(match c.id {
                M::eql_p => RBool::new(recv.eql(b)),
                M::equal_p => RBool::new(recv.identical(b)),
                _ => RBool::new(recv.equals(b)),
            })
        }
        M::op_ne => RValue::Bool(RBool::new(!recv.equals(c.arg(0).unwrap_or(&RValue::Nil)))),
        M::op_not => RValue::Bool(RBool::new(!recv.truthy())),
        M::op_eqq => {
            c.arity(1, 1)?;
            RValue::Bool(RBool::new(super::case_eq(it, recv, &c.args[0], c.at)?))
        }
        M::op_match => RValue::Nil,
        M::op_cmp => {
            c.arity(1, 1)?;
            match recv.compare(&c.args[0]) {
                Some(o) => RValue::Int(o as i64),
                None => RValue::Nil,
            }
        }
        M::respond_to_p => {
            c.arity(1, 2)?;
            let name = crate::show::text(&c.args[0]);
            RValue::Bool(RBool::new(responds(recv, &name)))
        }
        M::method => super::method_object::of_value(recv, c)?,
        M::frozen_p => RValue::bool(!matches!(recv, RValue::Array(_) | RValue::Hash(_))),
        M::dup | M::clone => match recv {
            RValue::Array(a) => RValue::array(a.borrow().clone()),
            RValue::Hash(h) => RValue::hash(h.borrow().clone()),
            // (a new object: `s.dup.equal?(s)` is false)
            RValue::Str(s) => RValue::Str(RStr::from(&**s)),
            other => other.clone(),
        },
        M::freeze | M::itself => recv.clone(),
        M::tap | M::then | M::yield_self => {
            let Some(b) = c.block else {
                return unsupported(format!("'{}' without a block", c.name), c.at);
            };
            let r = it.yield_block(b, [recv.clone()])?;
            if c.id == M::tap {
                recv.clone()
            } else {
                r
            }
        }
        M::instance_variable_get
        | M::send
        | M::public_send
        | M::__send__
        | M::methods
        | M::instance_variables
        | M::object_id
        | M::hash
        | M::instance_eval
        | M::instance_exec
        | M::class_eval
        | M::module_eval
        | M::class_exec
        | M::module_exec
        | M::define_method
        | M::const_set
        | M::instance_variable_set
        | M::display
        | M::extend
        | M::singleton_class => {
            return unsupported(
                format!("method '{}' on {}", c.name, recv.class_name()),
                c.at,
            )
        }
        _ => return Ok(None),
    }))
}

fn specific(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    Ok(match recv {
        RValue::Nil => match c.id {
            M::to_a => Some(RValue::array(smallvec::smallvec![])),
            M::to_s => Some(RValue::str("")),
            M::to_i => Some(RValue::Int(0)),
            M::to_f => Some(RValue::float(0.0)),
            M::to_h => Some(RValue::hash(Default::default())),
            M::op_and => Some(RValue::Bool(RBool::False)),
            M::op_or | M::op_xor => Some(RValue::Bool(RBool::new(
                c.arg(0).is_some_and(RValue::truthy),
            ))),
            _ => None,
        },
        RValue::Bool(b) => match c.id {
            M::op_and => Some(RValue::Bool(RBool::new(
                b.get() && c.arg(0).is_some_and(RValue::truthy),
            ))),
            M::op_or => Some(RValue::Bool(RBool::new(
                b.get() || c.arg(0).is_some_and(RValue::truthy),
            ))),
            M::op_xor => Some(RValue::Bool(RBool::new(
                *b != c.arg(0).is_some_and(RValue::truthy),
            ))),
            _ => None,
        },
        RValue::Sym(s) => match c.id {
            M::to_s | M::id2name | M::name => Some(RValue::Str(s.clone())),
            M::to_sym => Some(recv.clone()),
            // (a lambda of its own, made in no frame: it reads only its parameters)
            M::to_proc => Some(RValue::proc(
                Rc::new(crate::parser::symbol_proc_block(s, c.at)),
                crate::eval::ProcHome::nowhere(),
                true,
            )),
            M::op_cmp
            | M::op_eq
            | M::inspect
            | M::class
            | M::nil_p
            | M::is_a_p
            | M::kind_of_p
            | M::op_eqq
            | M::op_not
            | M::op_ne
            | M::eql_p
            | M::equal_p
            | M::frozen_p
            | M::respond_to_p
            | M::instance_of_p
            | M::dup
            | M::freeze => None,
            // `:a.upcase` and the like work on the name.
            _ => {
                let r = super::string::call(it, &RValue::Str(s.clone()), c)?;
                match (c.id, r) {
                    (
                        M::length
                        | M::size
                        | M::empty_p
                        | M::start_with_p
                        | M::end_with_p
                        | M::op_match
                        | M::match_
                        | M::match_p
                        | M::op_aref
                        | M::slice
                        | M::casecmp
                        | M::casecmp_p,
                        r,
                    ) => r,
                    (_, Some(RValue::Str(ref t))) => Some(RValue::Sym(t.clone())),
                    (_, r) => r,
                }
            }
        },
        RValue::Class(k) => match c.id {
            M::name | M::to_s | M::inspect => Some(RValue::Str(k.clone())),
            M::op_eqq => Some(RValue::Bool(RBool::new(
                c.arg(0).is_some_and(|v| it.value_is_a(v, k)),
            ))),
            M::new | M::exception if crate::error::is_error_class(k) => {
                let msg = c.arg(0).map(to_s).unwrap_or_else(|| k.to_string());
                Some(RValue::Exception(std::rc::Rc::new((k.to_string(), msg))))
            }
            // (`load_file`: a file the reference's function reads too, read as `File.read`
            // reads it, where the host lets the code read its files)
            M::safe_load | M::load | M::safe_load_file | M::load_file
                if matches!(&**k, "YAML" | "Psych") =>
            {
                c.arity(1, 2)?;
                let text = if matches!(c.id, M::safe_load_file | M::load_file) {
                    let read = if it.host.custom_facts() || it.host.module_files() {
                        it.host.system_call("File", "read", &c.args[..1])
                    } else {
                        None
                    };
                    match read {
                        Some(r) => to_s(&crate::eval::host_result(r, c.at)?).into(),
                        None => return unsupported(format!("{k}.{}", c.name), c.at),
                    }
                } else {
                    c.str_arg(0)?
                };
                match it.host.parse_yaml(&text) {
                    Some(r) => Some(crate::eval::host_result(r, c.at)?),
                    None => return unsupported(format!("{k}.{}", c.name), c.at),
                }
            }
            M::generate | M::dump | M::pretty_generate if &**k == "JSON" => {
                c.arity(1, 2)?;
                let mut state = match c.id {
                    M::pretty_generate => super::json::JsonState::pretty(),
                    _ => super::json::JsonState::compact(),
                };
                // (`dump`'s second argument is an IO, beyond the subset)
                match c.arg(1) {
                    Some(_) if c.id == M::dump => return unsupported("JSON.dump to an IO", c.at),
                    Some(opts) => state.configure(opts, c.at)?,
                    None => {}
                }
                Some(RValue::str(super::json::generate_with(
                    &c.args[0], &state, c.at,
                )?))
            }
            // Puppet's PSON: a reader of its own
            M::parse | M::load if &**k == "PSON" => {
                c.arity(1, 2)?;
                let text = c.str_arg(0)?;
                Some(super::pson::parse(&text, c.at)?)
            }
            M::parse | M::load if &**k == "JSON" => {
                c.arity(1, 2)?;
                let text = c.str_arg(0)?;
                let symbolize = match c.arg(1) {
                    Some(RValue::Hash(h)) => h
                        .borrow()
                        .get(&RValue::sym("symbolize_names"))
                        .is_some_and(RValue::truthy),
                    _ => false,
                };
                Some(super::json::parse(&text, symbolize, c.at)?)
            }
            M::escape | M::quote if &**k == "Regexp" => {
                c.arity(1, 1)?;
                match &c.args[0] {
                    RValue::Str(s) | RValue::Sym(s) => Some(RValue::str(regex_escape(s))),
                    other => {
                        return raise(
                            crate::methods::no_implicit_conversion(other, "String"),
                            c.at,
                        )
                    }
                }
            }
            // strings escaped, regexps as their `to_s` (`(?-mix:...)`), joined by `|`; a
            // single regexp itself
            M::union if &**k == "Regexp" => {
                let parts = match c.args.as_slice() {
                    [RValue::Array(a)] => a.borrow().to_vec(),
                    other => other.to_vec(),
                };
                if let [re @ RValue::Regexp(_)] = parts.as_slice() {
                    return Ok(Some(re.clone()));
                }
                let mut alternatives = Vec::with_capacity(parts.len());
                for p in &parts {
                    match p {
                        RValue::Regexp(_) => alternatives.push(crate::show::to_s(p)),
                        RValue::Str(s) | RValue::Sym(s) => alternatives.push(regex_escape(s)),
                        other => {
                            return raise(
                                crate::methods::no_implicit_conversion(other, "String"),
                                c.at,
                            )
                        }
                    }
                }
                let source = match alternatives.is_empty() {
                    true => "(?!)".to_string(),
                    false => alternatives.join("|"),
                };
                Some(RValue::Regexp(Rc::new(make_regexp(&source, "", c.at)?)))
            }
            // `Regexp.new(source, options)`: options an Integer of `Regexp::IGNORECASE` (1),
            // `EXTENDED` (2) and `MULTILINE` (4), else any true value for IGNORECASE (Ruby
            // 3.1: a String of flags too); a regexp as it is. A bad pattern is a
            // RegexpError (a literal's is a SyntaxError).
            M::new | M::compile if &**k == "Regexp" => {
                c.arity(1, 3)?;
                match &c.args[0] {
                    RValue::Regexp(r) => Some(RValue::Regexp(r.clone())),
                    RValue::Str(s) => {
                        let flags = match c.arg(1) {
                            None | Some(RValue::Nil | RValue::Bool(RBool::False)) => "",
                            Some(RValue::Int(n)) => match n & 7 {
                                0 => "",
                                1 => "i",
                                2 => "x",
                                3 => "ix",
                                4 => "m",
                                5 => "mi",
                                6 => "mx",
                                _ => "mix",
                            },
                            Some(_) => "i",
                        };
                        let re = make_regexp(s, flags, c.at).map_err(|e| match e {
                            crate::RubyError::Syntax { message, .. } => {
                                crate::RubyError::raised_as("RegexpError", message, c.at)
                            }
                            e => e,
                        })?;
                        Some(RValue::Regexp(Rc::new(re)))
                    }
                    other => {
                        return raise(
                            crate::methods::no_implicit_conversion(other, "String"),
                            c.at,
                        )
                    }
                }
            }
            // `$~`, or its group (a number or a name)
            M::last_match if &**k == "Regexp" => {
                c.arity(0, 1)?;
                let m = it.gvar("~", c.at)?;
                match (c.arg(0), &m) {
                    (None, _) | (_, RValue::Nil) => Some(m),
                    (Some(i), _) => Some(super::call_id(
                        it,
                        m.clone(),
                        M::op_aref,
                        vec![i.clone()],
                        None,
                        c.at,
                    )?),
                }
            }
            M::op_aref if &**k == "Hash" => {
                let mut h = crate::value::RHash::default();
                match c.arg(0) {
                    Some(RValue::Array(pairs)) if c.args.len() == 1 => {
                        for p in pairs.borrow().iter() {
                            if let RValue::Array(p) = p {
                                let p = p.borrow();
                                h.insert(
                                    p.first().cloned().unwrap_or_default(),
                                    p.get(1).cloned().unwrap_or_default(),
                                );
                            }
                        }
                    }
                    Some(RValue::Hash(o)) => h = o.borrow().clone(),
                    _ => {
                        for kv in c.args.chunks(2) {
                            h.insert(kv[0].clone(), kv.get(1).cloned().unwrap_or_default());
                        }
                    }
                }
                Some(RValue::hash(h))
            }
            // An empty hash, with the default a missing key gives: a value, or the block
            // (called with the hash and the key); `capacity:` is only a size hint.
            M::new if &**k == "Hash" => Some(RValue::hash(super::hash::new(it, c)?)),
            M::new if &**k == "Array" => Some(super::array::new(it, c)?),
            // (Puppet's classes' `new` as the host answers it: `methods::facter::class_call`)
            M::new if !k.starts_with("Puppet::") => return unsupported(format!("{k}.new"), c.at),
            _ => None,
        },
        RValue::Regexp(re) => match c.id {
            M::source => Some(RValue::str(crate::regexp::ruby_source(re).0)),
            M::casefold_p => Some(RValue::Bool(RBool::new(
                crate::regexp::ruby_source(re).1.contains('i'),
            ))),
            M::options => {
                let flags = crate::regexp::ruby_source(re).1;
                let bit = |c: char, b: i64| if flags.contains(c) { b } else { 0 };
                Some(RValue::Int(bit('i', 1) | bit('x', 2) | bit('m', 4)))
            }
            M::op_match | M::match_ | M::match_p => {
                c.arity(1, 2)?;
                let s = match &c.args[0] {
                    RValue::Nil => {
                        it.st.last_match = None;
                        it.st.last_match_text = None;
                        return Ok(Some(if c.id == M::match_p {
                            RValue::Bool(RBool::False)
                        } else {
                            RValue::Nil
                        }));
                    }
                    RValue::Str(s) | RValue::Sym(s) => s.clone(),
                    other => {
                        return raise(
                            crate::methods::no_implicit_conversion(other, "String"),
                            c.at,
                        )
                    }
                };
                Some(super::string::match_op(it, &s, re, c.name, c.at)?)
            }
            _ => None,
        },
        RValue::Exception(e) => match c.id {
            M::message | M::to_s | M::full_message => Some(RValue::str(e.1.as_str())),
            M::backtrace | M::cause => Some(RValue::Nil),
            _ => None,
        },
        RValue::Proc(p) | RValue::Lambda(p) => match c.id {
            M::call | M::op_aref | M::yield_ | M::op_eqq | M::op_call => {
                let lambda = matches!(recv, RValue::Lambda(..));
                let given = c.args.len();
                let (least, most) = p.block.arity_range();
                if lambda && (given < least || most.is_some_and(|m| given > m)) {
                    let expected = match most {
                        Some(m) if m > least => format!("{least}..{m}"),
                        Some(m) => m.to_string(),
                        None => format!("{least}+"),
                    };
                    return raise(
                        format!("wrong number of arguments (given {given}, expected {expected})"),
                        c.at,
                    );
                }
                Some(it.call_proc(&p.block, lambda, &p.home, c.args.clone())?)
            }
            // (a lambda's optional parameters make its arity negative, a proc's do not:
            // `proc { |x, y = 0| }.arity` is 1, `lambda { |x, y = 0| }.arity` -2)
            M::arity => Some(RValue::Int(match p.block.arity_range() {
                (least, Some(most)) if least < most && matches!(recv, RValue::Lambda(..)) => {
                    -(least as i64) - 1
                }
                (n, Some(_)) => n as i64,
                (least, None) => -(least as i64) - 1,
            })),
            M::lambda_p => Some(RValue::bool(matches!(recv, RValue::Lambda(..)))),
            M::to_proc => Some(recv.clone()),
            _ => None,
        },
        RValue::Match(m) => match c.id {
            // `m[1, 2]`, `m[1..2]`: as the array of the groups' texts.
            M::op_aref if c.args.len() == 2 || matches!(c.arg(0), Some(RValue::Range(..))) => {
                let groups = m
                    .caps
                    .iter()
                    .map(|g| g.clone().map(RValue::str).unwrap_or_default())
                    .collect::<Vec<_>>();
                Some(super::call_id(
                    it,
                    RValue::array(groups),
                    M::op_aref,
                    c.args.clone(),
                    None,
                    c.at,
                )?)
            }
            M::op_aref => {
                c.arity(1, 1)?;
                Some(match &c.args[0] {
                    RValue::Int(i) => {
                        let i = if *i < 0 { m.caps.len() as i64 + i } else { *i };
                        usize::try_from(i)
                            .ok()
                            .and_then(|i| m.caps.get(i).cloned().flatten())
                            .map(RValue::str)
                            .unwrap_or_default()
                    }
                    RValue::Str(n) | RValue::Sym(n) => {
                        match m.info.names.iter().position(|g| g.as_deref() == Some(&**n)) {
                            Some(i) => m
                                .caps
                                .get(i)
                                .cloned()
                                .flatten()
                                .map(RValue::str)
                                .unwrap_or_default(),
                            None => {
                                return raise(format!("undefined group name reference: {n}"), c.at)
                            }
                        }
                    }
                    _ => return unsupported("MatchData#[] with a range", c.at),
                })
            }
            M::captures => Some(RValue::array(
                m.caps
                    .iter()
                    .skip(1)
                    .map(|g| g.clone().map(RValue::str).unwrap_or_default())
                    .collect::<Vec<_>>(),
            )),
            M::to_a => Some(RValue::array(
                m.caps
                    .iter()
                    .map(|g| g.clone().map(RValue::str).unwrap_or_default())
                    .collect::<Vec<_>>(),
            )),
            M::size | M::length => Some(RValue::Int(m.caps.len() as i64)),
            M::pre_match | M::post_match => match &m.info.around {
                Some((pre, post)) => Some(RValue::Str(match c.id {
                    M::pre_match => pre.clone(),
                    _ => post.clone(),
                })),
                None => return unsupported("$~.pre_match and $~.post_match", c.at),
            },
            M::names => Some(RValue::array(
                m.info
                    .names
                    .iter()
                    .flatten()
                    .map(|n| RValue::str(n.as_str()))
                    .collect::<Vec<_>>(),
            )),
            M::named_captures => {
                let mut h = crate::value::RHash::default();
                for (i, n) in m.info.names.iter().enumerate() {
                    if let Some(n) = n {
                        let v = m.caps.get(i).cloned().flatten().map(RValue::str);
                        h.insert(RValue::str(n.as_str()), v.unwrap_or_default());
                    }
                }
                Some(RValue::hash(h))
            }
            _ => None,
        },
        // (`send` of a name to a host object: only its own methods, so nothing else is
        // reached; `Puppet.features.send("#{name}?")`)
        RValue::Host(o) => match (c.id, c.args.split_first()) {
            (
                M::send | M::public_send | M::__send__,
                Some((RValue::Str(_) | RValue::Sym(_), rest)),
            ) => {
                let name = to_s(&c.args[0]);
                match o.call(&name, rest) {
                    Some(r) => Some(crate::eval::host_result(r, c.at)?),
                    None => None,
                }
            }
            _ => match o.call(c.name, &c.args) {
                Some(r) => Some(crate::eval::host_result(r, c.at)?),
                None => None,
            },
        },
        _ => None,
    })
}

/// `v.respond_to?(name)`: one look-up of the name in the index (which also holds the
/// methods every object has and those of `nil`), then a test of its bits for the class.
pub(crate) fn responds(v: &RValue, name: &str) -> bool {
    if let RValue::Host(o) = v {
        if o.responds_to(name) {
            return true;
        }
    }
    let Some(&flags) = METHOD_INDEX.get(name) else {
        return false;
    };
    if flags & IN_OBJECT != 0 {
        return true;
    }
    let class = match v {
        RValue::Str(_) => Core::String,
        RValue::Array(_) => Core::Array,
        RValue::Hash(_) => Core::Hash,
        RValue::Int(_) | RValue::Float(_) => Core::Number,
        RValue::Nil => return flags & IN_NIL != 0,
        RValue::Sym(_) => return flags & IN_SYMBOL != 0,
        _ => return false,
    };
    has(class, flags, name)
}

/// The core classes whose method lists are indexed.
#[derive(Clone, Copy)]
enum Core {
    String,
    Array,
    Hash,
    Range,
    Number,
}

/// Whether the class has a method of the index with these bits.
fn has(class: Core, flags: u8, name: &str) -> bool {
    match class {
        Core::String => flags & IN_STRING != 0,
        Core::Array => flags & IN_COLLECTION != 0 && flags & NOT_ARRAY == 0,
        Core::Hash => flags & IN_COLLECTION != 0 && (flags & NOT_HASH == 0 || name == "flatten"),
        Core::Range => flags & IN_COLLECTION != 0,
        Core::Number => flags & IN_NUMBER != 0,
    }
}

/// Whether Ruby's class has the method (so that a missing one is reported as outside the
/// subset rather than as a `NoMethodError`; and `respond_to?`): one look-up in an index of
/// the lists below, made once.
pub fn ruby_has(class: &str, name: &str) -> bool {
    let class = match class {
        "String" => Core::String,
        "Array" => Core::Array,
        "Hash" => Core::Hash,
        "Range" => Core::Range,
        "Integer" | "Float" => Core::Number,
        _ => return false,
    };
    METHOD_INDEX
        .get(name)
        .is_some_and(|&flags| has(class, flags, name))
}

const IN_STRING: u8 = 1;
const IN_COLLECTION: u8 = 2;
const IN_NUMBER: u8 = 4;
const NOT_ARRAY: u8 = 8;
const NOT_HASH: u8 = 16;
/// Methods every object answers to (`respond_to?`'s own short list).
const IN_OBJECT: u8 = 32;
/// Methods of `nil` (`respond_to?`'s short list).
const IN_NIL: u8 = 64;
/// Methods of `Symbol` (`respond_to?`).
const IN_SYMBOL: u8 = 128;

/// Each method name of the lists, with the lists it is in.
static METHOD_INDEX: std::sync::LazyLock<rustc_hash::FxHashMap<&'static str, u8>> =
    std::sync::LazyLock::new(|| {
        let mut index = rustc_hash::FxHashMap::default();
        for (list, flag) in [
            (STRING_METHODS, IN_STRING),
            (COLLECTION_METHODS, IN_COLLECTION),
            (NUMBER_METHODS, IN_NUMBER),
            (NOT_ARRAY_METHODS, NOT_ARRAY),
            (NOT_HASH_METHODS, NOT_HASH),
            (OBJECT_METHODS, IN_OBJECT),
            (NIL_METHODS, IN_NIL),
            (SYMBOL_METHODS, IN_SYMBOL),
        ] {
            for name in list {
                *index.entry(*name).or_insert(0) |= flag;
            }
        }
        index
    });

/// The methods `respond_to?` finds on every object.
const OBJECT_METHODS: &[&str] = &[
    "nil?",
    "is_a?",
    "kind_of?",
    "class",
    "to_s",
    "inspect",
    "==",
    "respond_to?",
];

/// The methods `respond_to?` finds on `nil` (beside those of every object).
const NIL_METHODS: &[&str] = &["to_a", "to_i", "to_f", "to_h"];

/// Ruby's `Symbol` methods (beside those of every object; Ruby 3.1's list, Comparable's
/// included): what `respond_to?` finds on a symbol.
const SYMBOL_METHODS: &[&str] = &[
    "<",
    "<=",
    "<=>",
    "==",
    "===",
    "=~",
    ">",
    ">=",
    "[]",
    "between?",
    "capitalize",
    "casecmp",
    "casecmp?",
    "clamp",
    "downcase",
    "empty?",
    "encoding",
    "end_with?",
    "id2name",
    "intern",
    "length",
    "match",
    "match?",
    "name",
    "next",
    "size",
    "slice",
    "start_with?",
    "succ",
    "swapcase",
    "to_proc",
    "to_sym",
    "upcase",
];

/// Ruby's `String` methods.
const STRING_METHODS: &[&str] = &[
    "%",
    "*",
    "+",
    "+@",
    "-@",
    "<=>",
    "==",
    "===",
    "=~",
    "[]",
    "[]=",
    "ascii_only?",
    "b",
    "between?",
    "bytes",
    "bytesize",
    "byteslice",
    "capitalize",
    "capitalize!",
    "casecmp",
    "casecmp?",
    "center",
    "chars",
    "chomp",
    "chomp!",
    "chop",
    "chop!",
    "chr",
    "clamp",
    "codepoints",
    "concat",
    "count",
    "crypt",
    "delete",
    "delete!",
    "delete_prefix",
    "delete_prefix!",
    "delete_suffix",
    "delete_suffix!",
    "downcase",
    "downcase!",
    "dump",
    "each_byte",
    "each_char",
    "each_grapheme_cluster",
    "each_line",
    "empty?",
    "encode",
    "encoding",
    "end_with?",
    "force_encoding",
    "freeze",
    "getbyte",
    "grapheme_clusters",
    "gsub",
    "gsub!",
    "hex",
    "include?",
    "index",
    "insert",
    "intern",
    "length",
    "lines",
    "ljust",
    "lstrip",
    "lstrip!",
    "match",
    "match?",
    "next",
    "next!",
    "oct",
    "ord",
    "partition",
    "prepend",
    "replace",
    "reverse",
    "reverse!",
    "rindex",
    "rjust",
    "rpartition",
    "rstrip",
    "rstrip!",
    "scan",
    "scrub",
    "setbyte",
    "size",
    "slice",
    "slice!",
    "split",
    "squeeze",
    "squeeze!",
    "start_with?",
    "strip",
    "strip!",
    "sub",
    "sub!",
    "succ",
    "succ!",
    "sum",
    "swapcase",
    "swapcase!",
    "to_c",
    "to_f",
    "to_i",
    "to_r",
    "to_s",
    "to_str",
    "to_sym",
    "tr",
    "tr!",
    "tr_s",
    "tr_s!",
    "unicode_normalize",
    "unpack",
    "unpack1",
    "upcase",
    "upcase!",
    "upto",
    "valid_encoding?",
    "<<",
];

/// The methods of `Array`, `Hash` and `Range` (less `NOT_ARRAY_METHODS` for an array and
/// `NOT_HASH_METHODS` for a hash).
const COLLECTION_METHODS: &[&str] = &[
    "&",
    "*",
    "+",
    "-",
    "<<",
    "<=>",
    "==",
    "[]",
    "[]=",
    "all?",
    "any?",
    "append",
    "assoc",
    "at",
    "bsearch",
    "clear",
    "collect",
    "collect!",
    "collect_concat",
    "combination",
    "compact",
    "compact!",
    "compare_by_identity",
    "concat",
    "count",
    "cycle",
    "default",
    "delete",
    "delete_at",
    "delete_if",
    "detect",
    "difference",
    "dig",
    "drop",
    "drop_while",
    "each",
    "each_cons",
    "each_entry",
    "each_index",
    "each_key",
    "each_pair",
    "each_slice",
    "each_value",
    "each_with_index",
    "each_with_object",
    "empty?",
    "entries",
    "except",
    "fetch",
    "fetch_values",
    "fill",
    "filter",
    "filter!",
    "filter_map",
    "find",
    "find_all",
    "find_index",
    "first",
    "flat_map",
    "flatten",
    "flatten!",
    "group_by",
    "has_key?",
    "has_value?",
    "include?",
    "index",
    "inject",
    "insert",
    "intersection",
    "intersect?",
    "invert",
    "join",
    "keep_if",
    "key",
    "key?",
    "keys",
    "last",
    "lazy",
    "length",
    "map",
    "map!",
    "max",
    "max_by",
    "member?",
    "merge",
    "merge!",
    "min",
    "min_by",
    "minmax",
    "none?",
    "one?",
    "pack",
    "partition",
    "permutation",
    "pop",
    "prepend",
    "product",
    "push",
    "rassoc",
    "reduce",
    "rehash",
    "reject",
    "reject!",
    "repeated_combination",
    "replace",
    "reverse",
    "reverse!",
    "reverse_each",
    "rindex",
    "rotate",
    "rotate!",
    "sample",
    "select",
    "select!",
    "shift",
    "shuffle",
    "shuffle!",
    "size",
    "slice",
    "slice!",
    "slice_when",
    "sort",
    "sort!",
    "sort_by",
    "sort_by!",
    "step",
    "store",
    "sum",
    "take",
    "take_while",
    "tally",
    "to_a",
    "to_h",
    "to_set",
    "transform_keys",
    "transform_keys!",
    "transform_values",
    "transform_values!",
    "transpose",
    "union",
    "uniq",
    "uniq!",
    "unshift",
    "update",
    "value?",
    "values",
    "values_at",
    "zip",
    "|",
    "chunk_while",
    "each_index",
    "cover?",
    "exclude_end?",
    "begin",
    "end",
];

/// Ruby's `Integer` and `Float` methods.
const NUMBER_METHODS: &[&str] = &[
    "%",
    "&",
    "*",
    "**",
    "+",
    "-",
    "-@",
    "/",
    "<",
    "<<",
    "<=",
    "<=>",
    "==",
    ">",
    ">=",
    ">>",
    "^",
    "abs",
    "allbits?",
    "anybits?",
    "bit_length",
    "ceil",
    "chr",
    "coerce",
    "denominator",
    "digits",
    "div",
    "divmod",
    "downto",
    "even?",
    "fdiv",
    "finite?",
    "floor",
    "gcd",
    "infinite?",
    "integer?",
    "lcm",
    "magnitude",
    "modulo",
    "nan?",
    "negative?",
    "next",
    "nobits?",
    "numerator",
    "odd?",
    "ord",
    "positive?",
    "pow",
    "pred",
    "rationalize",
    "remainder",
    "round",
    "size",
    "step",
    "succ",
    "times",
    "to_c",
    "to_f",
    "to_i",
    "to_int",
    "to_r",
    "to_s",
    "truncate",
    "upto",
    "zero?",
    "|",
    "~",
    "between?",
    "clamp",
    "next_float",
    "prev_float",
];

/// Methods of the collections' list an array does not have.
const NOT_ARRAY_METHODS: &[&str] = &[
    "keys",
    "values",
    "key?",
    "has_key?",
    "has_value?",
    "value?",
    "key",
    "each_pair",
    "each_key",
    "each_value",
    "fetch_values",
    "invert",
    "merge",
    "merge!",
    "store",
    "update",
    "transform_keys",
    "transform_values",
    "transform_keys!",
    "transform_values!",
    "compare_by_identity",
    "default",
    "rehash",
    "except",
    "cover?",
    "exclude_end?",
    "begin",
    "end",
    "step",
];

/// Methods of the collections' list a hash does not have (but `flatten`).
const NOT_HASH_METHODS: &[&str] = &[
    "join",
    "flatten!",
    "compact!",
    "uniq",
    "uniq!",
    "push",
    "pop",
    "shift",
    "unshift",
    "append",
    "prepend",
    "insert",
    "<<",
    "first",
    "last",
    "sort!",
    "sort_by!",
    "map!",
    "collect!",
    "reverse",
    "reverse!",
    "rotate",
    "rotate!",
    "sample",
    "shuffle",
    "shuffle!",
    "transpose",
    "pack",
    "product",
    "combination",
    "permutation",
    "repeated_combination",
    "bsearch",
    "at",
    "delete_at",
    "fill",
    "index",
    "rindex",
    "find_index",
    "&",
    "|",
    "+",
    "-",
    "*",
    "concat",
    "difference",
    "intersection",
    "union",
    "intersect?",
    "each_index",
    "values_at",
    "flatten",
    "take",
    "drop",
    "cover?",
    "exclude_end?",
    "begin",
    "end",
    "step",
    "last",
    "assoc",
    "rassoc",
    "slice!",
];

/// `make_regexp` for methods that take a string or a regexp pattern.
pub fn pattern(v: &RValue, at: usize) -> R<Rc<crate::Regexp>> {
    match v {
        RValue::Regexp(r) => Ok(r.clone()),
        RValue::Str(s) => Ok(Rc::new(make_regexp(&regex_escape(s), "", at)?)),
        other => raise(
            format!(
                "wrong argument type {} (expected Regexp)",
                other.class_name()
            ),
            at,
        ),
    }
}

/// `Regexp.escape`.
pub fn regex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '-' | '#' | ' ' => {
                out.push('\\');
                out.push(ch);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c => out.push(c),
        }
    }
    out
}

/// `to_yaml`'s options: a Hash whose Symbol keys `indentation` and `line_width` (Integers)
/// change the text; `canonical` and `header` are beyond the subset; other keys Psych ignores.
fn yaml_options(c: &Call) -> R<crate::host::YamlOptions> {
    let mut o = crate::host::YamlOptions::default();
    let Some(arg) = c.args.first() else {
        return Ok(o);
    };
    let RValue::Hash(h) = arg else {
        return unsupported(format!("to_yaml of a {} argument", arg.class_name()), c.at);
    };
    for (k, v) in h.borrow().iter() {
        let RValue::Sym(name) = k else { continue };
        let slot = match &**name {
            "indentation" => &mut o.indentation,
            "line_width" => &mut o.line_width,
            "canonical" | "header" if v.truthy() => {
                return unsupported(format!("to_yaml's option '{}'", &**name), c.at)
            }
            _ => continue,
        };
        match v {
            RValue::Int(n) => *slot = Some(*n),
            // (a Float by its integer part, as libyaml's emitter is given it through Ruby's
            // `to_i`)
            RValue::Float(f) if f.get().is_finite() => *slot = Some(f.get().trunc() as i64),
            RValue::Nil => {}
            other => {
                return unsupported(
                    format!("to_yaml's option '{}' as a {}", &**name, other.class_name()),
                    c.at,
                )
            }
        }
    }
    Ok(o)
}
