//! The resource types the reference has built in, with their parameters.
//! (Provisional: the full table replaces this.)

pub struct TypeInfo {
    pub name: &'static str,
    pub parameters: &'static [&'static str],
    pub namevars: &'static [&'static str],
}

const NAMES: &[&str] = &[
    "exec",
    "file",
    "filebucket",
    "group",
    "notify",
    "package",
    "resources",
    "schedule",
    "service",
    "stage",
    "tidy",
    "user",
];

static ALL: std::sync::OnceLock<Vec<TypeInfo>> = std::sync::OnceLock::new();

pub fn all() -> &'static [TypeInfo] {
    ALL.get_or_init(|| {
        NAMES
            .iter()
            .map(|n| TypeInfo {
                name: n,
                parameters: &[],
                namevars: &["name"],
            })
            .collect()
    })
}

pub fn lookup(name: &str) -> Option<&'static TypeInfo> {
    let lower = name.to_ascii_lowercase();
    all().iter().find(|t| t.name == lower)
}

pub const METAPARAMETERS: &[&str] = &[
    "alias",
    "audit",
    "before",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
];

pub fn is_metaparameter(name: &str) -> bool {
    METAPARAMETERS.contains(&name)
}

pub fn accepts(_info: &TypeInfo, _param: &str) -> bool {
    true
}

pub fn canonical_title(_info: &TypeInfo, title: &str) -> String {
    title.to_string()
}
