//! The default facts: a small, real fact set for this machine, gathered natively from
//! `/etc/os-release`, `/proc` and `/sys` (no Facter, no network code), with the names and
//! shapes Facter 4 reports (structured facts plus the legacy top-level ones such as
//! `osfamily`, `ipaddress`, `processorcount`, `memorysize`).
//!
//! `local()` reads the machine; `gather(&Sources)` builds the facts from the texts of those
//! files, so the shapes are tested on fixed inputs.

use crate::Value;
use serde_json::{json, Map, Value as Json};
use std::collections::BTreeSet;

/// The facts of this machine (gathered once per call; cheap: a few small files).
pub fn local() -> Value {
    let mut facts = crate::catalog::json::from_data(&gather(&Sources::read()));
    for dir in EXTERNAL_FACT_DIRS {
        add_external_facts(&mut facts, std::path::Path::new(dir));
    }
    facts
}

/// Where Facter reads external facts on Linux (as root), in its order: a later directory's
/// fact replaces an earlier one's.
const EXTERNAL_FACT_DIRS: [&str; 3] = [
    "/opt/puppetlabs/facter/facts.d",
    "/etc/facter/facts.d",
    "/etc/puppetlabs/facter/facts.d",
];

/// Adds the external facts of a `facts.d` directory, as Facter does for `puppet apply`
/// (Debian's openstacklib installs `os_service_default` there): `.txt` files of
/// `key=value` lines, `.json` objects and `.yaml` mappings, files in name order. Executable
/// fact scripts are left out here: a session runs them when running commands is enabled
/// (`custom_facts::add_module_facts`), else notes them.
pub fn add_external_facts(facts: &mut Value, dir: &std::path::Path) {
    let found = external_facts_of(dir);
    if let Value::Hash(h) = facts {
        if !found.is_empty() {
            let h = std::rc::Rc::make_mut(h);
            for (k, v) in found {
                h.insert(Value::string(k), v);
            }
        }
    }
}

/// The names of the external facts of this machine's `facts.d` directories (those a
/// module's `facts.d` does not replace: Facter reads these directories first).
pub fn system_external_fact_names() -> Vec<String> {
    EXTERNAL_FACT_DIRS
        .iter()
        .flat_map(|dir| external_facts_of(std::path::Path::new(dir)))
        .map(|(k, _)| k)
        .collect()
}

/// The files of this machine's `facts.d` directories that are no data files (Facter runs
/// those that are executable), each directory's in name order.
pub fn system_fact_scripts() -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for dir in EXTERNAL_FACT_DIRS {
        // (the evaluation's listing: sorted, kept while the directory stays the same)
        let files = crate::env::fs::list(std::path::Path::new(dir));
        out.extend(
            files
                .iter()
                .filter(|p| ExternalFormat::of(p).is_none() && crate::env::fs::is_file(p))
                .cloned(),
        );
    }
    out
}

/// The facts of a `facts.d` directory's data files, in name order (names in lower case).
fn external_facts_of(dir: &std::path::Path) -> Vec<(String, Value)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<std::path::PathBuf> =
        entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    let mut found = Vec::new();
    for path in files {
        // (a fact script is not read: prepl runs no commands)
        let Some(format) = ExternalFormat::of(&path) else {
            continue;
        };
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if !meta.is_file() || meta.len() > 1 << 20 {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        found.extend(format.facts(&text));
    }
    found
}

/// The format of an external fact data file, by its extension (any case): `None` for
/// another file (not data: Facter runs it if it is executable).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ExternalFormat {
    /// `key=value` lines.
    Txt,
    /// An object.
    Json,
    /// A mapping.
    Yaml,
}

impl ExternalFormat {
    pub(crate) fn of(path: &std::path::Path) -> Option<ExternalFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "txt" => Some(ExternalFormat::Txt),
            "json" => Some(ExternalFormat::Json),
            "yaml" | "yml" => Some(ExternalFormat::Yaml),
            _ => None,
        }
    }

    /// The facts of a file's text, their names in lower case (as Facter names them); a
    /// text that does not parse adds nothing.
    pub(crate) fn facts(self, text: &str) -> Vec<(String, Value)> {
        let found: Vec<(String, Value)> = match self {
            ExternalFormat::Txt => text.split_inclusive('\n').filter_map(key_value).collect(),
            ExternalFormat::Json => match serde_json::from_str::<Json>(text) {
                Ok(Json::Object(o)) => o
                    .iter()
                    .map(|(k, v)| (k.clone(), crate::catalog::json::from_data(v)))
                    .collect(),
                _ => Vec::new(),
            },
            ExternalFormat::Yaml => match super::hiera::yaml::parse(text) {
                Ok(Value::Hash(h)) => h
                    .iter()
                    .filter_map(|(k, v)| Some((k.as_str()?.to_string(), v.clone())))
                    .collect(),
                _ => Vec::new(),
            },
        };
        found
            .into_iter()
            .map(|(k, v)| (k.to_ascii_lowercase(), v))
            .collect()
    }
}

/// A fact of a `.txt` line as Facter reads it (`KeyValuePairOutputFormat`: the line
/// without its line break matched by `^(.+?)=(.+)$`): the name up to the first `=` after
/// its first character, the value all the rest, neither empty nor trimmed.
pub(crate) fn key_value(line: &str) -> Option<(String, Value)> {
    let line = line
        .strip_suffix("\r\n")
        .or_else(|| line.strip_suffix('\n'))
        .or_else(|| line.strip_suffix('\r'))
        .unwrap_or(line);
    let first = line.chars().next()?.len_utf8();
    let at = first + line[first..].find('=')?;
    let value = &line[at + 1..];
    (!value.is_empty()).then(|| (line[..at].to_string(), Value::string(value)))
}

