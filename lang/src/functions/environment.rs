//! Functions of the reference that depend on the node: `fqdn_rand` (bit for bit: Ruby's
//! MT19937 seeded with the MD5 of `"fqdn:max:seed"`, then `Random#rand(max)`),
//! `shellquote` and `digest`.

use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format::to_display;
use crate::values::Value;
use md5::Digest;

/// The Mersenne Twister as Ruby's `Random` runs it.
pub struct Mt19937 {
    state: [u32; 624],
    index: usize,
}

impl Mt19937 {
    fn init_genrand(seed: u32) -> Mt19937 {
        let mut state = [0u32; 624];
        state[0] = seed;
        for i in 1..624 {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937 { state, index: 624 }
    }

    fn init_by_array(key: &[u32]) -> Mt19937 {
        let mut mt = Mt19937::init_genrand(19_650_218);
        let s = &mut mt.state;
        let n = 624usize;
        let (mut i, mut j) = (1usize, 0usize);
        let mut k = n.max(key.len());
        while k > 0 {
            let prev = s[i - 1];
            s[i] = (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= n {
                s[0] = s[n - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
            k -= 1;
        }
        k = n - 1;
        while k > 0 {
            let prev = s[i - 1];
            s[i] =
                (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= n {
                s[0] = s[n - 1];
                i = 1;
            }
            k -= 1;
        }
        s[0] = 0x8000_0000;
        mt
    }

    /// `Random.new(seed)` for a non-negative seed given as 32-bit words, least significant
    /// first (Ruby's `rand_init`, with its removal of a top word of 1).
    pub fn ruby_seeded(words: &[u32]) -> Mt19937 {
        let mut len = words.len();
        while len > 1 && words[len - 1] == 0 {
            len -= 1;
        }
        if len > 1 && words[len - 1] == 1 {
            len -= 1;
        }
        if len <= 1 {
            Mt19937::init_genrand(words.first().copied().unwrap_or(0))
        } else {
            Mt19937::init_by_array(&words[..len])
        }
    }

    fn next_state(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        for i in 0..624 {
            let y = (self.state[i] & UPPER) | (self.state[(i + 1) % 624] & LOWER);
            let mut v = self.state[(i + 397) % 624] ^ (y >> 1);
            if y & 1 != 0 {
                v ^= 0x9908_b0df;
            }
            self.state[i] = v;
        }
        self.index = 0;
    }

    pub fn genrand_int32(&mut self) -> u32 {
        if self.index >= 624 {
            self.next_state();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Ruby's `limited_rand`: a uniform integer in `0..=limit`.
    pub fn limited(&mut self, limit: u64) -> u64 {
        if limit == 0 {
            return 0;
        }
        let mask = u64::MAX >> limit.leading_zeros();
        if limit > 0xffff_ffff {
            'retry: loop {
                let mut val = 0u64;
                for i in (0..2).rev() {
                    if (mask >> (i * 32)) & 0xffff_ffff != 0 {
                        val |= (self.genrand_int32() as u64) << (i * 32);
                        val &= mask;
                        if limit < val {
                            continue 'retry;
                        }
                    }
                }
                return val;
            }
        }
        loop {
            let val = self.genrand_int32() as u64 & mask;
            if val <= limit {
                return val;
            }
        }
    }
}

/// Ruby's `String#to_i`: the leading integer, 0 when there is none.
fn ruby_to_i(v: &Value) -> i64 {
    match v {
        Value::Integer(i) => *i,
        Value::Float(f) => *f as i64,
        Value::String(s) => {
            let t = s.trim_start();
            let mut end = 0;
            for (i, c) in t.char_indices() {
                if c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')) || (c == '_' && i > 0) {
                    end = i + c.len_utf8();
                } else {
                    break;
                }
            }
            t[..end].replace('_', "").parse().unwrap_or(0)
        }
        _ => 0,
    }
}

/// Ruby's `Array#join` of one element: nested arrays joined with the separator.
fn join_part(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::Array(a) => a.iter().map(join_part).collect::<Vec<_>>().join(":"),
        other => to_display(other),
    }
}

/// `Random.new(md5(text).hex).rand(max)`.
pub fn deterministic_rand(text: &str, max: i64) -> Result<i64, Error> {
    if max <= 0 {
        return Err(Error::eval(format!("invalid argument - {max}")));
    }
    let digest = md5::Md5::digest(text.as_bytes());
    let n = u128::from_be_bytes(digest.into());
    let words = [
        n as u32,
        (n >> 32) as u32,
        (n >> 64) as u32,
        (n >> 96) as u32,
    ];
    let mut mt = Mt19937::ruby_seeded(&words);
    Ok(mt.limited(max as u64 - 1) as i64)
}

/// `Random.new(md5(seed).hex).rand(max)` (stdlib's `seeded_rand`).
pub fn rand_for_seed(seed: &str, max: i64) -> Result<i64, Error> {
    deterministic_rand(seed, max)
}

fn fqdn_rand(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    if args.is_empty() {
        return Err(Error::eval(format!(
            "fqdn_rand(): Wrong number of arguments given ({} for minimum 1)",
            args.len()
        ))
        .into());
    }
    let max = ruby_to_i(&args[0]);
    let seed = args.get(1).map(join_part).unwrap_or_default();
    let downcase = args
        .get(2)
        .is_some_and(|v| !matches!(v, Value::Undef | Value::Boolean(false)));
    let facts = ev.lookup_variable("::facts").unwrap_or(Value::Undef);
    let fqdn = match &facts {
        Value::Hash(h) => match h.get(&Value::from("networking")) {
            Some(Value::Hash(n)) => n.get(&Value::from("fqdn")).cloned(),
            _ => None,
        },
        _ => None,
    }
    .filter(|v| !v.is_undef());
    let fqdn = match (fqdn, downcase) {
        (None, true) => {
            return Err(Error::eval("undefined method `downcase' for nil:NilClass").into())
        }
        (None, false) => String::new(),
        (Some(f), true) => to_display(&f).to_lowercase(),
        (Some(f), false) => to_display(&f),
    };
    let text = format!("{fqdn}:{max}:{seed}");
    Ok(Value::Integer(deterministic_rand(&text, max)?))
}

fn shellquote(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    let mut words = Vec::new();
    super::collections::flatten_into(&mut words, args);
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%_+=:,./-".contains(c);
    let dangerous = |c: char| "!\"`$\\".contains(c);
    let quoted: Vec<String> = words
        .iter()
        .map(|w| {
            let w = to_display(w);
            if !w.is_empty() && w.chars().all(safe) {
                w
            } else if !w.chars().any(dangerous) {
                format!("\"{w}\"")
            } else if !w.contains('\'') {
                format!("'{w}'")
            } else {
                let mut r = String::from("\"");
                for c in w.chars() {
                    if dangerous(c) {
                        r.push('\\');
                    }
                    r.push(c);
                }
                r.push('"');
                r
            }
        })
        .collect();
    Ok(Value::from(quoted.join(" ")))
}

fn digest(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    if args.len() != 1 {
        return Err(Error::eval(format!(
            "digest(): Wrong number of arguments given ({} for 1)",
            args.len()
        ))
        .into());
    }
    let text = to_display(&args[0]);
    let bytes = sha2::Sha256::digest(text.as_bytes());
    Ok(Value::from(
        bytes.iter().map(|b| format!("{b:02x}")).collect::<String>(),
    ))
}

const ANY: &[&str] = &["Any *$args"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("fqdn_rand", ANY, fqdn_rand, "fqdn_rand(Integer $max, Any $seed, Boolean $downcase) -> Integer\nA random integer below max that stays the same for this node's FQDN (`$facts['networking']['fqdn']`) and seed, as the reference computes it.\n\n    fqdn_rand(30)   # the minute of a cron job"),
        builtin("shellquote", ANY, shellquote, "shellquote(Any *$words) -> String\nThe words (arrays flattened) quoted for a Bourne shell and joined with spaces.\n\n    shellquote('a b', 'c')   # '\"a b\" c'"),
        builtin("digest", ANY, digest, "digest(String $string) -> String\nThe string's digest with the reference's digest_algorithm (sha256), in hexadecimal.\n\n    digest('x')"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from Ruby: `Random.new(seed).rand(max)`.
    #[test]
    fn matches_rubys_random() {
        assert_eq!(Mt19937::ruby_seeded(&[5]).limited(99), 99);
        assert_eq!(Mt19937::ruby_seeded(&[0, 1]).limited(999), 684);
        assert_eq!(
            Mt19937::ruby_seeded(&[0, 0, 1, 0xffff_ffff]).limited(99),
            56
        );
        assert_eq!(deterministic_rand(":100:", 100).unwrap(), 79);
        assert_eq!(deterministic_rand(":100:seed", 100).unwrap(), 49);
        assert_eq!(
            deterministic_rand("web01.example.com:100:", 100).unwrap(),
            52
        );
    }
}
