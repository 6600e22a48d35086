//! The default provider of a resource type on a node, as the reference chooses it
//! (`Puppet::Type.defaultprovider`), for custom facts such as stdlib's `package_provider`
//! and `service_provider` (`Puppet::Type.type(:package).newpackage(...)[:provider]`).
//!
//! The types are those whose providers the reference has built in: `package`, `service`,
//! `exec`, `file`, `group`, `user`.
//! What the reference knows about its providers (their `defaultfor`/`notdefaultfor` fact
//! filters, confines and ancestors) is data, `data.json`, written by
//! `scripts/gen-provider-data` from Debian's puppet-agent, compiled in as static tables
//! (`table.rs`, generated from it); no Ruby provider is loaded.
//! The choice: the suitable providers (every confine holds), of those the defaults for the
//! node's facts (or all suitable ones when none is), the most specific (100 per fact of the
//! matching `defaultfor`, plus the number of classes among its ancestors), the first of equals.
//!
//! Confines on the machine (a command or file exists, a Ruby feature, `/proc/1/comm` naming
//! systemd, what the reference computed when it loaded the provider) are looked at on this
//! machine when the facts are its own. For another node's facts they are taken to hold, as
//! on a node installed with its system's tools, except that process 1 is systemd exactly
//! where the reference makes systemd the node's default service provider.

use crate::erb::ruby::{HostObject, RValue};
use crate::erb::HostError;
use crate::Value;
use std::any::Any;
use std::path::Path;
use std::sync::OnceLock;

/// `data.json` as static tables (`table.rs`, generated from it and checked against it by
/// the tests): nothing is decoded or allocated when a custom fact asks for a provider.
#[rustfmt::skip]
mod table;

#[derive(Debug)]
struct Provider {
    name: &'static str,
    /// The number of classes among its ancestors (itself included).
    ancestors: u32,
    defaults: &'static [Filter],
    notdefaults: &'static [Filter],
    confines: &'static [Confine],
}

/// A `defaultfor` hash: each fact (or `feature`) with the values one of which it must have.
type Filter = &'static [(&'static str, &'static [Wanted])];

