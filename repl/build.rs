//! Links the `prepl` binary as a position-dependent executable on Linux with the GNU
//! toolchain: a one-shot `prepl -e '...'` is mostly start-up, and a position-independent
//! one spent a third of it applying its 25,600 relative relocations (the dynamic loader's
//! work, and a copy-on-write page fault for each page of `.data.rel.ro` they write): `prepl
//! -e 1` 1.48 M -> 1.14 M instructions, 449 -> 323 page faults, 4.3 -> 3.3 ms (mean; docs/
//! benchmarks.md, session 33). The code is compiled as usual (position-independent); only
//! the link places it at a fixed address. The kernel keeps the default (it listens on
//! sockets: address-space randomization of its image stays).
//!
//! Where the linker is LLD (Rust's default on x86_64 Linux since 1.90), the functions of
//! `link-order.txt` (those a fresh session runs: `scripts/link-order` writes it) are placed
//! first, together: a session's cold code on ~270 pages instead of ~640 spread over the whole
//! 11 MB of code, 10-14% off the time of a tiny class's fresh session and of start-up
//! (docs/benchmarks.md, session 36, `tiny`). Names the code no longer has are skipped.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    if links_with_lld() {
        let order = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("link-order.txt");
        if order.is_file() {
            println!(
                "cargo:rustc-link-arg-bin=prepl=-Wl,--symbol-ordering-file={}",
                order.display()
            );
            println!("cargo:rustc-link-arg-bin=prepl=-Wl,--no-warn-symbol-ordering");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link-order.txt");
    println!("cargo:rerun-if-env-changed=CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER");
}

/// Whether the binary is linked by Rust's own LLD: x86_64 Linux with the GNU toolchain,
/// rustc 1.90 or later, and no other linker asked for (`-C linker`, `-C linker-features`,
/// `-C link-self-contained`, or the target's linker set for Cargo).
fn links_with_lld() -> bool {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("TARGET") != "x86_64-unknown-linux-gnu"
        || std::env::var_os("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER").is_some()
    {
        return false;
    }
    let flags = var("CARGO_ENCODED_RUSTFLAGS");
    if flags.contains("link") {
        return false;
    }
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    // ("rustc 1.95.0 (...)")
    let minor = version
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1))
        .and_then(|m| m.parse::<u32>().ok());
    version.starts_with("rustc 1.") && minor.is_some_and(|m| m >= 90)
}
