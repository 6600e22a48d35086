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
        _ => return super::pcore::by_name(name).map(PType::ObjectType),
    })
}

/// `Resource[name]`: the resource type a (possibly lower case, `::`-qualified) name denotes,
/// with each segment capitalized: `file` → `File`, `my::thing` → `My::Thing`.
pub fn resource_type(name: &str) -> PType {
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
