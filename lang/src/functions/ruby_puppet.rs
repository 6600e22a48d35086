//! Puppet's objects and classes as modules' Ruby functions reach them beyond calling
//! functions: `scope.compiler.environment` / `scope.environment`,
//! `Puppet::Parser::Files.find_template` / `find_file`, and `File` for a module's own files
//! (datacat's `template_body` reads the template it found) and the environment's (a Hiera
//! backend function reads its data files), `ENV` (empty),
//! `Puppet.features` (the reference's here). Nothing outside the modules of the modulepath,
//! the environment's directory and the global `hiera.yaml`'s directory is read (a path's tests, `File.exist?`, `file?`, `directory?`, `readable?`, answer for
//! any path, as in the reference: they read nothing).

use crate::erb::ruby::{self, HostObject, RValue};
use crate::erb::HostError;
use crate::eval::Evaluator;
use std::any::Any;
use std::path::{Component, Path};
use std::rc::Rc;

/// A call on a Puppet class or on `File` (see `Host::system_call`); `None` for what this
/// does not answer.
pub(super) fn system_call(
    ev: &mut Evaluator,
    class: &str,
    name: &str,
    args: &[RValue],
) -> Option<Result<RValue, HostError>> {
    let arg = |i: usize| args.get(i).map(ruby::show::to_s).unwrap_or_default();
    Some(Ok(match (class, name, args.len()) {
        ("Puppet::Parser::Scope", "compiler", 0) => RValue::host(Compiler {
            environment: Rc::from(ev.env.name.as_str()),
        }),
        ("Puppet::Parser::Scope", "environment", 0) => environment(&ev.env.name),
        ("Puppet", "features", 0) => RValue::host(Features),
        ("Puppet::Parser::Files", "find_template" | "find_file", 1 | 2) => {
            if !matches!(args[0], RValue::Str(_)) {
                // Puppet's `absolute_path?` warns (asked twice), then `split_file_path`
                // splits whatever it is given: Ruby's error, with the line of Puppet's
                // source that error_highlight shows
                let warning = format!(
                    "Cannot check if {} is an absolute path because it is a '{}' and not a String'",
                    ruby::show::to_s(&args[0]),
                    args[0].class_name()
                );
                for _ in 0..2 {
                    ev.log(crate::LogLevel::Warning, &warning);
                }
                return Some(Err(HostError::Raise(format!(
                    "{}\n\n      path.split(File::SEPARATOR, 2)\n          ^^^^^^",
                    ruby::methods::no_method_message(&args[0], "split")
                ))));
            }
            let sub = if name == "find_template" {
                "templates"
            } else {
                "files"
            };
            find_in_module(ev, &arg(0), sub)
        }
        (
            "File",
            "read" | "readlines" | "exist?" | "exists?" | "file?" | "directory?" | "readable?",
            1,
        ) => return Some(module_file(ev, name, &arg(0))),
        // The environment reads as empty: a function sees no variable of prepl's process
        // (stdlib's 3.x `deprecation` looks for STDLIB_LOG_DEPRECATIONS).
        ("ENV", "[]", 1) => RValue::Nil,
        ("ENV", "key?" | "include?" | "has_key?", 1) => RValue::bool(false),
        ("ENV", "fetch", 2) => args[1].clone(),
        _ => return None,
    }))
}

/// `Puppet::Parser::Files.find_in_module`: an absolute path as it is; `mod/rest` as the
/// module's file under `sub` when it exists; else nil.
fn find_in_module(ev: &Evaluator, reference: &str, sub: &str) -> RValue {
    if reference.starts_with('/') {
        return RValue::str(reference);
    }
    crate::env::modules::module_file(&ev.env, reference, sub)
        .map_or(RValue::Nil, |p| RValue::str(p.display().to_string()))
}