/// The texts the facts are computed from (empty when a file cannot be read).
#[derive(Debug, Clone, Default)]
pub struct Sources {
    pub os_release: String,
    pub debian_version: String,
    pub hostname: String,
    /// The domain (from `/etc/resolv.conf`) when the host name has none.
    pub domain: String,
    pub kernel_release: String,
    pub kernel_version: String,
    /// `std::env::consts::ARCH`.
    pub arch: String,
    pub meminfo: String,
    pub cpuinfo: String,
    pub uptime: String,
    /// `/proc/net/route`, `/proc/net/fib_trie`, `/proc/net/if_inet6`.
    pub route: String,
    pub fib_trie: String,
    pub if_inet6: String,
    /// Interface name → (MAC address, MTU), from `/sys/class/net`.
    pub interfaces: Vec<(String, String, Option<i64>)>,
    /// `/proc/self/status` (Uid, Gid), `/etc/passwd`, `/etc/group`.
    pub status: String,
    pub passwd: String,
    pub group: String,
    pub path: String,
    pub timezone: String,
    /// `Some(name)` when running virtualized (`docker`, `kvm`, ...).
    pub virtual_kind: Option<String>,
    pub selinux_enforce: Option<String>,
    /// `/proc/loadavg`, `/proc/filesystems`, `/proc/sys/crypto/fips_enabled`.
    pub loadavg: String,
    pub filesystems: String,
    pub fips_enabled: String,
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

impl Sources {
    /// Reads this machine.
    pub fn read() -> Sources {
        let fqdn = super::node::machine_fqdn();
        let (hostname, domain) = match fqdn.split_once('.') {
            Some((h, d)) => (h.to_string(), d.to_string()),
            None => (fqdn.to_string(), String::new()),
        };
        let mut interfaces = Vec::new();
        if let Ok(dir) = std::fs::read_dir("/sys/class/net") {
            for entry in dir.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let base = entry.path();
                let mac = std::fs::read_to_string(base.join("address"))
                    .unwrap_or_default()
                    .trim()
                    .to_string();
                let mtu = std::fs::read_to_string(base.join("mtu"))
                    .ok()
                    .and_then(|m| m.trim().parse().ok());
                interfaces.push((name, mac, mtu));
            }
        }
        interfaces.sort();
        let timezone = local_time_zone()
            .to_offset_info(jiff::Timestamp::now())
            .abbreviation()
            .to_string();
        Sources {
            os_release: read("/etc/os-release"),
            debian_version: read("/etc/debian_version"),
            hostname,
            domain,
            kernel_release: read("/proc/sys/kernel/osrelease").trim().to_string(),
            kernel_version: read("/proc/sys/kernel/version").trim().to_string(),
            arch: std::env::consts::ARCH.to_string(),
            meminfo: read("/proc/meminfo"),
            cpuinfo: read("/proc/cpuinfo"),
            uptime: read("/proc/uptime"),
            route: read("/proc/net/route"),
            fib_trie: read("/proc/net/fib_trie"),
            if_inet6: read("/proc/net/if_inet6"),
            interfaces,
            status: read("/proc/self/status"),
            passwd: read("/etc/passwd"),
            group: read("/etc/group"),
            path: std::env::var("PATH").unwrap_or_default(),
            timezone,
            virtual_kind: detect_virtual(),
            selinux_enforce: std::fs::read_to_string("/sys/fs/selinux/enforce").ok(),
            loadavg: read("/proc/loadavg"),
            filesystems: read("/proc/filesystems"),
            fips_enabled: read("/proc/sys/crypto/fips_enabled"),
        }
    }
}

/// What Facter's `virtual` fact would say, roughly: containers first, then hypervisors.
fn detect_virtual() -> Option<String> {
    if std::path::Path::new("/.dockerenv").exists() {
        return Some("docker".into());
    }
    let container = read("/run/systemd/container");
    let container = container.trim();
    if !container.is_empty() {
        return Some(if container == "lxc" { "lxc" } else { container }.to_string());
    }
    let cgroup = read("/proc/1/cgroup");
    if cgroup.contains("/docker") {
        return Some("docker".into());
    }
    if cgroup.contains("/lxc") {
        return Some("lxc".into());
    }
    let product = read("/sys/class/dmi/id/product_name") + &read("/sys/class/dmi/id/sys_vendor");
    let table = [
        ("VirtualBox", "virtualbox"),
        ("VMware", "vmware"),
        ("KVM", "kvm"),
        ("QEMU", "kvm"),
        ("Xen", "xenhvm"),
        ("Microsoft", "hyperv"),
        ("Google", "gce"),
        ("Amazon EC2", "kvm"),
    ];
    if let Some((_, v)) = table.iter().find(|(k, _)| product.contains(k)) {
        return Some(v.to_string());
    }
    let cpuinfo = read("/proc/cpuinfo");
    if cpuinfo
        .lines()
        .any(|l| l.starts_with("flags") && l.split_whitespace().any(|f| f == "hypervisor"))
    {
        return Some("kvm".into());
    }
    None
}

/// `key=value` lines of `/etc/os-release`, quotes removed.
fn os_release_field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"').trim_matches('\''))
    })
}

/// Facter's `os.name` for an os-release `ID`.
fn os_name(id: &str, name: &str) -> String {
    let known = [
        ("debian", "Debian"),
        ("ubuntu", "Ubuntu"),
        ("linuxmint", "LinuxMint"),
        ("raspbian", "Raspbian"),
        ("devuan", "Devuan"),
        ("rhel", "RedHat"),
        ("centos", "CentOS"),
        ("rocky", "Rocky"),
        ("almalinux", "AlmaLinux"),
        ("fedora", "Fedora"),
        ("ol", "OracleLinux"),
        ("amzn", "Amazon"),
        ("scientific", "Scientific"),
        ("sles", "SLES"),
        ("sled", "SLED"),
        ("opensuse", "OpenSuSE"),
        ("opensuse-leap", "OpenSuSE"),
        ("opensuse-tumbleweed", "OpenSuSE"),
        ("arch", "Archlinux"),
        ("manjaro", "ManjaroLinux"),
        ("gentoo", "Gentoo"),
        ("alpine", "Alpine"),
        ("photon", "PhotonOS"),
    ];
    match known.iter().find(|(k, _)| *k == id) {
        Some((_, n)) => n.to_string(),
        None if !name.is_empty() => name.split_whitespace().next().unwrap_or(name).to_string(),
        None => "Linux".into(),
    }
}

/// Facter's `os.family` for an `os.name`.
fn os_family(name: &str) -> &'static str {
    match name {
        "Debian" | "Ubuntu" | "LinuxMint" | "Raspbian" | "Devuan" => "Debian",
        "RedHat" | "CentOS" | "Rocky" | "AlmaLinux" | "Fedora" | "OracleLinux" | "Amazon"
        | "Scientific" | "PhotonOS" => "RedHat",
        "SLES" | "SLED" | "OpenSuSE" => "Suse",
        "Archlinux" | "ManjaroLinux" => "Archlinux",
        "Gentoo" => "Gentoo",
        "Alpine" => "Alpine",
        _ => "Linux",
    }
}

