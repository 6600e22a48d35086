//! The libraries a module's Ruby code can `require` in the reference beyond the modules'
//! own files: the first path segment of every file and directory on the load path of the
//! reference's Ruby (Ruby 3.1's standard library and default gems, Puppet, Facter and the
//! gems Debian installs with them: `hocon`, `semantic_puppet`, `deep_merge`, ...).
//! Another library (`pry`, `redis`, `win32/resolv`) is not installed there: requiring
//! it raises `LoadError` (`cannot load such file -- pry`), as it does in the reference.
//! Written by:
//!
//! ```text
//! ruby -e 'require "puppet"; names = {}; ($LOAD_PATH + Gem::Specification.flat_map { |s|
//!   s.full_require_paths }).uniq.each { |d| next unless File.directory?(d); Dir.children(d)
//!   .each { |c| n = c.sub(/\.(rb|so)\z/, ""); names[n] = 1 if File.directory?(File.join(d,
//!   c)) || c =~ /\.(rb|so)\z/ } }; puts names.keys.sort'
//! ```

/// Sorted (byte order), for a binary search.
const LIBRARIES: &[&str] = &[
    "3.1.0",
    "English",
    "_augeas",
    "abbrev",
    "augeas",
    "base64",
    "benchmark",
    "bigdecimal",
    "bundler",
    "cgi",
    "concurrent",
    "concurrent-edge",
    "concurrent-ruby",
    "continuation",
    "coverage",
    "csv",
    "date",
    "date_core",
    "db",
    "debug",
    "deep_merge",
    "delegate",
    "did_you_mean",
    "diffy",
    "digest",
    "docs",
    "drb",
    "enc",
    "erb",
    "error_highlight",
    "etc",
    "expect",
    "facter",
    "facterdb",
    "fcntl",
    "ffi",
    "ffi_c",
    "fiddle",
    "fileutils",
    "find",
    "forwardable",
    "getoptlong",
    "hashdiff",
    "hiera",
    "hiera_puppet",
    "hocon",
    "hoe",
    "httparty",
    "io",
    "ipaddr",
    "irb",
    "jgrep",
    "json",
    "kconv",
    "logger",
    "matrix",
    "mini_mime",
    "minitest",
    "mkmf",
    "monitor",
    "multi_xml",
    "mutex_m",
    "net",
    "net-telnet",
    "nkf",
    "objspace",
    "observer",
    "octocatalog-diff",
    "open-uri",
    "open3",
    "openssl",
    "optionparser",
    "optparse",
    "ostruct",
    "parallel",
    "parser",
    "pathname",
    "power_assert",
    "pp",
    "prettyprint",
    "prime",
    "progressbar",
    "pstore",
    "psych",
    "pty",
    "puppet",
    "puppet_pal",
    "puppet_x",
    "racc",
    "rake",
    "random",
    "rbconfig",
    "rbs",
    "rbs_extension",
    "rbtree",
    "rdoc",
    "readline",
    "reline",
    "resolv",
    "resolv-replace",
    "rexml",
    "rinda",
    "ripper",
    "rss",
    "ruby-progressbar",
    "rubygems",
    "rugged",
    "schema",
    "sdbm",
    "securerandom",
    "selinux",
    "semantic_puppet",
    "set",
    "shadow",
    "shellwords",
    "singleton",
    "socket",
    "sorted_set",
    "stringio",
    "strscan",
    "sys",
    "sys-filesystem",
    "syslog",
    "tempfile",
    "test",
    "test-unit",
    "thor",
    "time",
    "timeout",
    "tmpdir",
    "tsort",
    "typeprof",
    "un",
    "unicode_normalize",
    "uri",
    "weakref",
    "webrick",
    "xmlrpc",
    "yaml",
    "zlib",
];

/// Whether `require 'path'` of a file no module has finds a library in the reference.
pub fn known(path: &str) -> bool {
    let first = path.split('/').next().unwrap_or(path);
    let first = first.strip_suffix(".rb").unwrap_or(first);
    LIBRARIES.binary_search(&first).is_ok()
}

/// The Ruby files of the reference's Puppet (7.23) and its Facter's `facter.rb`, one a line,
/// sorted by bytes. Written by: `cd /usr/lib/ruby/vendor_ruby && { ls puppet.rb facter.rb;
/// find puppet -name '*.rb'; } | LC_ALL=C sort`.
const PUPPET_FILES: &str = include_str!("ruby_libraries/puppet_files.txt");

/// Whether `rel` (`puppet/type.rb`, `puppet/util/package.rb`) is a file of the reference's
/// Puppet: Puppet appends the modules' `lib` directories to Ruby's `$LOAD_PATH`, so its
/// own file is what `require` loads (or finds loaded), whatever a module has; no module
/// needs to be looked into for it (custom facts `require 'puppet/type/service'`: each
/// module whose `lib` has `puppet` was probed, a failed `statx` each, at every set-up).
pub fn puppet_file(rel: &str) -> bool {
    sorted_lines_contain(PUPPET_FILES, rel)
}

/// Whether `text`, lines sorted by bytes each ending in a newline, has the line `line`: a
/// binary search over the text itself (a list of its lines was 0.25 M instructions to
/// build, once a process, for the few look-ups of a set-up).
fn sorted_lines_contain(text: &str, line: &str) -> bool {
    let bytes = text.as_bytes();
    // (the lines starting in `lo..hi` are the ones left to look at)
    let (mut lo, mut hi) = (0, bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        // the line `mid` is in (it starts at `lo` or after: `lo` starts a line)
        let start = bytes[..mid]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |nl| nl + 1);
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |n| start + n);
        match bytes[start..end].cmp(line.as_bytes()) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    #[test]
    fn libraries() {
        assert!(super::LIBRARIES.windows(2).all(|w| w[0] < w[1]));
        for lib in [
            "json",
            "digest/sha1",
            "puppet/util",
            "hocon/config_factory",
            "net/http",
            "uri.rb",
        ] {
            assert!(super::known(lib), "{lib}");
        }
        for lib in ["pry", "redis", "win32/resolv"] {
            assert!(!super::known(lib), "{lib}");
        }
    }

    #[test]
    fn puppet_files() {
        let files: Vec<&str> = super::PUPPET_FILES.lines().collect();
        assert!(files.len() > 1000);
        assert!(files.windows(2).all(|w| w[0] < w[1]));
        for f in [
            "puppet.rb",
            "facter.rb",
            "puppet/type.rb",
            "puppet/type/service.rb",
        ] {
            assert!(super::puppet_file(f), "{f}");
        }
        for f in [
            "puppet/type",
            "puppet_x/x.rb",
            "facter/util/puppet_settings.rb",
            "puppet",
        ] {
            assert!(!super::puppet_file(f), "{f}");
        }
        // Every line found, and nothing between or around them.
        for f in &files {
            assert!(super::puppet_file(f), "{f}");
            assert!(!super::puppet_file(&format!("{f}x")), "{f}x");
            assert!(!super::puppet_file(&f[..f.len() - 1]), "{f} cut");
        }
        for text in ["", "a\n", "a\nc\n", "a\nc"] {
            let lines: Vec<&str> = text.lines().collect();
            for probe in ["", "a", "b", "c", "d", "a\nc"] {
                assert_eq!(
                    super::sorted_lines_contain(text, probe),
                    lines.contains(&probe),
                    "{probe:?} in {text:?}"
                );
            }
        }
    }
}
