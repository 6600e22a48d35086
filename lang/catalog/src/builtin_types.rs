//! The resource types the reference has built in, with their parameters, and the rules the
//! reference's compiler applies to them (parameter names, tags, `stage`, duplicate keys).
//!
//! Everything below was established against the reference (Puppet 7.23, Debian's
//! `puppet-agent`, compiling with the catalog compiler as `puppet-oracle --catalog` does).
//! Locations in messages: the reference writes `(file: F, line: L)`, `(line: L)` when there
//! is no file (as with `-e`), `(file: F)` without a line, nothing when neither is known
//! ([`location`]). Messages quoted below come from `-e` programs, so they read `(line: 1)`.
//!
//! # 1. The types
//!
//! Without any module the reference knows exactly these 14 resource types ([`all`]):
//! `component exec file filebucket group notify package resources schedule service stage
//! tidy user whit`. Every other name is unknown: `cron { 'x': }` (likewise `host`, `mount`,
//! `ssh_authorized_key`, `sshkey`, `augeas`, `yumrepo`, `zfs`, `zone`, `zpool`, `k5login`,
//! `mailalias`, `maillist`, `router`, `interface`, `vlan`, `computer`, `selboolean`,
//! `selmodule`, `scheduled_task`, `macauthorization`, `mcx`, `nagios_*`) fails with
//! `Evaluation Error: Error while evaluating a Resource Statement, Unknown resource type: 'cron'`,
//! and a reference to one (`Cron['x']`, `Cron`) with
//! `Evaluation Error: Resource type not found: Cron`. Type names are case-insensitive
//! (`File { 'x': }` declares `File[x]`); parameter names are not (`* => {'Message' => 1}` is
//! an unknown parameter).
//!
//! Special cases:
//! - `component { 'x': }` declares a **`Class[X]`** resource (the reference maps the type name
//!   `component` to `Class` and capitalizes the title per segment: `component { 'a::b': }` →
//!   `Class[A::B]`). The class body is *not* evaluated, no error is raised when class `x` does
//!   not exist, and the resource gets no containment edge. A later `include x` then fails with
//!   `Evaluation Error: Error while evaluating a Function Call, Cannot evaluate a builtin type (Class)`,
//!   an earlier one makes the declaration a duplicate
//!   (`Duplicate declaration: Class[X] is already declared; cannot redeclare`). Its only
//!   parameter is `name`: `component { 'x': message => 1 }` →
//!   `no parameter named 'message' (line: 1) on Class[X] (line: 1)`. The value
//!   `Component['x']` stays `Component['x']` (and is not equal to `Class['x']`).
//! - `stage { 'x': }` declares `Stage[x]`, which is not contained in anything (no edge from
//!   `Class[main]`); `whit { 'x': }` is an ordinary resource (contained in `Class[main]`).
//! - `Node` is a valid type *reference* (`Node['x']`, `Type[Node]`) though no resource type of
//!   this table (`node` is a keyword, so `node { 'x': }` is a syntax error); the evaluator
//!   keeps `Node` and `Class` apart from this table.
//!
//! # 2. Parameter names
//!
//! A built-in type accepts its parameters and properties ([`TypeInfo::parameters`]), the 11
//! [`METAPARAMETERS`], and **`name`** on every type (the reference's `validattr?` accepts
//! `name` always, also for `file`, `exec` and `tidy`, whose namevar is `path`/`command`)
//! ([`accepts`]). Anything else (`export`, `consume`, `provider` on `notify`, upper case
//! names) is rejected, but only when the compilation finishes: after all evaluation (a later
//! `notice` still logs, a later `fail()` wins), resources in catalog (declaration) order,
//! each resource's parameters in the order they were set, the first unknown one reported.
//! It applies whatever set the parameter: the declaration, `*=>`, resource defaults (when a
//! resource of the type is declared; unused defaults are never checked), overrides
//! (`Notify[x] { foo => 1 }`), collectors (`Notify <| |> { foo => 1 }`), virtual resources.
//! The message, a plain error (no `Evaluation Error:` prefix), with the location of the
//! resource twice ([`unknown_parameter_message`]):
//!
//! `no parameter named 'foo' (line: 1) on Notify[x] (line: 1)`
//!
//! It comes before the relationship checks of the finish (`notify { x: foo => 1, before =>
//! Notify['missing'] }` reports `foo`). (Those, for reference: `Could not find resource
//! 'Notify[missing]' in parameter 'before' (line: 1)`, and `before => 'bogus'` gives
//! `No title provided and "bogus" is not a valid resource reference (line: 1)`.)
//! For comparison, a defined type reports at once:
//! `Evaluation Error: Error while evaluating a Resource Statement, D[x]: has no parameter named 'foo' (line: 1)`.
//!
//! The same attribute twice in one body: `Evaluation Error: The attribute 'message' has
//! already been set` (the evaluator's concern).
//!
//! # 3. Parameter values
//!
//! The compiling reference validates **no** value of any built-in type: `file { '/x':
//! ensure => bogus }`, `file { 'relative': }`, `file { '/x': mode => 'bogus', owner => [] }`,
//! `service { s: ensure => maybe, enable => maybe }`, `exec { 'x': }` (unqualified command),
//! `exec { '/bin/true': timeout => 'abc', logoutput => maybe }`, `package { p: ensure =>
//! whatever, provider => nonexist }`, `user { u: uid => 'abc' }`, `tidy { 'relative': }`,
//! `schedule { s: period => bogus }`, `resources { 'notatype': }`, and for the
//! metaparameters `loglevel => foo`, `noop => maybe`, `audit => bogus`, `schedule => 1` all
//! compile, the values kept as given (validation happens on the agent). [`validate`] thus only
//! checks parameter names. Two checks do apply to every resource (built-in or not):
//!
//! - **Tags** ([`validate_tags`]), checked at once when `tag` is set (declaration, defaults,
//!   override), also for classes and defines: each value (arrays flattened, `undef` skipped)
//!   is turned into a string and lower-cased, and must match `\A[[:alnum:]_][[:alnum:]_:.-]*\Z`
//!   (a hash counts as its keys and values, `default` as `default`).
//!   Message (a plain error, with the location of the statement):
//!   `Invalid tag 'bad tag!' (line: 1)`; `tag => 'BAD Tag!'` → `Invalid tag 'bad tag!'`;
//!   `''` and `'-a'` are invalid, `1`, `true`, `2.5`, `'a::b'`, `'é'` are fine.
//! - **`stage`** ([`stage_message`]): only classes may set it. Checked right after the
//!   resource is added to the catalog (so a duplicate is reported first), whatever set it
//!   (resource defaults too; `stage => undef` is not set):
//!   `Evaluation Error: Error while evaluating a Resource Statement, Only classes can set 'stage'; normal resources like Notify[x] cannot change run stage`
//!   (also `D[x]` for defines, `Stage[x]` for `stage { 'x': stage => main }`).
//!
//! # 4. Titles, namevars and duplicates
//!
//! The title of a resource is never rewritten: `file { '/tmp/a/': }` is `File[/tmp/a/]`
//! (the catalog keeps the title as given).
//! But the reference's catalog indexes each resource under several keys, and a clash on any
//! of them is an error. Keys are lists (the type name, then values compared as Ruby hash keys:
//! `'x'` ≠ `'X'`, `1` ≠ `'1'`, `1` ≠ `1.0`) ([`CatalogKey`]):
//!
//! 1. The title key `[Type, title]`. Declaring a resource whose title key is taken (by a
//!    title or an alias of any resource, virtual ones included) fails with
//!    ([`duplicate_message`]; the first location is the existing resource's, the second the
//!    new one's):
//!    `Evaluation Error: Error while evaluating a Resource Statement, Duplicate declaration: Notify[a] is already declared at (line: 1); cannot redeclare (line: 1)`
//!    (without a location for the existing one: `... Class[X] is already declared; cannot redeclare (line: 1)`).
//! 2. Then each explicit `alias` value (arrays flattened, `undef` dropped; an alias equal to
//!    the title is ignored), then the **uniqueness key** when the type is isomorphic (all but
//!    `exec` and `tidy`; classes and defines are) and it is not just `[title]` and not all
//!    `undef`/`false` ([`alias_keys`]). Taken by *another* resource it fails with
//!    ([`cannot_alias_message`]; first location: the new resource, second: the existing one):
//!    `Evaluation Error: Error while evaluating a Resource Statement, Cannot alias Notify[x] to "y" at (line: 1); resource ["Notify", "y"] already declared (line: 1)`
//!    `... Cannot alias File[/tmp/a/] to ["/tmp/a"] at (line: 1); resource ["File", "/tmp/a"] already declared (line: 1)`
//!    `... Cannot alias Package[x] to [nil, "x", nil] at (line: 1); resource ["Package", nil, "x", nil] already declared (line: 1)`
//!
//! The uniqueness key ([`uniqueness_key`]): the values of the type's key attributes sorted by
//! name (`package`: `command`, `name`, `provider`; the others have one: `file`/`tidy`
//! `path`, `exec` `command`, else `name`). The namevar's value is the parameter when set
//! (not `undef`), else parsed from the title ([`title_namevar`]: `file` strips trailing
//! slashes, `/tmp/a//` → `/tmp/a`, `//` → `/`, `puppet:///` → `puppet:/`; every other type
//! takes the whole title). For `file`, `exec` and `tidy` the parameter `name` does *not*
//! count for the key (`file { 'x': name => '/tmp/a' } file { '/tmp/a': }` compiles). The
//! key written into the table is the type name followed by the key's values flattened
//! (`name => ['x']` gives `["Notify", "x"]`, which clashes with the title `x`).
//!
//! So, in the reference: `file { '/tmp/a/': }` then `file { '/tmp/a': }` → Duplicate
//! declaration of `File[/tmp/a]`; the other order → Cannot alias `File[/tmp/a/]`;
//! `file { 'x': path => '/tmp/a' }` + `file { '/tmp/a': }` clash; `notify`, `service`,
//! `user`, `group`, `package`... with `name => 'x'` clash with the title `x`;
//! `package { 'a': name => 'x', provider => apt }` does not clash with `package { 'x': }`
//! (keys `[nil, "x", "apt"]` vs `[nil, "x", nil]`) but does with another `name => 'x',
//! provider => apt`; `exec { 'a': command => '/bin/x' }` + `exec { '/bin/x': }` and the
//! same for `tidy` compile; `notify { 'A': }` + `notify { 'a': }` compile.
//!
//! The keys are taken from the parameters the resource has when it is added (declaration
//! and resource defaults), not from later overrides. A reference `Type['t']` (relationship,
//! `defined`, override) finds a resource by its title key, else by the uniqueness key of a
//! resource titled `t` without parameters ([`reference_key`]): `File['/tmp/a']` finds
//! `File['/tmp/a/']`, `Notify['b']` finds `notify { 'a': name => 'b' }`, `Package['x']`
//! finds `package { 'a': name => 'x' }` (not with a provider), `Exec['/x']` does not find
//! `exec { 'a': command => '/x' }`; an explicit alias is found by its title key.
//!
//! # JSON form of the parameters
//!
//! The JSON catalog writes a built-in resource's parameters as [`catalog_parameters`] gives
//! them: the namevar parsed from the title first, then the parameters in order, `name`
//! standing for the namevar (its value wins over an explicit namevar parameter), and the
//! namevar left out when equal to the title: `file { '/x/': mode => '1' }` →
//! `{"path": "/x", "mode": "1"}`, `notify { x: message => m, name => y }` →
//! `{"name": "y", "message": "m"}`, `exec { x: returns => 1, command => x }` →
//! `{"returns": 1}`.

