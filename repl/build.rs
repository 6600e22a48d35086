//! Links the `prepl` binary as a position-dependent executable on Linux with the GNU
//! toolchain: a one-shot `prepl -e '...'` is mostly start-up, and a position-independent
//! one spent a third of it applying its 25,600 relative relocations (the dynamic loader's
//! work, and a copy-on-write page fault for each page of `.data.rel.ro` they write): `prepl
//! -e 1` 1.48 M -> 1.14 M instructions, 449 -> 323 page faults, 4.3 -> 3.3 ms (mean; docs/
//! benchmarks.md, session 33). The code is compiled as usual (position-independent); only
//! the link places it at a fixed address. The kernel keeps the default (it listens on
//! sockets: address-space randomization of its image stays).

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