/// `File.read(path)` (and `readlines`) for files of the modules on the modulepath, of the
/// environment's directory and of the global Hiera configuration's only (the path taken by
/// its words, with no `..` after the directory), and the tests of a path.
fn module_file(ev: &Evaluator, name: &str, path: &str) -> Result<RValue, HostError> {
    let p = Path::new(path);
    let global_hiera = ev.hiera_config.as_deref().and_then(Path::parent);
    let inside = ev
        .env
        .modulepath
        .iter()
        .map(|d| d.as_path())
        .chain(ev.env.dir.as_deref())
        .chain(global_hiera)
        .any(|d| {
            p.strip_prefix(d)
                .is_ok_and(|rest| !rest.components().any(|c| matches!(c, Component::ParentDir)))
        });
    let reads = matches!(name, "read" | "readlines");
    if !inside && reads {
        return Err(HostError::Unsupported(format!(
            "File.{name} of a file outside the modules of the modulepath ({path})"
        )));
    }
    let fs = crate::env::fs::exists;
    Ok(match name {
        "read" | "readlines" => {
            let bytes = crate::limits::read_file(p).map_err(|e| match e {
                Ok(io) if io.kind() == std::io::ErrorKind::NotFound => {
                    HostError::Raise(format!("No such file or directory @ rb_sysopen - {path}"))
                }
                Ok(io) => HostError::Raise(format!("{io} @ rb_sysopen - {path}")),
                Err(limit) => HostError::Raise(limit.message.clone()),
            })?;
            let text = String::from_utf8_lossy(&bytes);
            if name == "read" {
                RValue::str(text.as_ref())
            } else {
                RValue::array(
                    text.split_inclusive('\n')
                        .map(RValue::str)
                        .collect::<Vec<_>>(),
                )
            }
        }
        "exist?" | "exists?" | "readable?" => RValue::bool(fs(p)),
        "file?" => RValue::bool(crate::env::fs::is_file(p)),
        _ => RValue::bool(crate::env::fs::is_dir(p)),
    })
}

fn environment(name: &str) -> RValue {
    RValue::host(Environment {
        name: Rc::from(name),
    })
}

/// `scope.compiler`: only its environment.
#[derive(Debug)]
struct Compiler {
    environment: Rc<str>,
}