/// `{full, major, minor?}` of a release string (`12.11`, `22.04` on Ubuntu stays whole).
fn release(full: &str, ubuntu: bool) -> Json {
    let mut m = Map::new();
    m.insert("full".into(), json!(full));
    if ubuntu {
        m.insert("major".into(), json!(full));
        return Json::Object(m);
    }
    let mut parts = full.split('.');
    m.insert("major".into(), json!(parts.next().unwrap_or(full)));
    if let Some(minor) = parts.next() {
        m.insert("minor".into(), json!(minor));
    }
    Json::Object(m)
}

/// Facter's human-readable size: `1.94 GiB`, `276.12 MiB`, `512 bytes`.
pub fn human_bytes(bytes: u64) -> String {
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut exp = ((bytes as f64).log2() / 10.0).floor() as i32;
    let mut n = ((bytes as f64) / 1024f64.powi(exp) * 100.0).round() / 100.0;
    if n >= 1024.0 {
        exp += 1;
        n /= 1024.0;
    }
    let unit = units[(exp - 1).clamp(0, 5) as usize];
    let mut s = format!("{n}");
    match s.split_once('.') {
        None => s.push_str(".00"),
        Some((_, frac)) if frac.len() == 1 => s.push('0'),
        _ => {}
    }
    format!("{s} {unit}")
}

/// `/proc/meminfo` fields in bytes.
fn meminfo(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|l| {
        let rest = l.strip_prefix(key)?.strip_prefix(':')?;
        let kb: u64 = rest.split_whitespace().next()?.parse().ok()?;
        Some(kb * 1024)
    })
}

fn memory_block(total: u64, available: u64) -> Json {
    let used = total.saturating_sub(available);
    let capacity = if total == 0 {
        0.0
    } else {
        used as f64 * 100.0 / total as f64
    };
    json!({
        "available": human_bytes(available),
        "available_bytes": available,
        "capacity": format!("{capacity:.2}%"),
        "total": human_bytes(total),
        "total_bytes": total,
        "used": human_bytes(used),
        "used_bytes": used,
    })
}

fn mb(bytes: u64) -> Json {
    json!(bytes as f64 / 1048576.0)
}

/// Dotted IPv4 of a `/proc/net/route` hex field (little-endian).
fn route_ip(hex: &str) -> Option<[u8; 4]> {
    let n = u32::from_str_radix(hex, 16).ok()?;
    Some(n.to_le_bytes())
}

fn dotted(ip: [u8; 4]) -> String {
    format!("{}.{}.{}.{}", ip[0], ip[1], ip[2], ip[3])
}

fn parse_ipv4(s: &str) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut parts = s.split('.');
    for b in out.iter_mut() {
        *b = parts.next()?.parse().ok()?;
    }
    parts.next().is_none().then_some(out)
}

fn mask_and(ip: [u8; 4], mask: [u8; 4]) -> [u8; 4] {
    [
        ip[0] & mask[0],
        ip[1] & mask[1],
        ip[2] & mask[2],
        ip[3] & mask[3],
    ]
}

/// An IPv6 address from 32 hex digits, compressed as Ruby's IPAddr prints it.
fn ipv6(hex: &str) -> Option<[u16; 8]> {
    if hex.len() != 32 {
        return None;
    }
    let mut g = [0u16; 8];
    for (i, v) in g.iter_mut().enumerate() {
        *v = u16::from_str_radix(&hex[i * 4..i * 4 + 4], 16).ok()?;
    }
    Some(g)
}

fn ipv6_text(g: [u16; 8]) -> String {
    std::net::Ipv6Addr::new(g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7]).to_string()
}

fn ipv6_mask(prefix: u32) -> [u16; 8] {
    let bits: u128 = if prefix == 0 {
        0
    } else {
        u128::MAX << (128 - prefix.min(128))
    };
    let mut g = [0u16; 8];
    for (i, v) in g.iter_mut().enumerate() {
        *v = (bits >> (112 - 16 * i)) as u16;
    }
    g
}

/// One interface's addresses: IPv4 (address, netmask) and IPv6 (address, prefix, scope).
#[derive(Default)]
struct Iface {
    v4: Vec<([u8; 4], [u8; 4])>,
    v6: Vec<([u16; 8], u32, &'static str, Vec<&'static str>)>,
    mac: String,
    mtu: Option<i64>,
}

/// The local IPv4 addresses of `/proc/net/fib_trie` (`/32 host LOCAL` entries).
fn local_ipv4(fib_trie: &str) -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    let mut last = None;
    for line in fib_trie.lines() {
        let t = line.trim();
        if let Some(addr) = t.strip_prefix("|-- ") {
            last = parse_ipv4(addr.trim());
        } else if t.starts_with("/32 host LOCAL") {
            if let Some(ip) = last {
                if !out.contains(&ip) {
                    out.push(ip);
                }
            }
        }
    }
    out
}

fn interfaces(src: &Sources) -> (Vec<(String, Iface)>, Option<String>) {
    let mut list: Vec<(String, Iface)> = src
        .interfaces
        .iter()
        .map(|(name, mac, mtu)| {
            (
                name.clone(),
                Iface {
                    mac: mac.clone(),
                    mtu: *mtu,
                    ..Iface::default()
                },
            )
        })
        .collect();
    let mut routes = Vec::new();
    let mut primary = None;
    for line in src.route.lines().skip(1) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 8 {
            continue;
        }
        let (Some(dest), Some(mask)) = (route_ip(f[1]), route_ip(f[7])) else {
            continue;
        };
        if dest == [0; 4] && mask == [0; 4] {
            primary.get_or_insert_with(|| f[0].to_string());
        } else {
            routes.push((f[0].to_string(), dest, mask));
        }
    }
    let entry = |list: &mut Vec<(String, Iface)>, name: &str| -> usize {
        match list.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                list.push((name.to_string(), Iface::default()));
                list.len() - 1
            }
        }
    };
    for ip in local_ipv4(&src.fib_trie) {
        let (name, mask) = if ip[0] == 127 {
            ("lo".to_string(), [255, 0, 0, 0])
        } else {
            match routes
                .iter()
                .filter(|(_, dest, mask)| mask_and(ip, *mask) == *dest)
                .max_by_key(|(_, _, mask)| u32::from_be_bytes(*mask).count_ones())
            {
                Some((name, _, mask)) => (name.clone(), *mask),
                None => continue,
            }
        };
        let i = entry(&mut list, &name);
        list[i].1.v4.push((ip, mask));
    }
    for line in src.if_inet6.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 6 {
            continue;
        }
        let Some(addr) = ipv6(f[0]) else { continue };
        let prefix = u32::from_str_radix(f[2], 16).unwrap_or(128);
        let scope = match u32::from_str_radix(f[3], 16).unwrap_or(0) {
            0x10 => "host",
            0x20 => "link",
            0x40 => "site",
            0x80 => "compat",
            _ => "global",
        };
        let bits = u32::from_str_radix(f[4], 16).unwrap_or(0);
        let flags = [
            (0x01, "temporary"),
            (0x02, "noad"),
            (0x04, "optimistic"),
            (0x08, "dadfailed"),
            (0x10, "homeaddress"),
            (0x20, "deprecated"),
            (0x40, "tentative"),
            (0x80, "permanent"),
        ]
        .iter()
        .filter(|(b, _)| bits & b != 0)
        .map(|(_, n)| *n)
        .collect();
        let i = entry(&mut list, f[5]);
        list[i].1.v6.push((addr, prefix, scope, flags));
    }
    // Global addresses first, as Facter lists them.
    let rank = |s: &str| match s {
        "global" => 0,
        "site" => 1,
        "compat" => 2,
        "link" => 3,
        _ => 4,
    };
    for (_, iface) in list.iter_mut() {
        iface.v6.sort_by_key(|b| rank(b.2));
    }
    list.sort_by(|a, b| a.0.cmp(&b.0));
    (list, primary)
}