#[derive(Debug)]
enum Wanted {
    /// Compared with the fact's value made a downcased string.
    Value(&'static str),
    /// A regexp: its index in `table::PATTERNS`, compiled when first matched (the reference
    /// writes none in its filters today; `scripts/gen-provider-data` keeps any it finds).
    #[allow(dead_code)]
    Pattern(usize),
}

#[derive(Debug)]
enum Confine {
    /// The fact's value, downcased, is one of these.
    Fact {
        fact: &'static str,
        values: &'static [&'static str],
    },
    /// A file (a command along `PATH` when `binary`) exists.
    Exists { path: &'static str, binary: bool },
    /// A Ruby feature (`posix`, `cfpropertylist`, ...).
    Feature(&'static str),
    /// A condition computed when the provider loads, which must be `expect`; `here` is what
    /// the reference computed on the machine that wrote the data.
    Boolean {
        expect: bool,
        check: Check,
        here: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Check {
    /// `/proc/1/comm` names systemd.
    InitIsSystemd,
    /// `here` decides.
    Here,
}

/// The providers of `type_name`, in the reference's order.
fn providers_of(type_name: &str) -> Option<&'static [Provider]> {
    table::TYPES
        .iter()
        .find(|(name, _)| *name == type_name)
        .map(|(_, list)| *list)
}

/// Whether `value` matches the pattern `index` of the table (one that does not compile
/// matches nothing).
fn pattern_matches(index: usize, value: &str) -> bool {
    static COMPILED: OnceLock<Vec<Option<regex::Regex>>> = OnceLock::new();
    let compiled = COMPILED.get_or_init(|| {
        let sources = table::PATTERNS.iter();
        sources.map(|s| regex::Regex::new(s).ok()).collect()
    });
    compiled
        .get(index)
        .and_then(Option::as_ref)
        .is_some_and(|re| re.is_match(value))
}

/// The node the choice is made for: its facts, and whether they are this machine's.
pub struct Node<'a> {
    pub facts: &'a Value,
    pub this_machine: bool,
}

impl Node<'_> {
    /// `Facter.value(fact).to_s.downcase`; a legacy fact the set lacks is its structured
    /// fact's value, as Facter 4 derives it.
    fn fact(&self, name: &str) -> String {
        let Value::Hash(h) = self.facts else {
            return String::new();
        };
        let structured: &[&str] = match name {
            "operatingsystem" => &["os", "name"],
            "osfamily" => &["os", "family"],
            "operatingsystemmajrelease" => &["os", "release", "major"],
            "operatingsystemrelease" => &["os", "release", "full"],
            "lsbdistrelease" => &["os", "distro", "release", "full"],
            _ => &[],
        };
        let value = h.get(&Value::from(name)).cloned().or_else(|| {
            let (first, rest) = structured.split_first()?;
            let mut v = h.get(&Value::from(*first))?.clone();
            for key in rest {
                let Value::Hash(inner) = &v else {
                    return None;
                };
                v = inner.get(&Value::from(*key))?.clone();
            }
            Some(v)
        });
        match value.as_ref() {
            None | Some(Value::Undef) => String::new(),
            Some(Value::String(s)) => s.to_lowercase(),
            Some(v) => crate::format::to_display(v).to_lowercase(),
        }
    }

    fn matches(&self, filter: &Filter) -> bool {
        filter.iter().all(|(fact, wanted)| {
            if *fact == "feature" {
                return wanted.iter().any(|w| match w {
                    Wanted::Value(f) => self.feature(f),
                    Wanted::Pattern(_) => false,
                });
            }
            let value = self.fact(fact);
            !value.is_empty()
                && wanted.iter().any(|w| match w {
                    Wanted::Value(v) => *v == value,
                    Wanted::Pattern(i) => pattern_matches(*i, &value),
                })
        })
    }

    /// The first `defaultfor` that matches, unless a `notdefaultfor` does.
    fn default_match<'p>(&self, p: &'p Provider) -> Option<&'p Filter> {
        if p.notdefaults.iter().any(|f| self.matches(f)) {
            return None;
        }
        p.defaults.iter().find(|f| self.matches(f))
    }

    fn specificity(&self, p: &Provider) -> u32 {
        self.default_match(p).map_or(0, |f| f.len() as u32 * 100) + p.ancestors
    }

    /// A Ruby feature of Puppet on the node: the reference's here for this machine; for
    /// another node `posix` or `microsoft_windows` by its system, any other taken to hold.
    fn feature(&self, name: &str) -> bool {
        if self.this_machine {
            let mut features = table::FEATURES.iter();
            return features.any(|(feature, has)| *feature == name && *has);
        }
        let windows = self.fact("osfamily") == "windows";
        match name {
            "posix" => !windows,
            "microsoft_windows" => windows,
            _ => true,
        }
    }

    fn init_is_systemd(&self) -> bool {
        if self.this_machine {
            // Process 1 stays the same process while this one runs.
            static HERE: OnceLock<bool> = OnceLock::new();
            return *HERE.get_or_init(|| {
                std::fs::read_to_string("/proc/1/comm").is_ok_and(|c| c.contains("systemd"))
            });
        }
        let systemd =
            providers_of("service").and_then(|list| list.iter().find(|p| p.name == "systemd"));
        systemd.is_some_and(|p| self.default_match(p).is_some())
    }

    fn holds(&self, c: &Confine) -> bool {
        match c {
            Confine::Fact { fact, values } => values.contains(&self.fact(fact).as_str()),
            Confine::Feature(name) => self.feature(name),
            Confine::Exists { .. } | Confine::Boolean { .. } if !self.this_machine => match c {
                Confine::Boolean {
                    expect,
                    check: Check::InitIsSystemd,
                    ..
                } => self.init_is_systemd() == *expect,
                _ => true,
            },
            Confine::Exists { path, binary } => {
                if *binary {
                    super::custom_facts::which(path).is_some()
                } else {
                    Path::new(path).exists()
                }
            }
            Confine::Boolean {
                expect,
                check,
                here,
            } => {
                let value = match check {
                    Check::InitIsSystemd => self.init_is_systemd(),
                    Check::Here => *here,
                };
                value == *expect
            }
        }
    }

    /// Whether every confine of `p` holds. Those that look for files and commands come
    /// last: they cost system calls (a `PATH` search each), and a fact or feature rules out
    /// most providers first.
    fn suitable(&self, p: &Provider) -> bool {
        let on_disk = |c: &&Confine| matches!(c, Confine::Exists { .. });
        let mut confines = p.confines.iter();
        confines
            .clone()
            .filter(|c| !on_disk(c))
            .all(|c| self.holds(c))
            && confines.all(|c| !on_disk(&c) || self.holds(c))
    }

    /// The default provider of `type_name` for this node (`None`: the type has no provider
    /// data, or no provider is suitable).
    pub fn default_provider(&self, type_name: &str) -> Option<&'static str> {
        let list = providers_of(type_name)?;
        let suitable: Vec<&Provider> = list.iter().filter(|p| self.suitable(p)).collect();
        let defaults: Vec<&Provider> = suitable
            .iter()
            .copied()
            .filter(|p| self.default_match(p).is_some())
            .collect();
        let candidates = if defaults.is_empty() {
            suitable
        } else {
            defaults
        };
        let max = candidates.iter().map(|p| self.specificity(p)).max()?;
        candidates
            .into_iter()
            .find(|p| self.specificity(p) == max)
            .map(|p| p.name)
    }
}

/// Why prepl cannot tell the default provider of `type_name` for a node, if it cannot: it
/// has no data for the type, or, for another node's facts, which commands the node has
/// decides between the type's providers (`user`: `useradd` or Solaris' `user_role_add`).
pub fn unknown_type(type_name: &str, this_machine: bool) -> Option<String> {
    if providers_of(type_name).is_none() {
        let mut known: Vec<&str> = table::TYPES.iter().map(|(name, _)| *name).collect();
        known.sort_unstable();
        return Some(format!(
            "Puppet::Type.type(:{type_name}) (prepl knows the providers of {} only)",
            known.join(", ")
        ));
    }
    (!this_machine && matches!(type_name, "user" | "group")).then(|| {
        format!(
            "Puppet::Type.type(:{type_name}) for another node's facts (the commands it has decide its provider)"
        )
    })
}

