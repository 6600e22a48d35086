//! Names known without evaluating anything: keywords and the built-in types
//! (with a one-line description, for the REPL's `:help` and `:types` and the kernel's inspect).

/// The language's reserved words.
pub const KEYWORDS: &[&str] = &[
    "and",
    "application",
    "attr",
    "case",
    "class",
    "consumes",
    "default",
    "define",
    "else",
    "elsif",
    "false",
    "function",
    "if",
    "in",
    "inherits",
    "node",
    "or",
    "plan",
    "private",
    "produces",
    "site",
    "true",
    "type",
    "undef",
    "unless",
];

/// A built-in type: its name, its parameters as written after the name, and what it is.
pub struct TypeDoc {
    pub name: &'static str,
    pub params: &'static str,
    pub doc: &'static str,
}

const fn t(name: &'static str, params: &'static str, doc: &'static str) -> TypeDoc {
    TypeDoc { name, params, doc }
}

/// Every built-in type, sorted by name.
pub const TYPES: &[TypeDoc] = &[
    t(
        "Annotation",
        "",
        "the parent of annotation object types (see annotate)",
    ),
    t("Any", "", "every value"),
    t(
        "Array",
        "[T, from, to]",
        "arrays of T with a size in from..to",
    ),
    t("Binary", "", "a sequence of bytes"),
    t("Boolean", "", "true and false"),
    t(
        "Callable",
        "[params..., min, max, block]",
        "functions and lambdas with a signature",
    ),
    t("CatalogEntry", "", "resources and classes"),
    t("Class", "[name]", "a class (a catalog entry)"),
    t(
        "Collection",
        "[from, to]",
        "arrays and hashes with a size in from..to",
    ),
    t(
        "Data",
        "",
        "values that can be represented in JSON: ScalarData, undef, arrays and hashes of Data",
    ),
    t("Default", "", "the value default"),
    t("Deferred", "", "a function call resolved later"),
    t("Enum", "[strings...]", "one of the given strings"),
    t("Error", "", "an error value"),
    t("Float", "[from, to]", "floating point numbers in from..to"),
    t(
        "Hash",
        "[K, V, from, to]",
        "hashes with keys K, values V and a size in from..to",
    ),
    t("Init", "[T, args...]", "values that T.new accepts"),
    t("Integer", "[from, to]", "integers in from..to"),
    t(
        "Iterable",
        "[T]",
        "values that can be iterated over, yielding T",
    ),
    t("Iterator", "[T]", "a lazy iterator yielding T"),
    t("NotUndef", "[T]", "T without undef"),
    t("Numeric", "", "Integer and Float"),
    t(
        "Object",
        "[{name, parent, attributes, constants, functions, equality, ...}]",
        "object types",
    ),
    t("Optional", "[T]", "T or undef"),
    t(
        "Pattern",
        "[regexps...]",
        "strings matching one of the patterns",
    ),
    t("Regexp", "[pattern]", "regular expressions"),
    t(
        "Resource",
        "[type, titles...]",
        "a resource (a catalog entry)",
    ),
    t(
        "RichData",
        "",
        "Data plus the other serializable values (types, regexps, time, versions...)",
    ),
    t(
        "Runtime",
        "[runtime, name]",
        "a value of the implementation language",
    ),
    t(
        "Scalar",
        "",
        "Numeric, String, Boolean, Regexp, Timespan, Timestamp, SemVer, SemVerRange",
    ),
    t("ScalarData", "", "Integer, Float, String and Boolean"),
    t(
        "SemVer",
        "[ranges...]",
        "semantic versions within the ranges",
    ),
    t("SemVerRange", "", "ranges of semantic versions"),
    t(
        "Sensitive",
        "[T]",
        "a value of T that is redacted when shown",
    ),
    t("String", "[from, to]", "strings with a length in from..to"),
    t(
        "Struct",
        "[{key => T, ...}]",
        "hashes with the given keys and value types",
    ),
    t("Timespan", "[from, to]", "durations"),
    t("Timestamp", "[from, to]", "points in time"),
    t(
        "Tuple",
        "[T..., from, to]",
        "arrays with the given types at each position",
    ),
    t("Type", "[T]", "the types assignable to T"),
    t("TypeSet", "", "a set of named types"),
    t("URI", "", "uniform resource identifiers"),
    t("Undef", "", "the value undef"),
    t("Unit", "", "accepts everything, as a return type"),
    t("Variant", "[types...]", "a value of one of the types"),
];

/// A built-in type by its exact name.
pub fn find_type(name: &str) -> Option<&'static TypeDoc> {
    TYPES.iter().find(|t| t.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_unique() {
        assert!(TYPES.windows(2).all(|w| w[0].name < w[1].name));
        assert!(KEYWORDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn lookup() {
        assert_eq!(find_type("Integer").map(|t| t.params), Some("[from, to]"));
        assert!(find_type("integer").is_none());
    }
}
