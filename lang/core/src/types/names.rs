//! The built-in type names (`Integer`, `Hash`, ...) and their unparameterized types.
use super::{CallableType, IntRange, PType};

/// The type a capitalized name denotes, if it is a built-in type name.
/// Other capitalized names denote resource types (see [`resource_type`]).
pub fn by_name(name: &str) -> Option<PType> {
    Some(match name {
        "Any" => PType::Any,
        "Undef" => PType::Undef,
        "Default" => PType::Default,
        "Data" => PType::Data,
        "RichData" => PType::RichData,
        "ScalarData" => PType::ScalarData,
        "Scalar" => PType::Scalar,
        "Binary" => PType::Binary,
        "Numeric" => PType::Numeric,
        "Integer" => PType::integer(),
        "Float" => PType::float(),
        "String" => PType::string(),
        "Enum" => PType::Enum {
            values: Vec::new(),
            case_insensitive: false,
        },
        "Pattern" => PType::Pattern(Vec::new()),
        "Boolean" => PType::Boolean(None),
        "Regexp" => PType::Regexp(None),
        "SemVer" => PType::SemVer(Vec::new()),
        "SemVerRange" => PType::SemVerRange,
        "Timespan" => PType::Timespan(None, None),
        "Timestamp" => PType::Timestamp(None, None),
        "Collection" => PType::Collection(IntRange::SIZE),
        "Array" => PType::array_of(PType::Any),
        "Hash" => PType::hash_of(PType::Any, PType::Any),
        "Tuple" => PType::Tuple(Vec::new(), None),
        "Struct" => PType::Struct(None),
        "Variant" => PType::Variant(Vec::new()),
        "Optional" => PType::Optional(None),
        "NotUndef" => PType::NotUndef(None),
        "Iterable" => PType::Iterable(None),
        "Iterator" => PType::Iterator(None),
        "CatalogEntry" => PType::CatalogEntry,
        "Resource" => PType::Resource {
            type_name: None,
            title: None,
        },
        "Class" => PType::Class(None),
        "Type" => PType::Type(None),
        "Callable" => PType::Callable(Box::new(CallableType {
            params: None,
            block: None,
            return_type: None,
        })),
        "Sensitive" => PType::Sensitive(None),
        "Runtime" => PType::Runtime {
            runtime: None,
            name: None,
        },
        "Init" => PType::Init(None, Vec::new()),
        "Object" => PType::Object,
        "TypeSet" => PType::TypeSet,
        "URI" => PType::Uri(None),
        // (the reference's other built-in aliases, printed by name alone)
        "RichDataKey" => rich_data_key(),
        "Puppet::LookupKey" => super::TypeAlias::builtin("Puppet::LookupKey", rich_data_key()),
        "Puppet::LookupValue" => super::TypeAlias::builtin("Puppet::LookupValue", PType::RichData),
        _ if name.starts_with("Pcore::") => return pcore_alias(name),
        _ => return super::pcore::by_name(name).map(PType::ObjectType),
    })
}

thread_local! {
    /// The reference's `Pcore::` aliases (`Pcore.init`), made once a thread.
    static PCORE_ALIASES: Vec<PType> = pcore_aliases();
}

const PCORE_ALIAS_NAMES: [&str; 6] = [
    "Pcore::URI_RX",
    "Pcore::URI",
    "Pcore::SimpleTypeName",
    "Pcore::MemberName",
    "Pcore::TypeName",
    "Pcore::QRef",
];

/// `Pcore::URI`, `Pcore::MemberName`, ...: the aliases the reference's Pcore defines for its
/// own initialization hashes, printed as user aliases are (`Pcore::MemberName =
/// Pattern[/\A[a-z_]\w*\z/]`).
fn pcore_alias(name: &str) -> Option<PType> {
    let i = PCORE_ALIAS_NAMES.iter().position(|n| *n == name)?;
    PCORE_ALIASES.with(|all| all.get(i).cloned())
}