// A value as Ruby's `inspect` writes the value the reference holds for it.
use crate::format::ruby::inspect_objects as ruby_inspect;
use crate::values::Value;

/// A built-in resource type.
#[derive(Debug)]
pub struct TypeInfo {
    /// Lower case: `"file"`, `"notify"`, `"exec"`.
    pub name: &'static str,
    /// Every parameter and property, in the reference's order (`allattrs` without the
    /// metaparameters: key attributes, `provider`, properties, parameters).
    pub parameters: &'static [&'static str],
    /// The key attributes: `["name"]` mostly, `["path"]` (`file`, `tidy`), `["command"]`
    /// (`exec`), `["name", "provider", "command"]` (`package`). The first is the namevar
    /// the title sets.
    pub namevars: &'static [&'static str],
    /// The type's title patterns (a module type's `title_patterns`), tried in order; none:
    /// the title is the namevar's value (`title_namevar`).
    pub title_patterns: &'static [TitlePattern],
}

/// One of a type's title patterns: a regular expression (Ruby's syntax) and the parameters
/// its captures set, in order (`^(.+)::(.+)$` setting `name` and `type`).
#[derive(Debug)]
pub struct TitlePattern {
    pub regex: &'static str,
    pub params: &'static [&'static str],
}

/// The parameters a title sets, as the reference's `parse_title` gives them: those of the
/// first title pattern that matches (captures that took no part left out); without
/// patterns, the namevar (`title_namevar`). Fails, with the reference's message, when the
/// type has patterns and none matches.
pub fn title_values<'t>(
    info: &TypeInfo,
    title: &'t str,
) -> Result<Vec<(&'static str, std::borrow::Cow<'t, str>)>, String> {
    use std::borrow::Cow;
    if info.title_patterns.is_empty() {
        return Ok(vec![(
            namevar(info),
            Cow::Borrowed(title_namevar(info, title)),
        )]);
    }
    for pattern in info.title_patterns {
        let Ok(re) = crate::values::Regexp::new(pattern.regex) else {
            continue;
        };
        if let Ok(Some(caps)) = re.captures(title) {
            return Ok(pattern
                .params
                .iter()
                .zip(caps.into_iter().skip(1))
                .filter_map(|(p, c)| Some((*p, Cow::Owned(c?))))
                .collect());
        }
    }
    Err(format!(
        "No set of title patterns matched the title {}.",
        crate::format::quote::ruby_inspect(title)
    ))
}

/// The reference's built-in resource types, sorted by name.
static TYPES: [TypeInfo; 14] = [
    TypeInfo {
        name: "component",
        parameters: &["name"],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "exec",
        parameters: &[
            "command",
            "provider",
            "returns",
            "path",
            "user",
            "group",
            "cwd",
            "logoutput",
            "refresh",
            "environment",
            "umask",
            "timeout",
            "tries",
            "try_sleep",
            "refreshonly",
            "creates",
            "unless",
            "onlyif",
        ],
        namevars: &["command"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "file",
        parameters: &[
            "path",
            "provider",
            "ensure",
            "content",
            "checksum_value",
            "target",
            "owner",
            "group",
            "mode",
            "type",
            "seluser",
            "selrole",
            "seltype",
            "selrange",
            "ctime",
            "mtime",
            "backup",
            "recurse",
            "recurselimit",
            "max_files",
            "replace",
            "force",
            "ignore",
            "links",
            "purge",
            "sourceselect",
            "show_diff",
            "staging_location",
            "validate_cmd",
            "validate_replacement",
            "checksum",
            "source",
            "source_permissions",
            "selinux_ignore_defaults",
        ],
        namevars: &["path"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "filebucket",
        parameters: &["name", "server", "port", "path"],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "group",
        parameters: &[
            "name",
            "provider",
            "ensure",
            "gid",
            "members",
            "attributes",
            "auth_membership",
            "allowdupe",
            "ia_load_module",
            "attribute_membership",
            "system",
            "forcelocal",
        ],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "notify",
        parameters: &["name", "message", "withpath"],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "package",
        parameters: &[
            "name",
            "provider",
            "command",
            "ensure",
            "package_settings",
            "flavor",
            "mark",
            "source",
            "instance",
            "status",
            "adminfile",
            "responsefile",
            "configfiles",
            "category",
            "platform",
            "root",
            "vendor",
            "description",
            "allowcdrom",
            "enable_only",
            "install_only",
            "install_options",
            "uninstall_options",
            "allow_virtual",
            "reinstall_on_refresh",
        ],
        namevars: &["name", "provider", "command"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "resources",
        parameters: &["name", "purge", "unless_system_user", "unless_uid"],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "schedule",
        parameters: &[
            "name",
            "range",
            "periodmatch",
            "period",
            "repeat",
            "weekday",
        ],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "service",
        parameters: &[
            "name",
            "provider",
            "ensure",
            "enable",
            "logonaccount",
            "flags",
            "logonpassword",
            "binary",
            "hasstatus",
            "path",
            "pattern",
            "restart",
            "start",
            "status",
            "stop",
            "control",
            "hasrestart",
            "manifest",
            "timeout",
        ],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "stage",
        parameters: &["name"],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "tidy",
        parameters: &[
            "path",
            "recurse",
            "max_files",
            "matches",
            "backup",
            "age",
            "size",
            "type",
            "rmdirs",
        ],
        namevars: &["path"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "user",
        parameters: &[
            "name",
            "provider",
            "ensure",
            "home",
            "uid",
            "gid",
            "comment",
            "shell",
            "password",
            "password_min_age",
            "password_max_age",
            "password_warn_days",
            "groups",
            "expiry",
            "roles",
            "auths",
            "profiles",
            "keys",
            "project",
            "attributes",
            "salt",
            "iterations",
            "loginclass",
            "membership",
            "system",
            "allowdupe",
            "managehome",
            "role_membership",
            "auth_membership",
            "profile_membership",
            "key_membership",
            "ia_load_module",
            "attribute_membership",
            "forcelocal",
            "purge_ssh_keys",
        ],
        namevars: &["name"],
        title_patterns: &[],
    },
    TypeInfo {
        name: "whit",
        parameters: &["name"],
        namevars: &["name"],
        title_patterns: &[],
    },
];

/// The metaparameters, in the reference's order. Every resource accepts them.
pub const METAPARAMETERS: &[&str] = &[
    "noop",
    "schedule",
    "audit",
    "loglevel",
    "alias",
    "tag",
    "require",
    "subscribe",
    "before",
    "notify",
    "stage",
];

/// The built-in type of that name, case-insensitively (`"File"`, `"file"`).
pub fn lookup(name: &str) -> Option<&'static TypeInfo> {
    // Lower-cased on the stack, then one `match` (lengths first): comparing the name with
    // each type's in any case cost ~150 instructions a look-up, and the evaluator looks
    // one up for each resource declared and checked.
    const LONGEST: usize = "filebucket".len();
    let bytes = name.as_bytes();
    if bytes.len() > LONGEST {
        return None;
    }
    let mut lower = [0u8; LONGEST];
    for (l, b) in lower.iter_mut().zip(bytes) {
        *l = b.to_ascii_lowercase();
    }
    let i = match &lower[..bytes.len()] {
        b"component" => 0,
        b"exec" => 1,
        b"file" => 2,
        b"filebucket" => 3,
        b"group" => 4,
        b"notify" => 5,
        b"package" => 6,
        b"resources" => 7,
        b"schedule" => 8,
        b"service" => 9,
        b"stage" => 10,
        b"tidy" => 11,
        b"user" => 12,
        b"whit" => 13,
        _ => return None,
    };
    Some(&TYPES[i])
}

/// Every built-in type, sorted by name.
pub fn all() -> &'static [TypeInfo] {
    &TYPES
}

/// Whether `name` is a metaparameter (case-sensitive, as the reference).
pub fn is_metaparameter(name: &str) -> bool {
    METAPARAMETERS.contains(&name)
}

/// Whether `param` is accepted by the built-in type: its parameters and properties, the
/// metaparameters, and `name` (always, see the module doc). Case-sensitive.
pub fn accepts(info: &TypeInfo, param: &str) -> bool {
    match builtin_position(info) {
        Some(i) => accepted_by_builtins()[i].contains(param),
        None => accepts_by_search(info, param),
    }
}

/// [`accepts`], the lists searched (a module's type; the built-in types' sets are made
/// of the same lists).
fn accepts_by_search(info: &TypeInfo, param: &str) -> bool {
    param == "name" || info.parameters.contains(&param) || is_metaparameter(param)
}

/// Where `info` is in the built-in types' table, if it is one of them.
fn builtin_position(info: &TypeInfo) -> Option<usize> {
    let at = (info as *const TypeInfo as usize).wrapping_sub(TYPES.as_ptr() as usize);
    let i = at / std::mem::size_of::<TypeInfo>();
    (i < TYPES.len() && at.is_multiple_of(std::mem::size_of::<TypeInfo>())).then_some(i)
}

/// The names each built-in type accepts ([`accepts`]), hashed, by position in the
/// table: the check of every parameter of every resource searched a list of ~40 names
/// for each (~150 instructions).
fn accepted_by_builtins() -> &'static [rustc_hash::FxHashSet<&'static str>] {
    static SETS: std::sync::OnceLock<Vec<rustc_hash::FxHashSet<&'static str>>> =
        std::sync::OnceLock::new();
    SETS.get_or_init(|| {
        TYPES
            .iter()
            .map(|t| {
                let names = t.parameters.iter().chain(METAPARAMETERS);
                std::iter::once("name").chain(names.copied()).collect()
            })
            .collect()
    })
}

/// The type name as references write it: `Notify`, `File`; `Class` for `component`.
pub fn display_type_name(info: &TypeInfo) -> &'static str {
    match info.name {
        "component" => "Class",
        "exec" => "Exec",
        "file" => "File",
        "filebucket" => "Filebucket",
        "group" => "Group",
        "notify" => "Notify",
        "package" => "Package",
        "resources" => "Resources",
        "schedule" => "Schedule",
        "service" => "Service",
        "stage" => "Stage",
        "tidy" => "Tidy",
        "user" => "User",
        other => capitalized_name(other),
    }
}