/// The facts computed from `src`, keys sorted as Facter prints them.
pub fn gather(src: &Sources) -> Json {
    let mut f = Map::new();
    let osr = &src.os_release;
    let id = os_release_field(osr, "ID")
        .unwrap_or("")
        .to_ascii_lowercase();
    let name = os_name(&id, os_release_field(osr, "NAME").unwrap_or(""));
    let family = os_family(&name);
    let hardware = match src.arch.as_str() {
        "x86" => "i686",
        other => other,
    }
    .to_string();
    let architecture = match (hardware.as_str(), family) {
        ("x86_64", "Debian" | "Gentoo") => "amd64".to_string(),
        ("aarch64", "Debian") => "arm64".to_string(),
        (h, _) if h.len() == 4 && h.starts_with('i') && h.ends_with("86") => "i386".to_string(),
        (h, _) => h.to_string(),
    };
    let full_release = if family == "Debian" && name == "Debian" && !src.debian_version.is_empty() {
        src.debian_version.trim().to_string()
    } else {
        os_release_field(osr, "VERSION_ID")
            .unwrap_or("")
            .to_string()
    };
    let release = release(&full_release, name == "Ubuntu");
    let codename = os_release_field(osr, "VERSION_CODENAME").unwrap_or("");
    let description = os_release_field(osr, "PRETTY_NAME").unwrap_or("");
    let mut distro = Map::new();
    if !codename.is_empty() {
        distro.insert("codename".into(), json!(codename));
    }
    distro.insert("description".into(), json!(description));
    distro.insert("id".into(), json!(name));
    distro.insert("release".into(), release.clone());
    let selinux_enabled = src.selinux_enforce.is_some();
    let mut selinux = Map::new();
    selinux.insert("enabled".into(), json!(selinux_enabled));
    if let Some(e) = &src.selinux_enforce {
        let enforced = e.trim() == "1";
        selinux.insert("enforced".into(), json!(enforced));
        selinux.insert(
            "current_mode".into(),
            json!(if enforced { "enforcing" } else { "permissive" }),
        );
    }
    f.insert(
        "os".into(),
        json!({
            "architecture": architecture,
            "distro": distro,
            "family": family,
            "hardware": hardware,
            "name": name,
            "release": release,
            "selinux": selinux,
        }),
    );
    f.insert("osfamily".into(), json!(family));
    f.insert("operatingsystem".into(), json!(name));
    f.insert("operatingsystemrelease".into(), json!(full_release));
    f.insert("operatingsystemmajrelease".into(), release["major"].clone());
    f.insert("architecture".into(), json!(architecture));
    f.insert("hardwaremodel".into(), json!(hardware));
    let isa = if name == "Debian" {
        "unknown"
    } else {
        &hardware
    };
    f.insert("hardwareisa".into(), json!(isa));
    f.insert("selinux".into(), json!(selinux_enabled));
    if family == "Debian" {
        f.insert("lsbdistcodename".into(), json!(codename));
        f.insert("lsbdistdescription".into(), json!(description));
        f.insert("lsbdistid".into(), json!(name));
        f.insert("lsbdistrelease".into(), json!(full_release));
        f.insert("lsbmajdistrelease".into(), release["major"].clone());
        if let Some(minor) = release.get("minor") {
            f.insert("lsbminordistrelease".into(), minor.clone());
        }
    }

    // The kernel.
    f.insert("kernel".into(), json!("Linux"));
    let krel = &src.kernel_release;
    let kversion = krel.split('-').next().unwrap_or(krel);
    let kmaj: Vec<&str> = kversion.split('.').take(2).collect();
    f.insert("kernelrelease".into(), json!(krel));
    f.insert("kernelversion".into(), json!(kversion));
    f.insert("kernelmajversion".into(), json!(kmaj.join(".")));

    // Names and the network.
    let fqdn = if src.domain.is_empty() {
        src.hostname.clone()
    } else {
        format!("{}.{}", src.hostname, src.domain)
    };
    f.insert("hostname".into(), json!(src.hostname));
    f.insert("fqdn".into(), json!(fqdn));
    if !src.domain.is_empty() {
        f.insert("domain".into(), json!(src.domain));
    }
    let (ifaces, primary) = interfaces(src);
    let mut networking = Map::new();
    if !src.domain.is_empty() {
        networking.insert("domain".into(), json!(src.domain));
    }
    networking.insert("fqdn".into(), json!(fqdn));
    networking.insert("hostname".into(), json!(src.hostname));
    let mut if_map = Map::new();
    for (name, iface) in &ifaces {
        let mut m = Map::new();
        let bindings: Vec<Json> = iface
            .v4
            .iter()
            .map(|(ip, mask)| {
                json!({"address": dotted(*ip), "netmask": dotted(*mask), "network": dotted(mask_and(*ip, *mask))})
            })
            .collect();
        let bindings6: Vec<(Json, &str)> = iface
            .v6
            .iter()
            .map(|(ip, prefix, scope, flags)| {
                let mask = ipv6_mask(*prefix);
                let mut net = *ip;
                for (n, m) in net.iter_mut().zip(mask) {
                    *n &= m;
                }
                let mut b = json!({"address": ipv6_text(*ip), "netmask": ipv6_text(mask), "network": ipv6_text(net), "scope6": scope});
                if !flags.is_empty() {
                    b["flags"] = json!(flags);
                }
                (b, *scope)
            })
            .collect();
        if let Some(first) = bindings.first() {
            m.insert("bindings".into(), json!(bindings));
            m.insert("ip".into(), first["address"].clone());
        }
        if !bindings6.is_empty() {
            // Facter prefers a global address for `ip6`.
            let main6 = bindings6
                .iter()
                .find(|(_, s)| *s == "global")
                .unwrap_or(&bindings6[0]);
            m.insert(
                "bindings6".into(),
                Json::Array(bindings6.iter().map(|(b, _)| b.clone()).collect()),
            );
            m.insert("ip6".into(), main6.0["address"].clone());
            m.insert("netmask6".into(), main6.0["netmask"].clone());
            m.insert("network6".into(), main6.0["network"].clone());
            m.insert("scope6".into(), json!(main6.1));
        }
        if !iface.mac.is_empty() && name != "lo" && iface.mac != "00:00:00:00:00:00" {
            m.insert("mac".into(), json!(iface.mac));
        }
        if let Some(mtu) = iface.mtu {
            m.insert("mtu".into(), json!(mtu));
        }
        if let Some(first) = bindings.first() {
            m.insert("netmask".into(), first["netmask"].clone());
            m.insert("network".into(), first["network"].clone());
        }
        if_map.insert(name.clone(), Json::Object(m));
    }
    let names: Vec<&str> = ifaces.iter().map(|(n, _)| n.as_str()).collect();
    if !names.is_empty() {
        f.insert("interfaces".into(), json!(names.join(",")));
    }
    // Legacy per-interface facts.
    for (name, m) in &if_map {
        for (legacy, key) in [
            ("ipaddress", "ip"),
            ("ipaddress6", "ip6"),
            ("macaddress", "mac"),
            ("mtu", "mtu"),
            ("netmask", "netmask"),
            ("netmask6", "netmask6"),
            ("network", "network"),
            ("network6", "network6"),
            ("scope6", "scope6"),
        ] {
            if let Some(v) = m.get(key) {
                f.insert(format!("{legacy}_{name}"), v.clone());
            }
        }
    }
    let primary = primary.or_else(|| {
        ifaces
            .iter()
            .find(|(n, i)| n != "lo" && !i.v4.is_empty())
            .map(|(n, _)| n.clone())
    });
    if let Some(p) = &primary {
        if let Some(Json::Object(pm)) = if_map.get(p) {
            for key in [
                "ip", "ip6", "mac", "mtu", "netmask", "netmask6", "network", "network6", "scope6",
            ] {
                if let Some(v) = pm.get(key) {
                    networking.insert(key.into(), v.clone());
                    let legacy = match key {
                        "ip" => "ipaddress".to_string(),
                        "ip6" => "ipaddress6".to_string(),
                        "mac" => "macaddress".to_string(),
                        "mtu" => continue,
                        k => k.to_string(),
                    };
                    f.insert(legacy, v.clone());
                }
            }
        }
        networking.insert("primary".into(), json!(p));
    }
    networking.insert("interfaces".into(), Json::Object(if_map));
    f.insert("networking".into(), Json::Object(networking));

    // Processors.
    let mut models = Vec::new();
    let mut physical = BTreeSet::new();
    let mut cores_per = None;
    let mut siblings = None;
    let mut mhz = None;
    for line in src.cpuinfo.lines() {
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        let (k, v) = (k.trim(), v.trim());
        match k {
            "processor" => models.push(String::new()),
            "model name" | "cpu model" => {
                if let Some(last) = models.last_mut() {
                    *last = v.to_string();
                }
            }
            "physical id" => {
                physical.insert(v.to_string());
            }
            "cpu cores" => cores_per = v.parse::<i64>().ok(),
            "siblings" => siblings = v.parse::<i64>().ok(),
            "cpu MHz" if mhz.is_none() => mhz = v.parse::<f64>().ok(),
            _ => {}
        }
    }
    let count = models.len().max(1) as i64;
    let physicalcount = physical.len().max(1) as i64;
    let mut processors = Map::new();
    if let Some(c) = cores_per {
        processors.insert("cores".into(), json!(c * physicalcount));
    }
    processors.insert("count".into(), json!(count));
    processors.insert("isa".into(), json!(isa));
    processors.insert("models".into(), json!(models));
    processors.insert("physicalcount".into(), json!(physicalcount));
    if let Some(mhz) = mhz.filter(|m| *m > 0.0) {
        processors.insert("speed".into(), json!(human_hertz(mhz * 1e6)));
    }
    if let (Some(c), Some(s)) = (cores_per, siblings) {
        if c > 0 {
            processors.insert("threads".into(), json!(s / c));
        }
    }
    f.insert("processors".into(), Json::Object(processors));
    f.insert("processorcount".into(), json!(count));
    f.insert("physicalprocessorcount".into(), json!(physicalcount));
    for (i, m) in models.iter().enumerate() {
        f.insert(format!("processor{i}"), json!(m));
    }

    // Memory.
    if let Some(total) = meminfo(&src.meminfo, "MemTotal") {
        let available = meminfo(&src.meminfo, "MemAvailable").unwrap_or_else(|| {
            ["MemFree", "Buffers", "Cached"]
                .iter()
                .filter_map(|k| meminfo(&src.meminfo, k))
                .sum()
        });
        let mut memory = Map::new();
        let swap_total = meminfo(&src.meminfo, "SwapTotal").unwrap_or(0);
        if swap_total > 0 {
            let swap_free = meminfo(&src.meminfo, "SwapFree").unwrap_or(0);
            memory.insert("swap".into(), memory_block(swap_total, swap_free));
            f.insert("swapsize".into(), json!(human_bytes(swap_total)));
            f.insert("swapsize_mb".into(), mb(swap_total));
            f.insert("swapfree".into(), json!(human_bytes(swap_free)));
            f.insert("swapfree_mb".into(), mb(swap_free));
        }
        memory.insert("system".into(), memory_block(total, available));
        f.insert("memory".into(), Json::Object(memory));
        f.insert("memorysize".into(), json!(human_bytes(total)));
        f.insert("memorysize_mb".into(), mb(total));
        f.insert("memoryfree".into(), json!(human_bytes(available)));
        f.insert("memoryfree_mb".into(), mb(available));
    }

    // The user running prepl.
    let field = |key: &str| -> Option<i64> {
        src.status.lines().find_map(|l| {
            l.strip_prefix(key)?
                .strip_prefix(':')?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
    };
    let name_of = |table: &str, id: i64| -> Option<String> {
        table.lines().find_map(|l| {
            let mut parts = l.split(':');
            let name = parts.next()?;
            parts.next()?;
            (parts.next()?.parse::<i64>().ok()? == id).then(|| name.to_string())
        })
    };
    if let (Some(uid), Some(gid)) = (field("Uid"), field("Gid")) {
        let user = name_of(&src.passwd, uid).unwrap_or_else(|| uid.to_string());
        let group = name_of(&src.group, gid).unwrap_or_else(|| gid.to_string());
        f.insert(
            "identity".into(),
            json!({"gid": gid, "group": group, "privileged": uid == 0, "uid": uid, "user": user}),
        );
        f.insert("id".into(), json!(user));
        f.insert("gid".into(), json!(group));
    }

    // The rest.
    if !src.path.is_empty() {
        f.insert("path".into(), json!(src.path));
    }
    if !src.timezone.is_empty() {
        f.insert("timezone".into(), json!(src.timezone));
    }
    f.insert("is_virtual".into(), json!(src.virtual_kind.is_some()));
    f.insert(
        "virtual".into(),
        json!(src.virtual_kind.as_deref().unwrap_or("physical")),
    );
    if let Some(seconds) = src
        .uptime
        .split_whitespace()
        .next()
        .and_then(|s| s.parse::<f64>().ok())
    {
        let seconds = seconds as i64;
        let (days, hours) = (seconds / 86400, seconds / 3600);
        let minutes = (seconds % 3600) / 60;
        let text = match days {
            0 => format!("{hours}:{minutes:02} hours"),
            1 => "1 day".to_string(),
            d => format!("{d} days"),
        };
        f.insert(
            "system_uptime".into(),
            json!({"days": days, "hours": hours, "seconds": seconds, "uptime": text}),
        );
        f.insert("uptime".into(), json!(text));
        f.insert("uptime_days".into(), json!(days));
        f.insert("uptime_hours".into(), json!(hours));
        f.insert("uptime_seconds".into(), json!(seconds));
    }
    let loads: Vec<f64> = src
        .loadavg
        .split_whitespace()
        .take(3)
        .filter_map(|x| x.parse().ok())
        .collect();
    if let [one, five, fifteen] = loads[..] {
        f.insert(
            "load_averages".into(),
            json!({"15m": fifteen, "1m": one, "5m": five}),
        );
    }
    let mut filesystems: Vec<&str> = src
        .filesystems
        .lines()
        .filter(|l| !l.starts_with("nodev"))
        .map(str::trim)
        .filter(|l| !l.is_empty() && *l != "fuseblk")
        .collect();
    filesystems.sort();
    if !filesystems.is_empty() {
        f.insert("filesystems".into(), json!(filesystems.join(",")));
    }
    f.insert("fips_enabled".into(), json!(src.fips_enabled.trim() == "1"));
    let mut facts = Json::Object(f);
    sort_keys(&mut facts);
    facts
}

/// Sorts the keys of every hash, as Facter prints them (not in arrays: an IPv6 binding's
/// `flags` come last).
fn sort_keys(v: &mut Json) {
    if let Json::Object(m) = v {
        m.sort_keys();
        for (_, x) in m.iter_mut() {
            sort_keys(x);
        }
    }
}

/// Facter's processor speed: `2.45 GHz`.
fn human_hertz(hz: f64) -> String {
    let prefixes = ["", "k", "M", "G", "T"];
    let mut n = hz;
    let mut i = 0;
    while n >= 1000.0 && i < prefixes.len() - 1 {
        n /= 1000.0;
        i += 1;
    }
    format!("{n:.2} {}Hz", prefixes[i])
}

/// Sets one fact at a dotted path (`os.family`), creating the hashes on the way; a value
/// that is not a hash on the way is replaced by one.
pub fn set_path(facts: &Value, path: &str, value: Value) -> Value {
    fn set(node: Option<&Value>, keys: &[&str], value: Value) -> Value {
        let Some((first, rest)) = keys.split_first() else {
            return value;
        };
        let mut map = match node {
            Some(Value::Hash(h)) => (**h).clone(),
            _ => Default::default(),
        };
        let key = Value::from(*first);
        let inner = set(map.get(&key), rest, value);
        map.insert(key, inner);
        Value::hash(map)
    }
    let keys: Vec<&str> = path.split('.').collect();
    set(Some(facts), &keys, value)
}

/// A fact value as written after `=` in `:facts set path=value`: integers, floats,
/// `true`/`false`, `undef`, else the text (quotes around it removed).
pub fn parse_value(text: &str) -> Value {
    let t = text.trim();
    match t {
        "true" => return Value::Boolean(true),
        "false" => return Value::Boolean(false),
        "undef" | "~" | "null" => return Value::Undef,
        _ => {}
    }
    if let Ok(i) = t.parse::<i64>() {
        return Value::Integer(i);
    }
    if t.contains('.')
        && t.chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
    {
        // `12.5` is a Float, `12.5.1` stays a string.
        if let Ok(f) = t.parse::<f64>() {
            return Value::Float(f);
        }
    }
    let unquoted = t
        .strip_prefix('\'')
        .and_then(|s| s.strip_suffix('\''))
        .or_else(|| t.strip_prefix('"').and_then(|s| s.strip_suffix('"')))
        .unwrap_or(t);
    Value::from(unquoted)
}

/// The machine's time zone for the `timezone` fact: `/etc/localtime` read directly (jiff's
/// system zone would also look for its IANA name by scanning `/usr/share/zoneinfo`, most of
/// prepl's start-up time, and the fact needs only the abbreviation); `TZ` when it is set.
fn local_time_zone() -> jiff::tz::TimeZone {
    if std::env::var_os("TZ").is_some() {
        return jiff::tz::TimeZone::try_system().unwrap_or(jiff::tz::TimeZone::UTC);
    }
    std::fs::read("/etc/localtime")
        .ok()
        .and_then(|data| jiff::tz::TimeZone::tzif("localtime", &data).ok())
        .unwrap_or(jiff::tz::TimeZone::UTC)
}

#[cfg(test)]
mod tests {
    #[test]
    fn external_facts_of_facts_d() {
        let dir = std::env::temp_dir().join(format!("prepl-facts-d-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("a.txt"),
            "os_service_default=<SERVICE DEFAULT>\nRole=web\nnot a fact\n",
        )
        .unwrap();
        std::fs::write(dir.join("b.json"), r#"{"dc": {"name": "ams", "rack": 4}}"#).unwrap();
        std::fs::write(dir.join("c.yaml"), "tier: 2\n").unwrap();
        std::fs::write(dir.join("d.sh"), "#!/bin/sh\necho x=1\n").unwrap();
        let mut facts = crate::catalog::json::from_data(&serde_json::json!({"role": "db"}));
        super::add_external_facts(&mut facts, &dir);
        let shown = crate::format::to_programmatic(&facts);
        assert_eq!(
            shown,
            "{'role' => 'web', 'os_service_default' => '<SERVICE DEFAULT>', 'dc' => {'name' => 'ams', 'rack' => 4}, 'tier' => 2}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    /// `.txt` lines read as Facter reads them (`facter --external-dir`): nothing trimmed,
    /// the name at least one character, the value not empty, the line break (`\r\n`, `\r`)
    /// left out.
    #[test]
    fn txt_facts_as_facter_reads_them() {
        let facts = ExternalFormat::Txt.facts("Role = web\n=a=b\nempty=\nk==v\nlast=x\r");
        let shown: Vec<String> = facts
            .iter()
            .map(|(k, v)| format!("{k:?} {}", to_programmatic(v)))
            .collect();
        assert_eq!(
            shown,
            [
                r#""role " ' web'"#,
                r#""=a" 'b'"#,
                r#""k" '=v'"#,
                r#""last" 'x'"#
            ]
        );
    }

    use super::*;
    use crate::format::to_programmatic;

    const ROUTE: &str =
        "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n\
        eth0\t00000000\t0102000A\t0003\t0\t0\t0\t00000000\t0\t0\t0\n\
        eth0\t0002000A\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n";
    const FIB: &str =
        "Main:\n  +-- 0.0.0.0/0 3 0 5\n     |-- 0.0.0.0\n        /0 universe UNICAST\n\
        \x20          |-- 127.0.0.1\n              /32 host LOCAL\n\
        \x20          |-- 10.0.2.15\n              /32 host LOCAL\n\
        \x20       |-- 10.0.2.255\n           /32 link BROADCAST\n";
    const INET6: &str = "fe800000000000000a0027fffe0ee67a 02 40 20 80     eth0\n\
        fd000000000000000000000000000002 02 40 00 82     eth0\n\
        00000000000000000000000000000001 01 80 10 80       lo\n";

    fn debian() -> Sources {
        Sources {
            os_release:
                "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\n\
                VERSION_ID=\"12\"\nVERSION_CODENAME=bookworm\nID=debian\n"
                    .into(),
            debian_version: "12.5\n".into(),
            hostname: "foo".into(),
            domain: "example.com".into(),
            kernel_release: "6.1.0-18-amd64".into(),
            arch: "x86_64".into(),
            meminfo: "MemTotal:        2030328 kB\nMemFree:          100000 kB\n\
                MemAvailable:    1747580 kB\nSwapTotal:             0 kB\n"
                .into(),
            cpuinfo: "processor\t: 0\nmodel name\t: Intel X\nphysical id\t: 0\nsiblings\t: 2\n\
                cpu cores\t: 2\n\nprocessor\t: 1\nmodel name\t: Intel X\nphysical id\t: 0\n\
                siblings\t: 2\ncpu cores\t: 2\ncpu MHz\t\t: 2445.406\n"
                .into(),
            loadavg: "4.34 5.75 5.37 3/700 1234\n".into(),
            filesystems: "nodev\tsysfs\n\text3\n\text2\nnodev\tproc\n\tfuseblk\n\txfs\n".into(),
            uptime: "112.5 300.0\n".into(),
            route: ROUTE.into(),
            fib_trie: FIB.into(),
            if_inet6: INET6.into(),
            interfaces: vec![
                ("eth0".into(), "08:00:27:0e:e6:7a".into(), Some(1500)),
                ("lo".into(), "00:00:00:00:00:00".into(), Some(65536)),
            ],
            status: "Name:\tx\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\n".into(),
            passwd: "root:x:0:0:root:/root:/bin/bash\n".into(),
            group: "root:x:0:\n".into(),
            path: "/usr/bin:/bin".into(),
            timezone: "UTC".into(),
            virtual_kind: None,
            ..Sources::default()
        }
    }

    fn fact(facts: &Json, path: &str) -> String {
        let mut v = facts;
        for k in path.split('.') {
            v = &v[k];
        }
        v.to_string()
    }

    #[test]
    fn os_facts_as_facter_reports_them_on_debian() {
        let f = gather(&debian());
        assert_eq!(
            fact(&f, "os"),
            r#"{"architecture":"amd64","distro":{"codename":"bookworm","description":"Debian GNU/Linux 12 (bookworm)","id":"Debian","release":{"full":"12.5","major":"12","minor":"5"}},"family":"Debian","hardware":"x86_64","name":"Debian","release":{"full":"12.5","major":"12","minor":"5"},"selinux":{"enabled":false}}"#
        );
        for (path, expected) in [
            ("osfamily", "\"Debian\""),
            ("operatingsystem", "\"Debian\""),
            ("operatingsystemrelease", "\"12.5\""),
            ("operatingsystemmajrelease", "\"12\""),
            ("architecture", "\"amd64\""),
            ("hardwaremodel", "\"x86_64\""),
            ("lsbdistcodename", "\"bookworm\""),
            ("kernel", "\"Linux\""),
            ("kernelrelease", "\"6.1.0-18-amd64\""),
            ("kernelversion", "\"6.1.0\""),
            ("kernelmajversion", "\"6.1\""),
            ("hostname", "\"foo\""),
            ("domain", "\"example.com\""),
            ("fqdn", "\"foo.example.com\""),
            ("timezone", "\"UTC\""),
            ("is_virtual", "false"),
            ("virtual", "\"physical\""),
            ("selinux", "false"),
            ("path", "\"/usr/bin:/bin\""),
            ("uptime", "\"0:01 hours\""),
            ("uptime_seconds", "112"),
        ] {
            assert_eq!(fact(&f, path), expected, "{path}");
        }
        // Sorted keys, as Facter prints them.
        let keys: Vec<&String> = f.as_object().unwrap().keys().collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
    }

    #[test]
    fn other_distributions() {
        let mut src = debian();
        src.os_release =
            "NAME=\"Ubuntu\"\nVERSION_ID=\"22.04\"\nVERSION_CODENAME=jammy\nID=ubuntu\n\
             PRETTY_NAME=\"Ubuntu 22.04.4 LTS\"\n"
                .into();
        let f = gather(&src);
        assert_eq!(
            fact(&f, "os.release"),
            r#"{"full":"22.04","major":"22.04"}"#
        );
        assert_eq!(fact(&f, "os.family"), "\"Debian\"");
        assert_eq!(fact(&f, "processors.isa"), "\"x86_64\"");
        src.os_release = "NAME=\"Rocky Linux\"\nVERSION_ID=\"9.3\"\nID=\"rocky\"\n".into();
        src.arch = "aarch64".into();
        let f = gather(&src);
        assert_eq!(fact(&f, "os.name"), "\"Rocky\"");
        assert_eq!(fact(&f, "os.family"), "\"RedHat\"");
        assert_eq!(fact(&f, "os.architecture"), "\"aarch64\"");
        assert_eq!(fact(&f, "operatingsystemmajrelease"), "\"9\"");
        assert_eq!(fact(&f, "lsbdistid"), "null");
    }

    #[test]
    fn memory_and_processors() {
        let f = gather(&debian());
        assert_eq!(
            fact(&f, "memory"),
            r#"{"system":{"available":"1.67 GiB","available_bytes":1789521920,"capacity":"13.93%","total":"1.94 GiB","total_bytes":2079055872,"used":"276.12 MiB","used_bytes":289533952}}"#
        );
        assert_eq!(fact(&f, "memorysize"), "\"1.94 GiB\"");
        assert_eq!(fact(&f, "memorysize_mb"), "1982.7421875");
        assert_eq!(fact(&f, "swapsize"), "null");
        assert_eq!(
            fact(&f, "processors"),
            r#"{"cores":2,"count":2,"isa":"unknown","models":["Intel X","Intel X"],"physicalcount":1,"speed":"2.45 GHz","threads":1}"#
        );
        assert_eq!(fact(&f, "processorcount"), "2");
        assert_eq!(
            fact(&f, "load_averages"),
            r#"{"15m":5.37,"1m":4.34,"5m":5.75}"#
        );
        assert_eq!(fact(&f, "filesystems"), "\"ext2,ext3,xfs\"");
        assert_eq!(fact(&f, "fips_enabled"), "false");
        assert_eq!(human_hertz(2445.406e6), "2.45 GHz");
        assert_eq!(human_hertz(800e6), "800.00 MHz");
        assert_eq!(fact(&f, "processor1"), "\"Intel X\"");
        assert_eq!(human_bytes(0), "0 bytes");
        assert_eq!(human_bytes(1024), "1.00 KiB");
        assert_eq!(human_bytes(1073737728), "1.00 GiB");
        assert_eq!(human_bytes(1536), "1.50 KiB");
    }

    #[test]
    fn networking_and_identity() {
        let f = gather(&debian());
        assert_eq!(
            fact(&f, "networking.interfaces.eth0"),
            r#"{"bindings":[{"address":"10.0.2.15","netmask":"255.255.255.0","network":"10.0.2.0"}],"bindings6":[{"address":"fd00::2","netmask":"ffff:ffff:ffff:ffff::","network":"fd00::","scope6":"global","flags":["noad","permanent"]},{"address":"fe80::a00:27ff:fe0e:e67a","netmask":"ffff:ffff:ffff:ffff::","network":"fe80::","scope6":"link","flags":["permanent"]}],"ip":"10.0.2.15","ip6":"fd00::2","mac":"08:00:27:0e:e6:7a","mtu":1500,"netmask":"255.255.255.0","netmask6":"ffff:ffff:ffff:ffff::","network":"10.0.2.0","network6":"fd00::","scope6":"global"}"#
        );
        assert_eq!(fact(&f, "networking.primary"), "\"eth0\"");
        assert_eq!(fact(&f, "networking.ip"), "\"10.0.2.15\"");
        assert_eq!(fact(&f, "networking.fqdn"), "\"foo.example.com\"");
        assert_eq!(fact(&f, "networking.interfaces.lo.ip"), "\"127.0.0.1\"");
        assert_eq!(fact(&f, "networking.interfaces.lo.mac"), "null");
        assert_eq!(fact(&f, "networking.interfaces.lo.ip6"), "\"::1\"");
        assert_eq!(fact(&f, "ipaddress"), "\"10.0.2.15\"");
        assert_eq!(fact(&f, "ipaddress_lo"), "\"127.0.0.1\"");
        assert_eq!(fact(&f, "macaddress"), "\"08:00:27:0e:e6:7a\"");
        assert_eq!(fact(&f, "interfaces"), "\"eth0,lo\"");
        assert_eq!(
            fact(&f, "identity"),
            r#"{"gid":0,"group":"root","privileged":true,"uid":0,"user":"root"}"#
        );
        assert_eq!(fact(&f, "id"), "\"root\"");
    }

    #[test]
    fn this_machine() {
        let v = local();
        let s = to_programmatic(&v);
        for key in [
            "'os' =>",
            "'kernel' => 'Linux'",
            "'hostname' =>",
            "'memory' =>",
        ] {
            assert!(s.contains(key), "{key} missing in {s}");
        }
    }

    #[test]
    fn setting_one_fact() {
        let facts = crate::catalog::json::from_data(
            &json!({"os": {"family": "Debian", "name": "Debian"}, "x": 1}),
        );
        let v = set_path(&facts, "os.family", parse_value("RedHat"));
        assert_eq!(
            to_programmatic(&v),
            "{'os' => {'family' => 'RedHat', 'name' => 'Debian'}, 'x' => 1}"
        );
        let v = set_path(&v, "x.y", parse_value("12"));
        assert_eq!(
            to_programmatic(&v),
            "{'os' => {'family' => 'RedHat', 'name' => 'Debian'}, 'x' => {'y' => 12}}"
        );
        assert_eq!(to_programmatic(&parse_value("true")), "true");
        assert_eq!(to_programmatic(&parse_value("1.5")), "1.5");
        assert_eq!(to_programmatic(&parse_value("'12'")), "'12'");
        assert_eq!(to_programmatic(&parse_value("12.5.1")), "'12.5.1'");
    }
}