fn pcore_aliases() -> Vec<PType> {
    use std::rc::Rc;
    let re = |src: &str| crate::values::Regexp::new(src).ok().map(Rc::new);
    let pattern = |src: &str| PType::Pattern(re(src).into_iter().collect());
    let uri = super::create::URI_PATTERN.trim_end();
    let uri = uri
        .strip_prefix('/')
        .and_then(|u| u.strip_suffix('/'))
        .unwrap_or(uri);
    let type_name = r"\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z";
    let targets = [
        PType::Regexp(re(uri)),
        pattern(uri),
        pattern(r"\A[A-Z]\w*\z"),
        pattern(r"\A[a-z_]\w*\z"),
        pattern(type_name),
        pattern(type_name),
    ];
    PCORE_ALIAS_NAMES
        .iter()
        .zip(targets)
        .map(|(n, t)| super::TypeAlias::builtin(n, t))
        .collect()
}

/// The built-in alias `RichDataKey = Variant[String, Numeric]`.
fn rich_data_key() -> PType {
    super::TypeAlias::builtin(
        "RichDataKey",
        PType::Variant(vec![PType::string(), PType::Numeric]),
    )
}

thread_local! {
    /// The definitions of the reference's built-in aliases `Data` and `RichData` as its
    /// static loader has them (the order of their members, `URI`, the `RichDataKey` alias),
    /// for both their checks and their descriptions: made once a thread and kept (leaked),
    /// so that a check borrows them where it made a union each time.
    static DATA_DEFINITIONS: &'static (PType, PType) = Box::leak(Box::new(data_definitions()));
}

fn data_definitions() -> (PType, PType) {
    let data = PType::Variant(vec![
        PType::ScalarData,
        PType::Undef,
        PType::hash_of(PType::string(), PType::Data),
        PType::array_of(PType::Data),
    ]);
    let rich = PType::Variant(vec![
        PType::Scalar,
        PType::SemVerRange,
        PType::Binary,
        PType::Sensitive(None),
        PType::Type(None),
        PType::TypeSet,
        PType::Uri(None),
        PType::Object,
        PType::Undef,
        PType::Default,
        PType::hash_of(rich_data_key(), PType::RichData),
        PType::array_of(PType::RichData),
    ]);
    (data, rich)
}

/// The definition of `Data` or `RichData` (`None` for another type).
pub(crate) fn data_definition(t: &PType) -> Option<&'static PType> {
    match t {
        PType::Data => Some(&DATA_DEFINITIONS.with(|d| *d).0),
        PType::RichData => Some(&DATA_DEFINITIONS.with(|d| *d).1),
        _ => None,
    }
}

/// The aliases the reference defines itself: their definitions are not shown.
pub(crate) const BUILT_IN_ALIASES: &[&str] =
    &["RichDataKey", "Puppet::LookupKey", "Puppet::LookupValue"];

/// The reference's table of built-in type names (lower case), with the names of its
/// always-present aliases (`Data`, `RichData`), as prepl spells them.
pub(crate) const BUILT_IN: &[(&str, &str)] = &[
    ("any", "Any"),
    ("array", "Array"),
    ("binary", "Binary"),
    ("boolean", "Boolean"),
    ("callable", "Callable"),
    ("catalogentry", "CatalogEntry"),
    ("class", "Class"),
    ("collection", "Collection"),
    ("data", "Data"),
    ("default", "Default"),
    ("enum", "Enum"),
    ("float", "Float"),
    ("hash", "Hash"),
    ("init", "Init"),
    ("integer", "Integer"),
    ("iterable", "Iterable"),
    ("iterator", "Iterator"),
    ("notundef", "NotUndef"),
    ("numeric", "Numeric"),
    ("object", "Object"),
    ("optional", "Optional"),
    ("pattern", "Pattern"),
    ("regexp", "Regexp"),
    ("resource", "Resource"),
    ("richdata", "RichData"),
    ("runtime", "Runtime"),
    ("scalar", "Scalar"),
    ("scalardata", "ScalarData"),
    ("semver", "SemVer"),
    ("semverrange", "SemVerRange"),
    ("sensitive", "Sensitive"),
    ("string", "String"),
    ("struct", "Struct"),
    ("timespan", "Timespan"),
    ("timestamp", "Timestamp"),
    ("tuple", "Tuple"),
    ("type", "Type"),
    ("typeset", "TypeSet"),
    ("undef", "Undef"),
    ("uri", "URI"),
    ("variant", "Variant"),
];