/// `mysql_database` → `Mysql_database`, `apache::vhost` → `Apache::Vhost`: the name of a
/// module's resource type as references write it, made once per name for the process (the
/// types' table lives as long as the process too).
fn capitalized_name(name: &'static str) -> &'static str {
    use rustc_hash::FxHashMap as HashMap;
    use std::sync::{Mutex, OnceLock};
    static NAMES: OnceLock<Mutex<HashMap<&'static str, &'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    names.entry(name).or_insert_with(|| {
        let text = name
            .split("::")
            .map(|segment| {
                let mut chars = segment.chars();
                chars.next().map_or(String::new(), |first| {
                    first.to_uppercase().chain(chars).collect()
                })
            })
            .collect::<Vec<_>>()
            .join("::");
        Box::leak(text.into_boxed_str())
    })
}

/// Whether the reference registers the uniqueness key of the type's resources (all types but
/// `exec` and `tidy`; classes and defined types are isomorphic too).
pub fn is_isomorphic(info: &TypeInfo) -> bool {
    !matches!(info.name, "exec" | "tidy")
}

/// The attribute that `name` and the title stand for: the single key attribute (`path` for
/// `file`, `command` for `exec`), `name` for `package` (three key attributes).
pub fn namevar(info: &TypeInfo) -> &'static str {
    match info.namevars {
        [single] => single,
        _ => "name",
    }
}

/// The namevar's value the title gives (the reference's title patterns). The title itself is
/// kept as the resource's title; this value takes part in the uniqueness key and appears in
/// the JSON parameters when it differs from the title. `file`: trailing slashes removed
/// (`/tmp/a/` → `/tmp/a`, `///` → `/`, `C://` → `C:/`, `puppet:///` → `puppet:/`), exactly
/// as `^(\/|.+:\/|.*[^\/])\/*\Z` captures it; every other type: the whole title.
pub fn title_namevar<'a>(info: &TypeInfo, title: &'a str) -> &'a str {
    if info.name == "file" {
        file_title_path(title)
    } else {
        title
    }
}

/// Whether `rest` matches `\/*\Z` (slashes, then the end or a final newline).
fn only_slashes(rest: &str) -> bool {
    rest.strip_suffix('\n')
        .unwrap_or(rest)
        .bytes()
        .all(|b| b == b'/')
}

/// The capture of `^(\/|.+:\/|.*[^\/])\/*\Z` (multi-line mode) on a file title.
fn file_title_path(title: &str) -> &str {
    // Most titles end in neither a slash nor a newline: the first two alternatives need a
    // final slash, the third takes the whole title (the scans below were ~240 instructions
    // a file resource, asked for each one declared).
    match title.as_bytes().last() {
        Some(b'/' | b'\n') | None => file_title_path_scanned(title),
        Some(_) => title,
    }
}

/// [`file_title_path`] of any title, the regular expression's alternatives tried in turn.
fn file_title_path_scanned(title: &str) -> &str {
    // `\/`: a slash followed only by slashes.
    if title.starts_with('/') && only_slashes(&title[1..]) {
        return &title[..1];
    }
    // `.+:\/`: the rightmost `:/` after at least one character, followed only by slashes.
    // (most titles have no `:`: looked for first, a byte at a time, as `rfind`'s searcher
    // for two bytes cost more than the rest of the function)
    let mut end = if title.bytes().any(|b| b == b':') {
        title.len()
    } else {
        0
    };
    while let Some(i) = title[..end].rfind(":/") {
        if i >= 1 && only_slashes(&title[i + 2..]) {
            return &title[..i + 2];
        }
        if i == 0 {
            break;
        }
        end = i + 1;
    }
    // `.*[^\/]`: the longest prefix ending in a non-slash followed only by slashes.
    let stripped = title.trim_end_matches('/');
    if stripped.is_empty() {
        title
    } else {
        stripped
    }
}

// ---- messages

/// A location as the reference writes it in messages: `(file: F, line: L)`, `(line: L)`,
/// `(file: F)`, or nothing.
pub fn location(file: Option<&str>, line: Option<u32>) -> String {
    let file = file.filter(|f| !f.is_empty());
    match (file, line) {
        (Some(f), Some(l)) => format!("(file: {f}, line: {l})"),
        (None, Some(l)) => format!("(line: {l})"),
        (Some(f), None) => format!("(file: {f})"),
        (None, None) => String::new(),
    }
}

/// ` at ` and the location, or nothing when there is none.
fn at_location(file: Option<&str>, line: Option<u32>) -> String {
    let loc = location(file, line);
    if loc.is_empty() {
        loc
    } else {
        format!(" at {loc}")
    }
}

/// ` ` and the location, or nothing when there is none.
fn location_with_space(file: Option<&str>, line: Option<u32>) -> String {
    let loc = location(file, line);
    if loc.is_empty() {
        loc
    } else {
        format!(" {loc}")
    }
}

/// The reference's message for an unknown parameter of a built-in type, with the location of
/// the resource (twice, as the reference writes it):
/// `no parameter named 'foo' (line: 1) on Notify[x] (line: 1)`. Without a location:
/// `no parameter named 'foo' on Notify[x]`. A plain error, raised when the compilation
/// finishes (see the module doc).
pub fn unknown_parameter_message(
    type_display: &str,
    title: &str,
    param: &str,
    file: Option<&str>,
    line: Option<u32>,
) -> String {
    let loc = location_with_space(file, line);
    format!("no parameter named '{param}'{loc} on {type_display}[{title}]{loc}")
}

/// Checks the parameters of a built-in resource as the reference does when it finishes the
/// compilation: the first parameter (in the order given) the type does not accept gives
/// [`unknown_parameter_message`] without a location. Values are never checked (see the
/// module doc); `component` is named `Class[...]` (pass the capitalized title).
pub fn validate(info: &TypeInfo, title: &str, params: &[(&str, &Value)]) -> Result<(), String> {
    validate_at(info, title, params, None, None)
}

/// [`validate`], with the resource's location in the message.
pub fn validate_at(
    info: &TypeInfo,
    title: &str,
    params: &[(&str, &Value)],
    file: Option<&str>,
    line: Option<u32>,
) -> Result<(), String> {
    match params.iter().find(|(p, _)| !accepts(info, p)) {
        Some((p, _)) => Err(unknown_parameter_message(
            display_type_name(info),
            title,
            p,
            file,
            line,
        )),
        None => Ok(()),
    }
}

/// Whether a (lower-cased) tag is valid: `\A[[:alnum:]_][[:alnum:]_:.-]*\Z`.
pub fn is_valid_tag(tag: &str) -> bool {
    crate::tags::is_valid(tag)
}

/// Checks the value of a `tag` parameter as the reference does when it is set (any resource,
/// class or define): each value (arrays flattened, `undef` skipped; a hash gives its keys and
/// values, as Ruby splats it) as a string, lower-cased, must be a valid tag, else
/// `Invalid tag 'bad tag!'` (the reference adds the location of the statement:
/// `Invalid tag 'bad tag!' (line: 1)`, a plain error).
pub fn validate_tags(value: &Value) -> Result<(), String> {
    match value {
        Value::Hash(map) => map
            .iter()
            .try_for_each(|(k, v)| validate_tag_atoms(k).and_then(|_| validate_tag_atoms(v))),
        v => validate_tag_atoms(v),
    }
}

fn validate_tag_atoms(value: &Value) -> Result<(), String> {
    match value {
        Value::Undef => Ok(()),
        Value::Array(items) => items.iter().try_for_each(validate_tag_atoms),
        v => {
            let tag = ruby_to_s(v).to_lowercase();
            if is_valid_tag(&tag) {
                Ok(())
            } else {
                Err(format!("Invalid tag '{tag}'"))
            }
        }
    }
}

