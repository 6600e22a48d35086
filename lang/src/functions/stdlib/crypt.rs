//! stdlib's `pw_hash`: the crypt(3) password hashes MD5 (`$1$`), SHA-256 (`$5$`) and
//! SHA-512 (`$6$`), as glibc computes them (bcrypt is not provided).

use super::old_api_error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::functions::{builtin, Builtin};
use crate::values::Value;
use sha2::Digest;

const ITOA64: &[u8] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

fn b64_from_24bit(out: &mut String, b2: u8, b1: u8, b0: u8, n: usize) {
    let mut w = ((b2 as u32) << 16) | ((b1 as u32) << 8) | b0 as u32;
    for _ in 0..n {
        out.push(ITOA64[(w & 0x3f) as usize] as char);
        w >>= 6;
    }
}

/// Drepper's SHA-crypt with the default 5,000 rounds.
fn sha_crypt<D: Digest + Clone>(pw: &[u8], salt: &str, prefix: &str) -> String {
    let salt: String = salt.chars().take(16).collect();
    let s = salt.as_bytes();
    let hash = |parts: &[&[u8]]| -> Vec<u8> {
        let mut d = D::new();
        for p in parts {
            d.update(p);
        }
        d.finalize().to_vec()
    };
    let hl = <D as Digest>::output_size();
    let b = hash(&[pw, s, pw]);
    let mut a = D::new();
    a.update(pw);
    a.update(s);
    let mut n = pw.len();
    while n > hl {
        a.update(&b);
        n -= hl;
    }
    a.update(&b[..n]);
    let mut n = pw.len();
    while n > 0 {
        if n & 1 == 1 {
            a.update(&b);
        } else {
            a.update(pw);
        }
        n >>= 1;
    }
    let a = a.finalize().to_vec();
    let mut dp = D::new();
    for _ in 0..pw.len() {
        dp.update(pw);
    }
    let dp = dp.finalize().to_vec();
    let p: Vec<u8> = dp.iter().cycle().take(pw.len()).copied().collect();
    let mut ds = D::new();
    for _ in 0..(16 + a[0] as usize) {
        ds.update(s);
    }
    let ds = ds.finalize().to_vec();
    let sseq: Vec<u8> = ds.iter().cycle().take(s.len()).copied().collect();
    let mut c = a;
    for i in 0..5000 {
        let mut d = D::new();
        if i & 1 == 1 {
            d.update(&p);
        } else {
            d.update(&c);
        }
        if i % 3 != 0 {
            d.update(&sseq);
        }
        if i % 7 != 0 {
            d.update(&p);
        }
        if i & 1 == 1 {
            d.update(&c);
        } else {
            d.update(&p);
        }
        c = d.finalize().to_vec();
    }
    let mut out = format!("${prefix}${salt}$");
    if hl == 64 {
        let order: [(usize, usize, usize); 21] = [
            (0, 21, 42),
            (22, 43, 1),
            (44, 2, 23),
            (3, 24, 45),
            (25, 46, 4),
            (47, 5, 26),
            (6, 27, 48),
            (28, 49, 7),
            (50, 8, 29),
            (9, 30, 51),
            (31, 52, 10),
            (53, 11, 32),
            (12, 33, 54),
            (34, 55, 13),
            (56, 14, 35),
            (15, 36, 57),
            (37, 58, 16),
            (59, 17, 38),
            (18, 39, 60),
            (40, 61, 19),
            (62, 20, 41),
        ];
        for (x, y, z) in order {
            b64_from_24bit(&mut out, c[x], c[y], c[z], 4);
        }
        b64_from_24bit(&mut out, 0, 0, c[63], 2);
    } else {
        let order: [(usize, usize, usize); 10] = [
            (0, 10, 20),
            (21, 1, 11),
            (12, 22, 2),
            (3, 13, 23),
            (24, 4, 14),
            (15, 25, 5),
            (6, 16, 26),
            (27, 7, 17),
            (18, 28, 8),
            (9, 19, 29),
        ];
        for (x, y, z) in order {
            b64_from_24bit(&mut out, c[x], c[y], c[z], 4);
        }
        b64_from_24bit(&mut out, 0, c[31], c[30], 3);
    }
    out
}