/// `Puppet::Type.type(:name)` in custom facts' code: its default provider, and resources
/// made with `newNAME(...)`/`new(...)`.
#[derive(Debug)]
pub struct PuppetType {
    pub name: String,
    pub default: Option<&'static str>,
}

/// A resource `newNAME(...)` made: `[:provider]`, `[:name]`, `provider`.
#[derive(Debug)]
struct Resource {
    type_name: String,
    title: String,
    provider: Option<&'static str>,
}

/// A provider class: `name` is its symbol.
#[derive(Debug)]
struct ProviderClass {
    type_name: String,
    name: &'static str,
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn provider_value(type_name: &str, name: Option<&'static str>) -> RValue {
    name.map_or(RValue::Nil, |name| {
        RValue::host(ProviderClass {
            type_name: type_name.to_string(),
            name,
        })
    })
}

impl HostObject for PuppetType {
    fn class_name(&self) -> String {
        "Class".to_string()
    }
    fn to_s(&self) -> String {
        format!("Puppet::Type::{}", capitalized(&self.name))
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<PuppetType>()
            .is_some_and(|o| o.name == self.name)
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        Some(Ok(match name {
            "name" => RValue::sym(self.name.as_str()),
            "defaultprovider" => provider_value(&self.name, self.default),
            "new" => return Some(self.new_resource(args)),
            _ if name.strip_prefix("new") == Some(self.name.as_str()) => {
                return Some(self.new_resource(args))
            }
            _ => return None,
        }))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl PuppetType {
    fn new_resource(&self, args: &[RValue]) -> Result<RValue, HostError> {
        let Some(RValue::Hash(h)) = args.first() else {
            return Err(HostError::Raise(format!(
                "Puppet::Type::{}.new needs a hash of parameters",
                capitalized(&self.name)
            )));
        };
        let h = h.borrow();
        let get = |k: &str| h.get(&RValue::sym(k)).or_else(|| h.get(&RValue::str(k)));
        let title = get("name").or_else(|| get("title"));
        let Some(title) = title.map(crate::erb::ruby::show::to_s) else {
            return Err(HostError::Raise(
                "Title or name must be provided".to_string(),
            ));
        };
        // A provider given by name is taken as it is.
        let provider = match get("provider").map(crate::erb::ruby::show::to_s) {
            Some(p) => providers_of(&self.name)
                .and_then(|list| list.iter().find(|x| x.name == p))
                .map(|x| x.name),
            None => self.default,
        };
        Ok(RValue::host(Resource {
            type_name: self.name.clone(),
            title,
            provider,
        }))
    }
}

impl HostObject for Resource {
    fn class_name(&self) -> String {
        format!("Puppet::Type::{}", capitalized(&self.type_name))
    }
    fn to_s(&self) -> String {
        format!("{}[{}]", capitalized(&self.type_name), self.title)
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        std::ptr::eq(self.as_any(), other.as_any())
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        let key = args.first().map(crate::erb::ruby::show::to_s);
        Some(Ok(match (name, key.as_deref()) {
            ("[]", Some("provider")) => self.provider.map_or(RValue::Nil, RValue::sym),
            ("[]", Some("name" | "title")) | ("name" | "title", None) => {
                RValue::str(self.title.as_str())
            }
            ("[]", Some(_)) => RValue::Nil,
            ("provider", None) => match self.provider {
                Some(name) => RValue::host(ProviderInstance {
                    class: ProviderClass {
                        type_name: self.type_name.clone(),
                        name,
                    },
                    title: self.title.clone(),
                }),
                None => RValue::Nil,
            },
            _ => return None,
        }))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl HostObject for ProviderClass {
    fn class_name(&self) -> String {
        "Class".to_string()
    }
    fn to_s(&self) -> String {
        format!(
            "Puppet::Type::{}::Provider{}",
            capitalized(&self.type_name),
            capitalized(self.name)
        )
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<ProviderClass>()
            .is_some_and(|o| o.name == self.name && o.type_name == self.type_name)
    }
    fn call(&self, name: &str, _args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match name {
            "name" => Some(Ok(RValue::sym(self.name))),
            _ => None,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A resource's provider (`resource.provider`): its `name` is the resource's, its `class`
/// the provider.
#[derive(Debug)]
struct ProviderInstance {
    class: ProviderClass,
    title: String,
}

impl HostObject for ProviderInstance {
    fn class_name(&self) -> String {
        self.class.to_s()
    }
    fn to_s(&self) -> String {
        format!("{}[{}]", capitalized(&self.class.type_name), self.title)
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        std::ptr::eq(self.as_any(), other.as_any())
    }
    fn call(&self, name: &str, _args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match name {
            "name" => Some(Ok(RValue::str(self.title.as_str()))),
            "class" => Some(Ok(provider_value(
                &self.class.type_name,
                Some(self.class.name),
            ))),
            _ => None,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests;