/// The reference's message when a resource other than a class sets `stage` (after
/// `Evaluation Error: Error while evaluating a Resource Statement, `):
/// `Only classes can set 'stage'; normal resources like Notify[x] cannot change run stage`.
pub fn stage_message(resource_ref: &str) -> String {
    format!(
        "Only classes can set 'stage'; normal resources like {resource_ref} cannot change run stage"
    )
}

/// The reference's duplicate declaration message (after `Evaluation Error: Error while
/// evaluating a Resource Statement, `), the location of the existing resource first, then
/// the new one's: `Duplicate declaration: Notify[a] is already declared at (line: 1); cannot
/// redeclare (line: 1)`; `... is already declared; cannot redeclare (line: 1)` when the
/// existing one has no location.
pub fn duplicate_message(
    resource_ref: &str,
    existing: (Option<&str>, Option<u32>),
    new: (Option<&str>, Option<u32>),
) -> String {
    let at = at_location(existing.0, existing.1);
    let loc = location_with_space(new.0, new.1);
    format!("Duplicate declaration: {resource_ref} is already declared{at}; cannot redeclare{loc}")
}

/// The reference's message when an alias key of a new resource is taken by another resource
/// (after `Evaluation Error: Error while evaluating a Resource Statement, `), the new
/// resource's location first: `Cannot alias Notify[b] to ["x"] at (line: 1); resource
/// ["Notify", "x"] already declared (line: 1)`.
pub fn cannot_alias_message(
    resource_ref: &str,
    alias: &AliasKey,
    new: (Option<&str>, Option<u32>),
    existing: (Option<&str>, Option<u32>),
) -> String {
    let at = at_location(new.0, new.1);
    let loc = location_with_space(existing.0, existing.1);
    format!(
        "Cannot alias {resource_ref} to {}{at}; resource {} already declared{loc}",
        ruby_inspect(&alias.shown),
        alias.key
    )
}

// ---- catalog keys

/// A key of the reference's resource table: the type name (`Notify`, `D`, `Class`) and the
/// key's values flattened, each as Ruby's `inspect` writes it (`"x"`, `1`, `nil`), so that
/// equal keys are exactly the ones the reference's hash finds equal. `Display` gives the
/// reference's form: `["Notify", "x"]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CatalogKey {
    pub type_name: String,
    pub parts: Vec<String>,
}

impl std::fmt::Display for CatalogKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "[{}",
            crate::format::quote::ruby_inspect(&self.type_name)
        )?;
        for p in &self.parts {
            write!(f, ", {p}")?;
        }
        f.write_str("]")
    }
}

/// The key a resource's title takes: `[Type, title]`.
pub fn title_key(type_display: &str, title: &str) -> CatalogKey {
    CatalogKey {
        type_name: type_display.to_string(),
        parts: vec![crate::format::quote::ruby_inspect(title)],
    }
}

/// An additional key a resource takes, and how the reference shows it in `Cannot alias`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AliasKey {
    pub key: CatalogKey,
    /// The alias as given, shown as Ruby's `inspect` writes it (only in messages, so
    /// written then): `"y"` for an explicit alias, `["/tmp/a"]` or `[nil, "x", nil]` for a
    /// uniqueness key (not flattened).
    pub shown: Value,
}