/// The MD5-based crypt (`$1$`).
fn md5_crypt(pw: &[u8], salt: &str) -> String {
    let salt: String = salt.chars().take(8).collect();
    let s = salt.as_bytes();
    let md5 = |parts: &[&[u8]]| -> Vec<u8> {
        let mut d = md5::Md5::new();
        for p in parts {
            d.update(p);
        }
        d.finalize().to_vec()
    };
    let fin = md5(&[pw, s, pw]);
    let mut ctx = md5::Md5::new();
    ctx.update(pw);
    ctx.update(b"$1$");
    ctx.update(s);
    let mut pl = pw.len() as isize;
    while pl > 0 {
        ctx.update(&fin[..pl.min(16) as usize]);
        pl -= 16;
    }
    let mut i = pw.len();
    while i > 0 {
        if i & 1 == 1 {
            ctx.update([0u8]);
        } else {
            ctx.update(&pw[..1.min(pw.len())]);
        }
        i >>= 1;
    }
    let mut fin = ctx.finalize().to_vec();
    for i in 0..1000 {
        let mut d = md5::Md5::new();
        if i & 1 == 1 {
            d.update(pw);
        } else {
            d.update(&fin);
        }
        if i % 3 != 0 {
            d.update(s);
        }
        if i % 7 != 0 {
            d.update(pw);
        }
        if i & 1 == 1 {
            d.update(&fin);
        } else {
            d.update(pw);
        }
        fin = d.finalize().to_vec();
    }
    let mut out = format!("$1${salt}$");
    for (x, y, z) in [(0, 6, 12), (1, 7, 13), (2, 8, 14), (3, 9, 15), (4, 10, 5)] {
        b64_from_24bit(&mut out, fin[x], fin[y], fin[z], 4);
    }
    b64_from_24bit(&mut out, 0, 0, fin[11], 2);
    out
}

fn pw_hash(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    let err = |m: String| -> EvalResult { Err(old_api_error(m)) };
    if args.len() != 3 {
        return err(format!(
            "pw_hash(): Wrong number of arguments given ({} for 3)",
            args.len()
        ));
    }
    let unwrap = |v: &Value| match v {
        Value::Sensitive(inner) => inner.as_ref().clone(),
        other => other.clone(),
    };
    let (password, kind, salt) = (unwrap(&args[0]), unwrap(&args[1]), unwrap(&args[2]));
    if !matches!(password, Value::String(_) | Value::Undef) {
        return err("pw_hash(): first argument must be a string".into());
    }
    let Value::String(kind) = kind else {
        return err("pw_hash(): second argument must be a string".into());
    };
    let lower = kind.to_lowercase();
    if ![
        "md5", "sha-256", "sha-512", "bcrypt", "bcrypt-a", "bcrypt-x", "bcrypt-y",
    ]
    .contains(&lower.as_str())
    {
        return err(format!("pw_hash(): {kind} is not a valid hash type"));
    }
    let Value::String(salt) = salt else {
        return err("pw_hash(): third argument must be a string".into());
    };
    if salt.is_empty() {
        return err("pw_hash(): third argument must not be empty".into());
    }
    if lower.starts_with("bcrypt") {
        return err("pw_hash(): bcrypt hashes are not provided by prepl".into());
    }
    if !salt
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '/')
    {
        return err("pw_hash(): characters in salt must be in the set [a-zA-Z0-9./]".into());
    }
    let pw = match &password {
        Value::String(p) if !p.is_empty() => p.as_bytes(),
        _ => return Ok(Value::Undef),
    };
    Ok(Value::from(match lower.as_str() {
        "md5" => md5_crypt(pw, &salt),
        "sha-256" => sha_crypt::<sha2::Sha256>(pw, &salt, "5"),
        _ => sha_crypt::<sha2::Sha512>(pw, &salt, "6"),
    }))
}

pub fn builtins() -> Vec<Builtin> {
    vec![builtin(
        "pw_hash",
        &["Any *$args"],
        pw_hash,
        "pw_hash(Variant[String, Sensitive[String]] $password, Enum['MD5', 'SHA-256', 'SHA-512'] $type, String $salt) -> String\n(stdlib) The crypt(3) hash of a password, as /etc/shadow holds it.\n\n    pw_hash('secret', 'SHA-512', 'salt')",
    )]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from glibc's crypt (Ruby's `String#crypt`).
    #[test]
    fn matches_glibc() {
        assert_eq!(md5_crypt(b"test", "1"), "$1$1$Bp8CU9Oujr9SSEw53WV6G.");
        assert_eq!(
            md5_crypt(b"secret", "salt"),
            "$1$salt$ez2vlPGdaLYkJam5pWs/Y1"
        );
        assert_eq!(
            sha_crypt::<sha2::Sha512>(b"secret", "salt", "6"),
            "$6$salt$egUxKNxDs8kPfh8iPMNcosMhb2eWah6d3R44JDm5Rj/j/XWR5E33QPd0YmHXoDHOIDR6kL5D3JcQcz0O8FHE00"
        );
        assert_eq!(
            sha_crypt::<sha2::Sha256>(b"secret", "salt", "5"),
            "$5$salt$kpa26zwgX83BPSR8d7w93OIXbFt/d3UOTZaAu5vsTM6"
        );
        assert_eq!(
            sha_crypt::<sha2::Sha512>(&[b'x'; 70], "abcdefghijklmnopqrst", "6"),
            "$6$abcdefghijklmnop$hS6.x2w4anxWHGjXX7i28a6dY/P0WGi0KacxJzfEivO5MUSdPZX.ifrKoLvK2ajBcrtkSsyC6V.5jd5O50FYy1"
        );
        assert_eq!(
            sha_crypt::<sha2::Sha256>(b"pw", "ab", "5"),
            "$5$ab$QC5GKcE5kgMGJf0sNCzrqT/sGcwXhEWAp4Sxjx2lFJA"
        );
    }
}