impl HostObject for Compiler {
    fn class_name(&self) -> String {
        "Puppet::Parser::Compiler".to_string()
    }
    fn to_s(&self) -> String {
        "#<Puppet::Parser::Compiler>".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other.as_any().is::<Compiler>()
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match (name, args) {
            ("environment", []) => Some(Ok(environment(&self.environment))),
            ("loaders", []) => Some(Ok(RValue::host(Loaders))),
            _ => None,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// `scope.compiler.loaders`: only the environment's loaders (stdlib's `has_function`).
#[derive(Debug)]
struct Loaders;

impl HostObject for Loaders {
    fn class_name(&self) -> String {
        "Puppet::Pops::Loaders".to_string()
    }
    fn to_s(&self) -> String {
        "#<Puppet::Pops::Loaders>".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other.as_any().is::<Loaders>()
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match (name, args) {
            ("private_environment_loader" | "public_environment_loader", []) => {
                Some(Ok(RValue::host(Loader)))
            }
            _ => None,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The environment's loader: `load(:function, name)`, which the function's host answers
/// (it sees the functions: `Host::owns_object`).
#[derive(Debug)]
pub(crate) struct Loader;

impl HostObject for Loader {
    fn class_name(&self) -> String {
        "Puppet::Pops::Loader::DependencyLoader".to_string()
    }
    fn to_s(&self) -> String {
        "(DependencyLoader 'environment private')".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other.as_any().is::<Loader>()
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A function a loader found (`loader.load(:function, name)`): only whether there is one.
#[derive(Debug)]
pub(crate) struct LoadedFunction(pub(crate) Rc<str>);

impl HostObject for LoadedFunction {
    fn class_name(&self) -> String {
        "Puppet::Pops::Functions::Function".to_string()
    }
    fn to_s(&self) -> String {
        format!("#<Puppet::Pops::Functions::Function {}>", self.0)
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<LoadedFunction>()
            .is_some_and(|o| o.0 == self.0)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// `scope.environment`: its name (a symbol, as the reference's).
#[derive(Debug)]
struct Environment {
    name: Rc<str>,
}

impl HostObject for Environment {
    fn class_name(&self) -> String {
        "Puppet::Node::Environment".to_string()
    }
    fn to_s(&self) -> String {
        self.name.to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<Environment>()
            .is_some_and(|e| e.name == self.name)
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match (name, args) {
            ("name", []) => Some(Ok(RValue::sym(&*self.name))),
            _ => None,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// `Puppet.features`: `name?` answers whether the reference compiling on this machine has
/// the feature (Debian's puppet-agent 7 with the Ruby libraries installed here, asked with
/// the oracle); `root?` whether prepl runs as root (the real uid, as `Process.uid`).
/// A name the reference does not define is false, as its `method_missing` answers after
/// finding no `puppet/feature/NAME.rb` (a module's own feature files are not loaded).
#[derive(Debug)]
struct Features;

/// The reference's features that hold here (the others it defines do not: `bolt`,
/// `cfpropertylist`, `diff`, `eventlog`, `hiera_eyaml`, `ldap`, `libuser`,
/// `microsoft_windows`, `minitar`, `msgpack`, `pe_license`, `puppetserver_ca`, `sqlite`,
/// `ssh`, `usage`).
const FEATURES_HERE: &[&str] = &[
    "hiera",
    "hocon",
    "libshadow",
    "manages_symlinks",
    "openssl",
    "posix",
    "selinux",
    "syslog",
    "telnet",
    "zlib",
];

/// Whether the process's real user is root (`/proc/self/status`' first `Uid:` field).
fn running_as_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().next())
            == Some("0")
    })
}

impl HostObject for Features {
    fn class_name(&self) -> String {
        "Puppet::Util::Feature".to_string()
    }
    fn to_s(&self) -> String {
        "#<Puppet::Util::Feature>".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other.as_any().is::<Features>()
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        let feature = name.strip_suffix('?').filter(|_| args.is_empty())?;
        Some(Ok(RValue::bool(match feature {
            "root" => running_as_root(),
            f => FEATURES_HERE.contains(&f),
        })))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;
    use crate::Session;
    use std::path::Path;

    /// Nothing outside the modules of the modulepath is read: an absolute path that
    /// `find_template` gives back as it is, or a module path climbing out with `..`.
    #[test]
    fn files_outside_the_modules_are_not_read() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/rubyfn/modules");
        let mut s = Session::new();
        s.set_environment(Environment {
            modulepath: vec![dir.clone()],
            ..Environment::empty()
        });
        let ok = s.eval("rfn_template_text('rfn/body.erb')").unwrap();
        assert_eq!(
            crate::format::to_programmatic(&ok),
            "\"port <%= @port %>\\n\""
        );
        let e = s.eval("rfn_template_text('/etc/passwd')").unwrap_err();
        assert!(
            e.message.contains(
                "File.read of a file outside the modules of the modulepath (/etc/passwd)"
            ),
            "{}",
            e.message
        );
        let climbing = format!(
            "rfn_template_text('{}/rfn/../../../../etc/passwd')",
            dir.display()
        );
        let e = s.eval(&climbing).unwrap_err();
        assert!(e.message.contains("outside the modules"), "{}", e.message);
        // a path's tests read nothing: they answer for any path
        let mut kinds = |p: &str| {
            let v = s.eval(&format!("rfn::path_kind('{p}')")).unwrap();
            crate::format::to_programmatic(&v)
        };
        assert_eq!(
            kinds("/nonexistent-prepl-x"),
            "[false, false, false, false]"
        );
        assert_eq!(kinds("/"), "[true, false, true, true]");
        assert_eq!(kinds(""), "[false, false, false, false]");
    }

    /// `Puppet.features.root?` answers whether prepl runs as root, as the reference's
    /// `Process.uid == 0` (the corpus, made as root, leaves it out).
    #[test]
    fn feature_root_is_the_real_user() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/rubyfn/modules");
        let mut s = Session::new();
        s.set_environment(Environment {
            modulepath: vec![dir],
            ..Environment::empty()
        });
        let uid = std::process::Command::new("id")
            .arg("-ru")
            .output()
            .unwrap();
        let root = String::from_utf8_lossy(&uid.stdout).trim() == "0";
        let v = s.eval("rfn::features('root', 'Root')").unwrap();
        assert_eq!(
            crate::format::to_programmatic(&v),
            format!(
                "{{'root' => {root}, 'Root' => false, 'class' => 'Puppet::Util::Feature', \
                 'posix' => true, 'windows' => false}}"
            )
        );
    }
}