impl AliasKey {
    /// The title a key of one string stands for (the string itself, not its inspected
    /// form in the key: `a\tb`, not `"a\\tb"`).
    pub fn title(&self) -> Option<&str> {
        if self.key.parts.len() != 1 {
            return None;
        }
        match &self.shown {
            Value::String(s) => Some(s),
            Value::Array(a) => match &a[..] {
                [Value::String(s)] => Some(s),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The uniqueness key of a resource (the reference's `uniqueness_key`): the values of the
/// key attributes sorted by name, `Value::Undef` for `nil`. The namevar's value is its
/// parameter, else the value the title gives ([`title_namevar`]); when that is `false`,
/// `name`'s, else the title (as the reference). `info` is `None` for classes and defined
/// types (key: `name`, else the title). `params`: the resource's parameters when it is added
/// to the catalog (declaration and defaults); `undef` ones do not count.
pub fn uniqueness_key(
    info: Option<&TypeInfo>,
    title: &str,
    params: &[(&str, &Value)],
) -> Vec<Value> {
    let nv = info.map_or("name", namevar);
    if let Some(i) = info.filter(|i| i.title_patterns.is_empty()) {
        // The common case: no parameter sets a key attribute (nor `name`), so the namevar
        // (and `name`) has the value the title gives, the others none; without the
        // look-ups below (a `package`'s key was ~1,200 instructions).
        let sets_key = params
            .iter()
            .any(|(p, v)| (*p == "name" || i.namevars.contains(p)) && !v.is_undef());
        if !sets_key {
            // (sorted on the stack: types have one to three key attributes)
            let mut buffer = [""; 4];
            let mut long = Vec::new();
            let keys = match buffer.get_mut(..i.namevars.len()) {
                Some(keys) => keys,
                None => {
                    long.extend_from_slice(i.namevars);
                    &mut long[..]
                }
            };
            keys.copy_from_slice(i.namevars);
            keys.sort_unstable();
            let from_title = title_namevar(i, title);
            return keys
                .iter()
                .map(|k| match *k == nv || *k == "name" {
                    true => Value::string(from_title),
                    false => Value::Undef,
                })
                .collect();
        }
    }
    uniqueness_key_looked_up(info, title, params)
}

/// [`uniqueness_key`], each key attribute's value looked up.
fn uniqueness_key_looked_up(
    info: Option<&TypeInfo>,
    title: &str,
    params: &[(&str, &Value)],
) -> Vec<Value> {
    let nv = info.map_or("name", namevar);
    // The reference's `to_hash`: the title's values, merged with the parameters.
    let from_title = match info {
        Some(i) => title_values(i, title).unwrap_or_default(),
        None => vec![("name", std::borrow::Cow::Borrowed(title))],
    };
    let get = |k: &str| match params.iter().rev().find(|(p, v)| *p == k && !v.is_undef()) {
        Some((_, v)) => (*v).clone(),
        None => match from_title.iter().find(|(p, _)| *p == k) {
            Some((_, v)) => Value::string(&**v),
            None => Value::Undef,
        },
    };
    // (made only when a key attribute has no value: the common case gives `name` its own)
    let mut name: Option<Value> = None;
    let mut name = || {
        name.get_or_insert_with(|| {
            [get(nv), get("name")]
                .into_iter()
                .find(Value::is_truthy)
                .unwrap_or_else(|| Value::string(title))
        })
        .clone()
    };
    let mut keys = info.map_or(vec!["name"], |i| i.namevars.to_vec());
    keys.sort_unstable();
    keys.iter()
        .map(|k| {
            let v = get(k);
            if (*k == nv || *k == "name") && !v.is_truthy() {
                name()
            } else {
                v
            }
        })
        .collect()
}

/// The keys the reference registers for a resource after its title key, in order: each
/// explicit `alias` (flattened, `undef` dropped, the title itself skipped), then the
/// uniqueness key when the type is isomorphic, it differs from `[title]` and not all its
/// values are `nil`/`false`. `info` is `None` for classes and defined types. The evaluator
/// fails with [`cannot_alias_message`] when a key is taken by another resource (a key taken
/// by the same resource is fine).
pub fn alias_keys(
    info: Option<&TypeInfo>,
    type_display: &str,
    title: &str,
    params: &[(&str, &Value)],
) -> Vec<AliasKey> {
    let mut out = explicit_alias_keys(type_display, title, params);
    out.extend(uniqueness_alias_key(info, type_display, title, params));
    out
}

/// The keys of [`alias_keys`] its `alias` parameter gives (each one a single part).
pub fn explicit_alias_keys(
    type_display: &str,
    title: &str,
    params: &[(&str, &Value)],
) -> Vec<AliasKey> {
    let mut out = Vec::new();
    if let Some((_, v)) = params
        .iter()
        .rev()
        .find(|(p, v)| *p == "alias" && !v.is_undef())
    {
        let mut atoms = Vec::new();
        flatten_values(v, &mut atoms);
        for a in atoms {
            if a.as_str() == Some(title) {
                continue;
            }
            let mut parts = Vec::new();
            flatten_inspect(a, &mut parts);
            out.push(AliasKey {
                key: CatalogKey {
                    type_name: type_display.to_string(),
                    parts,
                },
                shown: a.clone(),
            });
        }
    }
    out
}

/// The key of [`alias_keys`] the uniqueness key gives, if it registers one.
pub fn uniqueness_alias_key(
    info: Option<&TypeInfo>,
    type_display: &str,
    title: &str,
    params: &[(&str, &Value)],
) -> Option<AliasKey> {
    if info.is_some_and(|i| !is_isomorphic(i)) || title_is_the_key(info, title, params) {
        return None;
    }
    let ukey = uniqueness_key(info, title, params);
    let is_title = matches!(ukey.as_slice(), [Value::String(s)] if &**s == title);
    if !ukey.iter().any(Value::is_truthy) || is_title {
        return None;
    }
    let mut parts = Vec::new();
    ukey.iter().for_each(|v| flatten_inspect(v, &mut parts));
    Some(AliasKey {
        key: CatalogKey {
            type_name: type_display.to_string(),
            parts,
        },
        shown: Value::array(ukey),
    })
}

/// Whether the uniqueness key [`alias_keys`] gives a resource is implied by its title,
/// which then finds the resource holding it (the catalog does not store those keys,
/// [`implied_key_title`]): a type of several key attributes (`package`: `[nil, "x", nil]`)
/// without title patterns, no parameter setting a key attribute (nor `name`), a title that
/// is not empty and that Ruby's `inspect` writes as it is. (A `package`'s key and its
/// entry in the catalog's table were ~2,000 instructions.)
pub fn key_implied_by_title(
    info: Option<&TypeInfo>,
    title: &str,
    params: &[(&str, &Value)],
) -> bool {
    let Some(i) = info else {
        return false;
    };
    i.namevars.len() > 1
        && i.title_patterns.is_empty()
        && is_isomorphic(i)
        && !title.is_empty()
        && title_namevar(i, title) == title
        && crate::format::quote::inspects_plainly(title)
        && !params
            .iter()
            .any(|(p, v)| (*p == "name" || i.namevars.contains(p)) && !v.is_undef())
}

/// The title whose implied key ([`key_implied_by_title`]) `key` would be, if it has that
/// shape: the one part other than `nil`, unquoted. (The caller compares the key of a
/// resource of that title with `key`.)
pub fn implied_key_title(key: &CatalogKey) -> Option<&str> {
    if key.parts.len() < 2 {
        return None;
    }
    let mut given = key.parts.iter().filter(|p| *p != "nil");
    let part = given.next()?;
    if given.any(|p| p != part) {
        return None;
    }
    let title = part.strip_prefix('"')?.strip_suffix('"')?;
    crate::format::quote::inspects_plainly(title).then_some(title)
}

/// Whether [`alias_keys`] reads parameter `name` of a resource of type `info`: `alias`,
/// `name` and the key attributes (the others can be left out of the parameters it is given).
pub fn is_key_parameter(info: Option<&TypeInfo>, name: &str) -> bool {
    name == "alias" || name == "name" || info.is_some_and(|i| i.namevars.contains(&name))
}

/// Whether the uniqueness key is `[title]` without computing it, in the common case: a
/// single key attribute that no parameter (nor `name`) sets, whose value from the title is
/// the title (anything but a file's title with trailing slashes).
fn title_is_the_key(info: Option<&TypeInfo>, title: &str, params: &[(&str, &Value)]) -> bool {
    let key = match info.map(|i| i.namevars) {
        None => "name",
        Some([single]) => *single,
        Some(_) => return false,
    };
    !params
        .iter()
        .any(|(p, v)| (*p == key || *p == "name") && !v.is_undef())
        && info.map_or(title, |i| title_namevar(i, title)) == title
}

/// The second key under which a reference `Type['title']` finds a resource when no resource
/// has that title key: the uniqueness key of a resource with that title and no parameters
/// (`File['/tmp/a']` → `["File", "/tmp/a"]`, `Package['x']` → `["Package", nil, "x", nil]`).
/// `None` when it is the title key itself. `info` is `None` for defined types.
pub fn reference_key(
    info: Option<&TypeInfo>,
    type_display: &str,
    title: &str,
) -> Option<CatalogKey> {
    let mut parts = Vec::new();
    for v in uniqueness_key(info, title, &[]) {
        flatten_inspect(&v, &mut parts);
    }
    let key = CatalogKey {
        type_name: type_display.to_string(),
        parts,
    };
    (key != title_key(type_display, title)).then_some(key)
}

/// The parameters of a built-in resource as the reference's JSON catalog writes them, in
/// order: the namevar from the title first (for `package`, `name`), then the parameters
/// (`undef` ones left out) in order, with `name` standing for the namevar of single-key
/// types (its value wins, at the namevar's place); the namevar is left out when its value is
/// the title (a string equal to it).
pub fn catalog_parameters(
    info: &TypeInfo,
    title: &str,
    params: &[(&str, &Value)],
) -> Vec<(String, Value)> {
    catalog_parameters_ref(info, title, params.iter().copied())
        .into_iter()
        .map(|(k, v)| {
            let v = match v {
                ParamValue::Title(t) => Value::string(&*t),
                ParamValue::Given(v) => v.clone(),
            };
            (k.to_string(), v)
        })
        .collect()
}

/// A value of [`catalog_parameters_ref`]: the namevar's value taken from the title, or a
/// value given.
pub enum ParamValue<'a> {
    Title(std::borrow::Cow<'a, str>),
    Given(&'a Value),
}

impl ParamValue<'_> {
    fn as_str(&self) -> Option<&str> {
        match self {
            ParamValue::Title(t) => Some(t),
            ParamValue::Given(v) => v.as_str(),
        }
    }
}

/// [`catalog_parameters`] borrowing the names and values instead of copying them.
pub fn catalog_parameters_ref<'a>(
    info: &TypeInfo,
    title: &'a str,
    params: impl Iterator<Item = (&'a str, &'a Value)>,
) -> Vec<(&'a str, ParamValue<'a>)> {
    let nv = namevar(info);
    // (A title no pattern matches was refused when the resource was declared.)
    let mut out: Vec<(&'a str, ParamValue<'a>)> = title_values(info, title)
        .unwrap_or_default()
        .into_iter()
        .map(|(p, v)| (p, ParamValue::Title(v)))
        .collect();
    // The parser resource's hash: the title's value, then each parameter by its own name.
    for (p, v) in params.filter(|(_, v)| !v.is_undef()) {
        match out.iter_mut().find(|(n, _)| *n == p) {
            Some(slot) => slot.1 = ParamValue::Given(v),
            None => out.push((p, ParamValue::Given(v))),
        }
    }
    // Copied into a plain resource, `name` is renamed to the namevar.
    if nv != "name" {
        if let Some(i) = out.iter().position(|(n, _)| *n == "name") {
            let (_, v) = out.remove(i);
            if let Some(slot) = out.iter_mut().find(|(n, _)| *n == nv) {
                slot.1 = v;
            }
        }
    }
    out.retain(|(n, v)| !(*n == nv && v.as_str() == Some(title)));
    out
}

// ---- Ruby's forms of values

/// Appends the atoms of a value, arrays flattened and `undef` left out (`[x].flatten.compact`).
fn flatten_values<'v>(v: &'v Value, out: &mut Vec<&'v Value>) {
    match v {
        Value::Undef => {}
        Value::Array(items) => items.iter().for_each(|i| flatten_values(i, out)),
        v => out.push(v),
    }
}

/// Appends the inspected atoms of a value, arrays flattened (`[type, key].flatten`).
fn flatten_inspect(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_inspect(i, out)),
        v => out.push(ruby_inspect(v)),
    }
}

/// A value as Ruby's `to_s` writes the value the reference holds for it.
fn ruby_to_s(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::Default => "default".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => crate::format::float::ruby_float_to_s(*f),
        Value::String(s) => s.to_string(),
        Value::Array(_) | Value::Hash(_) => ruby_inspect(v),
        v => crate::format::to_display(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn the_title_key_shortcut_agrees_with_the_uniqueness_key() {
        let path = Value::string("/srv/x");
        let undef = Value::Undef;
        let no: [(&str, &Value); 0] = [];
        let cases: [&[(&str, &Value)]; 5] = [
            &no,
            &[("path", &path)],
            &[("name", &path)],
            &[("name", &undef), ("ensure", &path)],
            &[("command", &path)],
        ];
        let mut shortcuts = 0;
        for info in all().iter().map(Some).chain([None]) {
            for title in ["/srv/x", "/srv/x/", "x", ""] {
                for params in cases {
                    if title_is_the_key(info, title, params) {
                        shortcuts += 1;
                        let ukey = uniqueness_key(info, title, params);
                        assert!(
                            matches!(ukey.as_slice(), [Value::String(s)] if &**s == title),
                            "{:?} {title} {params:?}: {ukey:?}",
                            info.map(|i| i.name)
                        );
                    }
                }
            }
        }
        assert!(shortcuts > 50, "{shortcuts}");
        // The uniqueness key without look-ups is the one looked up.
        for info in all().iter().map(Some).chain([None]) {
            for title in ["/srv/x", "/srv/x/", "x", "", "a::b", "/"] {
                for params in cases {
                    assert_eq!(
                        uniqueness_key(info, title, params),
                        uniqueness_key_looked_up(info, title, params),
                        "{:?} {title} {params:?}",
                        info.map(|i| i.name)
                    );
                }
            }
        }
        // A file's title with a trailing slash has a key of its own; a package's three.
        assert!(!title_is_the_key(Some(info("file")), "/srv/x/", &no));
        assert!(!title_is_the_key(Some(info("package")), "x", &no));
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    fn info(name: &str) -> &'static TypeInfo {
        lookup(name).unwrap()
    }

    #[test]
    fn types_are_looked_up_by_name_in_any_case() {
        for (i, t) in all().iter().enumerate() {
            // (the look-up's table of places)
            assert!(std::ptr::eq(lookup(t.name).unwrap(), &all()[i]));
            assert_eq!(lookup(t.name).map(|i| i.name), Some(t.name));
            assert_eq!(lookup(&t.name.to_uppercase()).map(|i| i.name), Some(t.name));
            let capitalized = format!("{}{}", t.name[..1].to_uppercase(), &t.name[1..]);
            assert_eq!(lookup(&capitalized).map(|i| i.name), Some(t.name));
            assert!(lookup(&format!("{}s", t.name)).is_none());
            assert!(lookup(&t.name[..t.name.len() - 1]).is_none());
        }
        for name in [
            "",
            "a",
            "zz",
            "Concat::Fragment",
            "apache::vhost",
            "\u{e9}",
            "~",
        ] {
            assert!(lookup(name).is_none(), "{name}");
        }
    }

    #[test]
    fn the_reference_knows_exactly_these_types() {
        let names: Vec<&str> = all().iter().map(|t| t.name).collect();
        assert_eq!(
            names,
            [
                "component",
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
                "whit"
            ]
        );
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
    }

    #[test]
    fn lookup_is_case_insensitive_and_knows_no_moved_types() {
        assert_eq!(lookup("File").unwrap().name, "file");
        assert_eq!(lookup("NOTIFY").unwrap().name, "notify");
        assert_eq!(lookup("exec").unwrap().name, "exec");
        for t in all() {
            assert!(std::ptr::eq(lookup(t.name).unwrap(), t), "{}", t.name);
        }
        assert!(lookup("files").is_none() && lookup("Files").is_none() && lookup("").is_none());
        for unknown in [
            "cron",
            "host",
            "mount",
            "ssh_authorized_key",
            "sshkey",
            "augeas",
            "yumrepo",
            "zfs",
            "node",
            "class",
            "nagios_host",
            "",
            "files",
        ] {
            assert!(lookup(unknown).is_none(), "{unknown}");
        }
    }

    #[test]
    fn metaparameters_are_the_references() {
        assert_eq!(
            METAPARAMETERS,
            [
                "noop",
                "schedule",
                "audit",
                "loglevel",
                "alias",
                "tag",
                "require",
                "subscribe",
                "before",
                "notify",
                "stage"
            ]
        );
        assert!(is_metaparameter("alias"));
        assert!(!is_metaparameter("export"));
        assert!(!is_metaparameter("consume"));
        assert!(!is_metaparameter("Alias"));
    }

    #[test]
    fn namevars() {
        assert_eq!(info("package").namevars, ["name", "provider", "command"]);
        assert_eq!(info("file").namevars, ["path"]);
        assert_eq!(info("tidy").namevars, ["path"]);
        assert_eq!(info("exec").namevars, ["command"]);
        assert_eq!(info("notify").namevars, ["name"]);
        assert_eq!(namevar(info("package")), "name");
        assert_eq!(namevar(info("file")), "path");
        for t in all() {
            // Key attributes are parameters, and the namevar is the first one.
            assert!(
                t.namevars.iter().all(|n| t.parameters.contains(n)),
                "{}",
                t.name
            );
            assert_eq!(t.parameters[0], t.namevars[0], "{}", t.name);
            assert!(
                !t.parameters.iter().any(|p| is_metaparameter(p)),
                "{}",
                t.name
            );
        }
    }

    #[test]
    fn accepted_parameters() {
        let notify = info("notify");
        for p in [
            "message", "withpath", "name", "alias", "tag", "stage", "loglevel",
        ] {
            assert!(accepts(notify, p), "{p}");
        }
        for p in [
            "foo", "path", "provider", "export", "consume", "Message", "NAME",
        ] {
            assert!(!accepts(notify, p), "{p}");
        }
        let file = info("file");
        for p in [
            "path",
            "name",
            "source_permissions",
            "selinux_ignore_defaults",
            "provider",
        ] {
            assert!(accepts(file, p), "{p}");
        }
        assert!(!accepts(file, "Path"));
        assert!(!accepts(file, "message"));
        let exec = info("exec");
        assert!(accepts(exec, "command") && accepts(exec, "name") && accepts(exec, "returns"));
        let package = info("package");
        assert!(accepts(package, "command") && accepts(package, "provider"));
        assert!(accepts(info("user"), "purge_ssh_keys") && accepts(info("user"), "loginclass"));
        assert!(accepts(info("service"), "logonaccount") && accepts(info("service"), "flags"));
        assert!(accepts(info("group"), "ia_load_module"));
        assert!(!accepts(info("whit"), "foo") && !accepts(info("stage"), "foo"));
    }

    #[test]
    fn validate_checks_names_only() {
        let bogus = s("bogus");
        // The reference compiles all of these.
        for (t, title, p) in [
            ("file", "/x", "ensure"),
            ("file", "relative", "mode"),
            ("service", "s", "ensure"),
            ("exec", "x", "timeout"),
            ("notify", "x", "loglevel"),
            ("notify", "x", "noop"),
            ("package", "p", "provider"),
            ("schedule", "s", "period"),
        ] {
            assert_eq!(validate(info(t), title, &[(p, &bogus)]), Ok(()), "{t} {p}");
        }
        let one = Value::Integer(1);
        assert_eq!(
            validate(
                info("notify"),
                "x",
                &[("message", &one), ("foo", &one), ("bar", &one)]
            ),
            Err("no parameter named 'foo' on Notify[x]".to_string())
        );
        assert_eq!(
            validate_at(info("notify"), "y", &[("foo", &one)], None, Some(2)),
            Err("no parameter named 'foo' (line: 2) on Notify[y] (line: 2)".to_string())
        );
        assert_eq!(
            validate_at(info("file"), "/x", &[("Path", &one)], Some("/m.pp"), Some(3)),
            Err(
                "no parameter named 'Path' (file: /m.pp, line: 3) on File[/x] (file: /m.pp, line: 3)"
                    .to_string()
            )
        );
        assert_eq!(
            validate_at(info("component"), "X", &[("message", &one)], None, Some(1)),
            Err("no parameter named 'message' (line: 1) on Class[X] (line: 1)".to_string())
        );
        assert_eq!(validate(info("component"), "X", &[("name", &one)]), Ok(()));
    }

    #[test]
    fn locations() {
        assert_eq!(location(None, None), "");
        assert_eq!(location(Some(""), None), "");
        assert_eq!(location(None, Some(4)), "(line: 4)");
        assert_eq!(location(Some("a.pp"), None), "(file: a.pp)");
        assert_eq!(location(Some("a.pp"), Some(4)), "(file: a.pp, line: 4)");
    }

    #[test]
    fn tags() {
        let ok = [
            s("ok"),
            Value::Integer(1),
            Value::Boolean(true),
            Value::Float(2.5),
            s("a::b"),
            s("é"),
            s("Upper"),
            Value::Undef,
            Value::array(vec![s("a"), Value::array(vec![s("b")])]),
            Value::Default,
            s("abc\n"),
            s("_x"),
            Value::hash([(s("a"), Value::Integer(1))].into_iter().collect()),
        ];
        for v in ok {
            assert_eq!(validate_tags(&v), Ok(()), "{v:?}");
        }
        let bad = [
            (s("bad tag!"), "bad tag!"),
            (s("BAD Tag!"), "bad tag!"),
            (s(""), ""),
            (s("-a"), "-a"),
            (Value::array(vec![s("ok"), s("Not ok")]), "not ok"),
            (s("a\nb"), "a\nb"),
            (
                Value::hash([(s("a"), s("b c"))].into_iter().collect()),
                "b c",
            ),
            (
                Value::array(vec![Value::hash(
                    [(s("a"), Value::Integer(1))].into_iter().collect(),
                )]),
                "{\"a\"=>1}",
            ),
        ];
        for (v, tag) in bad {
            assert_eq!(validate_tags(&v), Err(format!("Invalid tag '{tag}'")));
        }
    }

    #[test]
    fn stage_and_duplicate_messages() {
        assert_eq!(
            stage_message("Notify[x]"),
            "Only classes can set 'stage'; normal resources like Notify[x] cannot change run stage"
        );
        assert_eq!(
            duplicate_message("Notify[x]", (None, Some(1)), (None, Some(1))),
            "Duplicate declaration: Notify[x] is already declared at (line: 1); cannot redeclare (line: 1)"
        );
        assert_eq!(
            duplicate_message("Class[X]", (None, None), (None, Some(1))),
            "Duplicate declaration: Class[X] is already declared; cannot redeclare (line: 1)"
        );
    }

    #[test]
    fn file_titles_as_the_reference_parses_them() {
        // (title, capture of the reference's title pattern), computed by Ruby.
        let cases = [
            ("/", "/"),
            ("//", "/"),
            ("///", "/"),
            ("/tmp/a", "/tmp/a"),
            ("/tmp/a/", "/tmp/a"),
            ("/tmp/a//", "/tmp/a"),
            ("a", "a"),
            ("a/", "a"),
            ("a//", "a"),
            ("C:/", "C:/"),
            ("C:", "C:"),
            ("C://", "C:/"),
            ("C:/x/", "C:/x"),
            ("puppet:///", "puppet:/"),
            ("puppet:///a/", "puppet:///a"),
            ("a:b:/", "a:b:/"),
            ("x:/y/", "x:/y"),
            ("/\n", "/"),
            ("//\n", "/"),
            ("/tmp/a/\n", "/tmp/a/\n"),
            ("/tmp/a\n", "/tmp/a\n"),
            ("a:/\n", "a:/"),
            ("a/\nb/", "a/\nb"),
            ("\n", "\n"),
            ("/\n/", "/\n"),
            (":/", ":"),
            (":/x/", ":/x"),
            ("a:/:/", "a:/:/"),
        ];
        for (title, want) in cases {
            assert_eq!(title_namevar(info("file"), title), want, "{title:?}");
        }
        assert_eq!(title_namevar(info("tidy"), "/tmp/"), "/tmp/");
        assert_eq!(title_namevar(info("notify"), "a/"), "a/");
    }

    #[test]
    fn the_hashed_parameter_names_agree_with_the_lists() {
        let mut names: Vec<&str> = vec!["name", "Name", "", "nam", "names", "export"];
        for t in &TYPES {
            names.extend(t.parameters);
        }
        names.extend(METAPARAMETERS);
        for t in &TYPES {
            assert_eq!(builtin_position(t).map(|i| &TYPES[i].name), Some(&t.name));
            for n in &names {
                assert_eq!(accepts(t, n), accepts_by_search(t, n), "{} {n}", t.name);
            }
        }
        let module_type = TypeInfo {
            name: "mysql_user",
            parameters: &["name", "password_hash"],
            namevars: &["name"],
            title_patterns: &[],
        };
        assert_eq!(builtin_position(&module_type), None);
        assert!(accepts(&module_type, "password_hash") && accepts(&module_type, "require"));
        assert!(!accepts(&module_type, "ensure"));
    }

    #[test]
    fn the_file_title_shortcut_agrees_with_the_scan() {
        // Every title of up to six characters of `/`, `:`, `a`, a newline and `é`.
        let alphabet = ['/', ':', 'a', '\n', 'é'];
        let mut titles = vec![String::new()];
        for _ in 0..6 {
            let longer: Vec<String> = titles
                .iter()
                .filter(|t| t.chars().count() == titles.last().unwrap().chars().count())
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            titles.extend(longer);
        }
        assert!(titles.len() > 19_000);
        for title in &titles {
            assert_eq!(
                file_title_path(title),
                file_title_path_scanned(title),
                "{title:?}"
            );
        }
    }

    #[test]
    fn keys() {
        let t = |ty: &str, title: &str, params: &[(&str, &Value)]| -> Vec<(String, String)> {
            let i = lookup(ty);
            let disp = i.map_or("D", display_type_name);
            let keys = alias_keys(i, disp, title, params);
            // (the parameters the keys depend on give the same keys: the evaluator passes
            // those alone)
            let key_params: Vec<(&str, &Value)> = params
                .iter()
                .copied()
                .filter(|(p, _)| is_key_parameter(i, p))
                .collect();
            assert_eq!(
                alias_keys(i, disp, title, &key_params),
                keys,
                "{ty} {title}"
            );
            keys.into_iter()
                .map(|a| (a.key.to_string(), ruby_inspect(&a.shown)))
                .collect()
        };
        let k = |key: &str, shown: &str| vec![(key.to_string(), shown.to_string())];
        assert_eq!(
            t("file", "/tmp/a/", &[]),
            k(r#"["File", "/tmp/a"]"#, r#"["/tmp/a"]"#)
        );
        assert_eq!(t("file", "/tmp/a", &[]), vec![]);
        assert_eq!(
            t("file", "x", &[("path", &s("/tmp/a"))]),
            k(r#"["File", "/tmp/a"]"#, r#"["/tmp/a"]"#)
        );
        // `name` is not the key of a file.
        assert_eq!(t("file", "x", &[("name", &s("/tmp/a"))]), vec![]);
        assert_eq!(t("exec", "a", &[("command", &s("/bin/x"))]), vec![]);
        assert_eq!(t("tidy", "a", &[("path", &s("/tmp"))]), vec![]);
        assert_eq!(
            t("notify", "a", &[("name", &s("x"))]),
            k(r#"["Notify", "x"]"#, r#"["x"]"#)
        );
        assert_eq!(
            t("notify", "a", &[("name", &Value::array(vec![s("x")]))]),
            k(r#"["Notify", "x"]"#, r#"[["x"]]"#)
        );
        assert_eq!(
            t("notify", "a", &[("name", &Value::Integer(1))]),
            k(r#"["Notify", 1]"#, "[1]")
        );
        assert_eq!(t("notify", "a", &[("name", &Value::Undef)]), vec![]);
        // A false namevar falls back to `name`, then to the title.
        assert_eq!(
            t("notify", "a", &[("name", &Value::Boolean(false))]),
            vec![]
        );
        assert_eq!(
            t(
                "file",
                "a",
                &[("path", &Value::Boolean(false)), ("name", &s("/q"))]
            ),
            k(r#"["File", "/q"]"#, r#"["/q"]"#)
        );
        assert_eq!(
            t("package", "x", &[]),
            k(r#"["Package", nil, "x", nil]"#, r#"[nil, "x", nil]"#)
        );
        assert_eq!(
            t(
                "package",
                "a",
                &[("name", &s("x")), ("provider", &s("apt"))]
            ),
            k(r#"["Package", nil, "x", "apt"]"#, r#"[nil, "x", "apt"]"#)
        );
        // (other parameters, before and after, change nothing)
        let ensure = s("installed");
        assert_eq!(
            t(
                "package",
                "a",
                &[
                    ("ensure", &ensure),
                    ("name", &s("x")),
                    ("tag", &ensure),
                    ("provider", &s("apt"))
                ]
            ),
            k(r#"["Package", nil, "x", "apt"]"#, r#"[nil, "x", "apt"]"#)
        );
        assert_eq!(
            t("file", "/tmp/b/", &[("ensure", &ensure), ("mode", &ensure)]),
            k(r#"["File", "/tmp/b"]"#, r#"["/tmp/b"]"#)
        );
        assert_eq!(
            t(
                "package",
                "b",
                &[("name", &s("x")), ("command", &s("/bin/x"))]
            ),
            k(
                r#"["Package", "/bin/x", "x", nil]"#,
                r#"["/bin/x", "x", nil]"#
            )
        );
        assert_eq!(
            t("notify", "x", &[("alias", &s("y"))]),
            k(r#"["Notify", "y"]"#, r#""y""#)
        );
        assert_eq!(t("notify", "a", &[("alias", &s("a"))]), vec![]);
        let nested = Value::array(vec![Value::array(vec![s("b")]), Value::Undef, s("c")]);
        assert_eq!(
            t("notify", "a", &[("alias", &nested)]),
            [
                k(r#"["Notify", "b"]"#, r#""b""#),
                k(r#"["Notify", "c"]"#, r#""c""#)
            ]
            .concat()
        );
        assert_eq!(
            t("notify", "a", &[("alias", &Value::Integer(1))]),
            k(r#"["Notify", 1]"#, "1")
        );
        assert_eq!(
            t("notify", "a", &[("name", &s("q\"uo\\te\n"))]),
            k(r#"["Notify", "q\"uo\\te\n"]"#, r#"["q\"uo\\te\n"]"#)
        );
        assert_eq!(
            t("notify", "a", &[("name", &s("é#{x}"))]),
            k(r#"["Notify", "é\#{x}"]"#, r#"["é\#{x}"]"#)
        );
        // Explicit alias first, then the uniqueness key.
        assert_eq!(
            t("file", "/tmp/a/", &[("alias", &s("/tmp/a"))]),
            [
                k(r#"["File", "/tmp/a"]"#, r#""/tmp/a""#),
                k(r#"["File", "/tmp/a"]"#, r#"["/tmp/a"]"#)
            ]
            .concat()
        );
        // Defined types: `name`, else the title.
        assert_eq!(
            t("d", "a", &[("name", &s("x"))]),
            k(r#"["D", "x"]"#, r#"["x"]"#)
        );
        assert_eq!(t("d", "a", &[]), vec![]);
    }

    #[test]
    fn reference_keys() {
        let r = |ty: &str, title: &str| {
            let i = lookup(ty).unwrap();
            reference_key(Some(i), display_type_name(i), title).map(|k| k.to_string())
        };
        assert_eq!(
            r("file", "/tmp/a/").as_deref(),
            Some(r#"["File", "/tmp/a"]"#)
        );
        assert_eq!(r("file", "/tmp/a"), None);
        assert_eq!(r("notify", "b"), None);
        assert_eq!(
            r("package", "x").as_deref(),
            Some(r#"["Package", nil, "x", nil]"#)
        );
        assert_eq!(r("exec", "/x"), None);
    }

    /// A key implied by the title (not stored: found by the title it gives back) is the
    /// uniqueness key, and the one a resource of that title without parameters has.
    #[test]
    fn implied_keys() {
        let v = |s: &str| Value::string(s);
        let (x, pip, undef) = (v("x"), v("pip"), Value::Undef);
        let titles = [
            "x", "a b", "é", "a#b", "a\"b", "a\\b", "", "p:1", "nil", "\"x\"",
        ];
        let param_sets: [Vec<(&str, &Value)>; 6] = [
            vec![],
            vec![("ensure", &x)],
            vec![("name", &x)],
            vec![("provider", &pip)],
            vec![("name", &undef), ("provider", &undef)],
            vec![("command", &x)],
        ];
        for ty in ["package", "file", "notify", "exec", "service"] {
            let i = lookup(ty).unwrap();
            let disp = display_type_name(i);
            for title in titles {
                for params in &param_sets {
                    let implied = key_implied_by_title(Some(i), title, params);
                    let key = uniqueness_alias_key(Some(i), disp, title, params);
                    if implied {
                        assert_eq!(ty, "package");
                        let key = key.expect("an implied key is a key");
                        assert_eq!(implied_key_title(&key.key), Some(title), "{title:?}");
                        // (what the catalog compares with the key asked about)
                        let own = uniqueness_alias_key(Some(i), disp, title, &[]).unwrap();
                        assert_eq!(own.key, key.key);
                    }
                }
            }
            // An explicit alias has one part: never taken for an implied key.
            for a in explicit_alias_keys(disp, "t", &[("alias", &x)]) {
                assert_eq!(implied_key_title(&a.key), None);
            }
        }
        let package = lookup("package").unwrap();
        assert!(key_implied_by_title(
            Some(package),
            "x",
            &[("provider", &undef)]
        ));
        assert!(!key_implied_by_title(
            Some(package),
            "x",
            &[("provider", &pip)]
        ));
        assert!(!key_implied_by_title(Some(package), "a#b", &[]));
        assert!(!key_implied_by_title(None, "x", &[]));
    }

    /// A resource declaration of a scenario: type, title, parameters.
    type Decl<'a> = (&'a str, &'a str, Params<'a>);

    /// Adds the resources to a table of keys as the reference's catalog does; the first
    /// error, or the titles added.
    fn declare(decls: &[Decl]) -> Result<(), String> {
        let mut table: HashMap<CatalogKey, usize> = HashMap::new();
        for (n, (ty, title, params)) in decls.iter().enumerate() {
            let i = lookup(ty);
            let disp = i.map_or("D", display_type_name);
            let r = format!("{disp}[{title}]");
            let params: Vec<(&str, &Value)> = params.iter().map(|(p, v)| (*p, v)).collect();
            let here = (None, Some(1));
            if table.contains_key(&title_key(disp, title)) {
                return Err(duplicate_message(&r, here, here));
            }
            table.insert(title_key(disp, title), n);
            for a in alias_keys(i, disp, title, &params) {
                match table.get(&a.key) {
                    Some(&owner) if owner != n => {
                        return Err(cannot_alias_message(&r, &a, here, here));
                    }
                    _ => {
                        table.insert(a.key, n);
                    }
                }
            }
        }
        Ok(())
    }

    #[test]
    fn duplicates_as_the_reference_reports_them() {
        let none = Vec::new;
        let p = |k: &'static str, v: Value| vec![(k, v)];
        let cases: Vec<(Vec<Decl>, Result<(), &str>)> = vec![
            (
                vec![("file", "/tmp/a/", none()), ("file", "/tmp/a", none())],
                Err("Duplicate declaration: File[/tmp/a] is already declared at (line: 1); cannot redeclare (line: 1)"),
            ),
            (
                vec![("file", "/tmp/a", none()), ("file", "/tmp/a/", none())],
                Err(r#"Cannot alias File[/tmp/a/] to ["/tmp/a"] at (line: 1); resource ["File", "/tmp/a"] already declared (line: 1)"#),
            ),
            (
                vec![("file", "/", none()), ("file", "//", none())],
                Err(r#"Cannot alias File[//] to ["/"] at (line: 1); resource ["File", "/"] already declared (line: 1)"#),
            ),
            (
                vec![("file", "x", p("path", s("/tmp/a"))), ("file", "/tmp/a", none())],
                Err("Duplicate declaration: File[/tmp/a] is already declared at (line: 1); cannot redeclare (line: 1)"),
            ),
            (vec![("file", "x", p("path", s("/tmp/a/"))), ("file", "/tmp/a", none())], Ok(())),
            (vec![("file", "x", p("name", s("/tmp/a"))), ("file", "/tmp/a", none())], Ok(())),
            (vec![("file", "C:/", none()), ("file", "C:", none())], Ok(())),
            (
                vec![
                    ("notify", "a", p("name", Value::Boolean(false))),
                    ("notify", "Notify/a", none()),
                ],
                Ok(()),
            ),
            (
                vec![
                    ("file", "a", vec![("path", Value::Boolean(false)), ("name", s("/q"))]),
                    ("file", "/q", none()),
                ],
                Err("Duplicate declaration: File[/q] is already declared at (line: 1); cannot redeclare (line: 1)"),
            ),
            (
                vec![("package", "a", p("name", s("x"))), ("package", "x", none())],
                Err(r#"Cannot alias Package[x] to [nil, "x", nil] at (line: 1); resource ["Package", nil, "x", nil] already declared (line: 1)"#),
            ),
            (
                vec![("package", "x", none()), ("package", "a", p("name", s("x")))],
                Err(r#"Cannot alias Package[a] to [nil, "x", nil] at (line: 1); resource ["Package", nil, "x", nil] already declared (line: 1)"#),
            ),
            (
                vec![
                    ("package", "a", vec![("name", s("x")), ("provider", s("apt"))]),
                    ("package", "x", none()),
                ],
                Ok(()),
            ),
            (
                vec![
                    ("package", "a", vec![("name", s("x")), ("provider", s("apt"))]),
                    ("package", "b", vec![("name", s("x")), ("provider", s("yum"))]),
                ],
                Ok(()),
            ),
            (
                vec![
                    ("package", "a", vec![("name", s("x")), ("provider", s("apt"))]),
                    ("package", "b", vec![("name", s("x")), ("provider", s("apt"))]),
                ],
                Err(r#"Cannot alias Package[b] to [nil, "x", "apt"] at (line: 1); resource ["Package", nil, "x", "apt"] already declared (line: 1)"#),
            ),
            (vec![("exec", "a", p("command", s("/bin/x"))), ("exec", "/bin/x", none())], Ok(())),
            (vec![("exec", "/bin/x", none()), ("exec", "a", p("command", s("/bin/x")))], Ok(())),
            (vec![("tidy", "a", p("path", s("/tmp"))), ("tidy", "/tmp", none())], Ok(())),
            (
                vec![("notify", "a", p("name", s("x"))), ("notify", "x", none())],
                Err("Duplicate declaration: Notify[x] is already declared at (line: 1); cannot redeclare (line: 1)"),
            ),
            (
                vec![("notify", "x", none()), ("notify", "a", p("name", s("x")))],
                Err(r#"Cannot alias Notify[a] to ["x"] at (line: 1); resource ["Notify", "x"] already declared (line: 1)"#),
            ),
            (vec![("notify", "A", none()), ("notify", "a", none())], Ok(())),
            (
                vec![("service", "a", p("name", s("x"))), ("service", "x", none())],
                Err("Duplicate declaration: Service[x] is already declared at (line: 1); cannot redeclare (line: 1)"),
            ),
            (
                vec![("notify", "y", none()), ("notify", "x", p("alias", s("y")))],
                Err(r#"Cannot alias Notify[x] to "y" at (line: 1); resource ["Notify", "y"] already declared (line: 1)"#),
            ),
            (
                vec![("notify", "x", p("alias", s("y"))), ("notify", "z", p("alias", s("y")))],
                Err(r#"Cannot alias Notify[z] to "y" at (line: 1); resource ["Notify", "y"] already declared (line: 1)"#),
            ),
            (vec![("notify", "a", p("name", Value::Integer(1))), ("notify", "1", none())], Ok(())),
            (
                vec![
                    ("notify", "a", p("name", Value::Integer(1))),
                    ("notify", "b", p("name", Value::Integer(1))),
                ],
                Err(r#"Cannot alias Notify[b] to [1] at (line: 1); resource ["Notify", 1] already declared (line: 1)"#),
            ),
            (
                vec![
                    ("notify", "a", p("name", Value::array(vec![s("x")]))),
                    ("notify", "b", p("name", Value::array(vec![s("x")]))),
                ],
                Err(r#"Cannot alias Notify[b] to [["x"]] at (line: 1); resource ["Notify", "x"] already declared (line: 1)"#),
            ),
            (
                vec![
                    ("notify", "a", p("name", Value::Float(1.0))),
                    ("notify", "b", p("name", Value::Integer(1))),
                ],
                Ok(()),
            ),
            (
                vec![
                    ("notify", "a", p("name", Value::Boolean(false))),
                    ("notify", "b", p("name", Value::Boolean(false))),
                ],
                Ok(()),
            ),
            (vec![("notify", "a", p("name", s("x"))), ("notify", "b", p("name", s("X")))], Ok(())),
            (vec![("file", "/tmp/a/", p("alias", s("/tmp/a")))], Ok(())),
            (
                vec![("d", "x", none()), ("d", "a", p("name", s("x")))],
                Err(r#"Cannot alias D[a] to ["x"] at (line: 1); resource ["D", "x"] already declared (line: 1)"#),
            ),
        ];
        for (decls, want) in cases {
            assert_eq!(declare(&decls), want.map_err(str::to_string), "{decls:?}");
        }
    }

    /// Parameters of a test resource.
    type Params<'a> = Vec<(&'a str, Value)>;

    #[test]
    fn json_parameters_as_the_reference_writes_them() {
        let c = |ty: &str, title: &str, params: &[(&str, Value)]| -> Vec<(String, Value)> {
            let params: Vec<(&str, &Value)> = params.iter().map(|(p, v)| (*p, v)).collect();
            catalog_parameters(info(ty), title, &params)
        };
        let show = |v: Vec<(String, Value)>| -> String {
            let items: Vec<String> = v
                .iter()
                .map(|(k, v)| format!("{k}={}", ruby_inspect(v)))
                .collect();
            items.join(" ")
        };
        let cases: Vec<(&str, &str, Params, &str)> = vec![
            ("file", "/x", vec![], ""),
            ("file", "/tmp/a/", vec![], r#"path="/tmp/a""#),
            (
                "file",
                "/x/",
                vec![("mode", s("1"))],
                r#"path="/x" mode="1""#,
            ),
            (
                "file",
                "/x",
                vec![("mode", s("1")), ("path", s("/y"))],
                r#"path="/y" mode="1""#,
            ),
            (
                "file",
                "/x/",
                vec![("mode", s("1")), ("name", s("/z"))],
                r#"path="/z" mode="1""#,
            ),
            (
                "file",
                "a",
                vec![("name", s("b")), ("path", s("c"))],
                r#"path="b""#,
            ),
            (
                "file",
                "a",
                vec![("path", s("c")), ("name", s("b"))],
                r#"path="b""#,
            ),
            (
                "file",
                "/x/",
                vec![("mode", s("1")), ("name", s("/x/"))],
                r#"mode="1""#,
            ),
            (
                "file",
                "/x/",
                vec![("mode", s("1")), ("path", Value::Undef)],
                r#"path="/x" mode="1""#,
            ),
            ("file", "/x/", vec![("path", s("/x/"))], ""),
            ("file", "puppet:///", vec![], r#"path="puppet:/""#),
            (
                "package",
                "x",
                vec![("provider", s("apt")), ("name", s("y"))],
                r#"name="y" provider="apt""#,
            ),
            (
                "package",
                "x",
                vec![("name", s("x")), ("ensure", s("present"))],
                r#"ensure="present""#,
            ),
            (
                "exec",
                "x",
                vec![
                    ("returns", Value::Integer(1)),
                    ("command", s("y")),
                    ("name", s("z")),
                ],
                r#"command="z" returns=1"#,
            ),
            (
                "exec",
                "x",
                vec![("returns", Value::Integer(1)), ("command", s("x"))],
                "returns=1",
            ),
            (
                "tidy",
                "/x/",
                vec![("age", Value::Integer(1)), ("path", s("/y"))],
                r#"path="/y" age=1"#,
            ),
            (
                "notify",
                "x",
                vec![("message", s("m")), ("name", s("n"))],
                r#"name="n" message="m""#,
            ),
            (
                "notify",
                "x",
                vec![("name", s("x")), ("message", s("m"))],
                r#"message="m""#,
            ),
            ("notify", "a", vec![("name", Value::Integer(1))], "name=1"),
        ];
        for (ty, title, params, want) in cases {
            assert_eq!(show(c(ty, title, &params)), want, "{ty} {title} {params:?}");
        }
    }

    #[test]
    fn ruby_forms() {
        assert_eq!(
            crate::format::quote::ruby_inspect("a\u{1}\u{7f}\x1b#x#{#$#@é"),
            "\"a\\u0001\\u007F\\e#x\\#{\\#$\\#@é\""
        );
        assert_eq!(ruby_inspect(&Value::Float(1.0)), "1.0");
        assert_eq!(
            ruby_inspect(&Value::array(vec![
                Value::Undef,
                s("x"),
                Value::Integer(1),
                Value::Boolean(true)
            ])),
            r#"[nil, "x", 1, true]"#
        );
    }
}