/// The built-in type a name denotes, in any case (`INTEGER`, `integer` in a type written as
/// text; `INTEGER` in code): the reference reads type names in lower case.
pub fn by_name_any_case(name: &str) -> Option<PType> {
    if name.len() > "catalogentry".len() || !name.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let lower = name.to_ascii_lowercase();
    let i = BUILT_IN
        .binary_search_by(|(l, _)| (*l).cmp(lower.as_str()))
        .ok()?;
    by_name(BUILT_IN[i].1)
}

/// `Resource[name]`: the resource type a (possibly lower case, `::`-qualified) name denotes,
/// with each segment capitalized: `file` → `File`, `my::thing` → `My::Thing`, and, as
/// resource type names are read in any case, `NOTIFY` → `Notify`.
pub fn resource_type(name: &str) -> PType {
    let lower;
    let name = if name.bytes().skip(1).any(|b| b.is_ascii_uppercase()) {
        lower = name.to_ascii_lowercase();
        &lower
    } else {
        name
    };
    PType::Resource {
        type_name: Some(capitalize_segments(name).into()),
        title: None,
    }
}

/// `apache::mod` → `Apache::Mod`; a leading `::` is dropped.
pub fn capitalize_segments(name: &str) -> String {
    // The frequent case, one segment starting with an ASCII character (`file` → `File`),
    // without the splitting and the general upper-casing.
    if let Some(first) = name.bytes().next().filter(u8::is_ascii) {
        if !name.contains(':') {
            let mut out = String::with_capacity(name.len());
            out.push(char::from(first.to_ascii_uppercase()));
            out.push_str(&name[1..]);
            return out;
        }
    }
    let name = name.strip_prefix("::").unwrap_or(name);
    let mut out = String::with_capacity(name.len());
    for (i, seg) in crate::names::segments(name).enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        let mut chars = seg.chars();
        if let Some(c) = chars.next() {
            out.extend(c.to_uppercase());
            out.push_str(chars.as_str());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name of the table read in any case is a built-in type name (`type_text` relies
    /// on it), and the table is sorted for its binary search.
    #[test]
    fn names_in_any_case_are_built_in() {
        assert!(BUILT_IN.windows(2).all(|w| w[0].0 < w[1].0));
        for (lower, shown) in BUILT_IN {
            assert_eq!(shown.to_ascii_lowercase(), *lower);
            assert!(by_name(shown).is_some(), "{shown}");
            // (equal to itself: a type is a hash key; `Binary` was not)
            assert_eq!(by_name(shown), by_name(shown), "{shown}");
            assert_eq!(
                by_name_any_case(&shown.to_ascii_uppercase()),
                by_name(shown)
            );
        }
    }

    #[test]
    fn segments_are_capitalized_with_or_without_the_plain_name_shortcut() {
        for (name, shown) in [
            ("file", "File"),
            ("File", "File"),
            ("x", "X"),
            ("9a", "9a"),
            ("ärger", "Ärger"),
            ("apache::vhost", "Apache::Vhost"),
            ("::foo::bar", "Foo::Bar"),
            ("", ""),
        ] {
            assert_eq!(capitalize_segments(name), shown, "{name}");
        }
    }

    #[test]
    fn names_and_resources() {
        assert_eq!(by_name("Integer"), Some(PType::integer()));
        assert_eq!(by_name("Unit"), None);
        assert_eq!(by_name("File"), None);
        assert_eq!(resource_type("my::thing").to_string(), "My::Thing");
        assert_eq!(resource_type("::file").to_string(), "File");
    }
}
