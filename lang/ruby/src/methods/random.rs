//! Ruby's `Random`: the Mersenne Twister (MT19937) as Ruby seeds and draws from it, bit
//! for bit (`Random.new(seed)` with a seed of any size: stdlib's `seeded_rand_string` seeds
//! with a 256-bit digest), and the `Random` objects of the subset.

use super::bignum::Bignum;
use super::Call;
use crate::error::HostError;
use crate::eval::{raise, R};
use crate::value::RFloat;
use crate::value::{HostObject, RValue};
use std::any::Any;
use std::cell::RefCell;

/// The Mersenne Twister as Ruby's `Random` runs it.
pub struct Mt19937 {
    state: [u32; 624],
    index: usize,
}

impl Mt19937 {
    pub fn init_genrand(seed: u32) -> Mt19937 {
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

    pub fn init_by_array(key: &[u32]) -> Mt19937 {
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

impl Mt19937 {
    /// Ruby's `genrand_res53`: a float in `[0, 1)` from two draws.
    pub fn real(&mut self) -> f64 {
        let a = (self.genrand_int32() >> 5) as f64;
        let b = (self.genrand_int32() >> 6) as f64;
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }
}

/// `Random.new(seed)` (`Random.new` without a seed: one from `rand`'s generator).
pub fn new(c: &Call) -> R {
    c.arity(0, 1)?;
    let seed = match c.args.first() {
        Some(s) => s.clone(),
        None => {
            let words: Vec<u32> = (0..4).map(|_| super::kernel::random_u32()).collect();
            Bignum::from_words(false, words).into_value()
        }
    };
    match seeded(seed) {
        Ok(r) => Ok(RValue::host(r)),
        Err(message) => raise(message, c.at),
    }
}

/// A generator as `Random.new(seed)` makes it (Ruby's error for a seed not an integer).
fn seeded(seed: RValue) -> Result<Random, String> {
    let words = match &seed {
        RValue::Int(i) => {
            let m = i.unsigned_abs();
            vec![m as u32, (m >> 32) as u32]
        }
        RValue::Float(f) if f.is_finite() => {
            let m = f.trunc().abs() as u64;
            vec![m as u32, (m >> 32) as u32]
        }
        other => match Bignum::of(other) {
            Some(b) => b.words().to_vec(),
            None => return Err(crate::methods::no_implicit_conversion(other, "Integer")),
        },
    };
    Ok(Random {
        mt: RefCell::new(Mt19937::ruby_seeded(&words)),
        seed,
    })
}

/// Puppet's `Puppet::Util.deterministic_rand(seed, max)` (stdlib's `fqdn_rotate`):
/// `Random.new(seed).rand(max).to_s`.
pub fn deterministic_rand(seed: &RValue, max: &RValue) -> Result<RValue, HostError> {
    let r = seeded(seed.clone()).map_err(HostError::Raise)?;
    let n = r.rand(Some(max))?;
    Ok(RValue::str(crate::show::to_s(&n)))
}

/// A `Random` object: its generator and the seed it was made with.
#[derive(Debug)]
pub struct Random {
    mt: RefCell<Mt19937>,
    seed: RValue,
}

impl std::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mt19937 at {}", self.index)
    }
}

impl Random {
    /// `rand`, `rand(n)`, `rand(float)`, `rand(a..b)` as Ruby's `Random#rand` draws them.
    fn rand(&self, arg: Option<&RValue>) -> Result<RValue, HostError> {
        let invalid = |v: &RValue| {
            HostError::Raise(format!("invalid argument - {}", crate::show::inspect(v)))
        };
        let mut mt = self.mt.borrow_mut();
        Ok(match arg {
            None => RValue::Float(RFloat::new(mt.real())),
            Some(RValue::Int(n)) if *n > 0 => RValue::Int(mt.limited(*n as u64 - 1) as i64),
            Some(RValue::Float(f)) if *f > 0.0 && f.is_finite() => {
                RValue::float(mt.real() * f.get())
            }
            Some(v @ RValue::Range(r)) => match (&r.0, &r.1) {
                (RValue::Int(a), RValue::Int(b)) => {
                    let hi = if r.2 { b.checked_sub(1) } else { Some(*b) };
                    match hi.and_then(|hi| hi.checked_sub(*a)) {
                        Some(span) if span >= 0 => RValue::Int(a + mt.limited(span as u64) as i64),
                        _ => return Err(invalid(v)),
                    }
                }
                _ => {
                    return Err(HostError::Unsupported(
                        "Random#rand with a range other than of integers".into(),
                    ))
                }
            },
            Some(v @ (RValue::Int(_) | RValue::Float(_))) => return Err(invalid(v)),
            Some(other) => {
                return Err(match Bignum::of(other) {
                    Some(_) => HostError::Unsupported("Random#rand of a bignum".into()),
                    None => {
                        HostError::Raise(crate::methods::no_implicit_conversion(other, "Integer"))
                    }
                })
            }
        })
    }
}

impl HostObject for Random {
    fn class_name(&self) -> String {
        "Random".to_string()
    }
    fn to_s(&self) -> String {
        "#<Random>".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        std::ptr::eq(
            self as *const Self as *const u8,
            other.as_any() as *const dyn Any as *const u8,
        )
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        Some(match (name, args) {
            ("rand", []) => self.rand(None),
            ("rand", [n]) => self.rand(Some(n)),
            ("seed", []) => Ok(self.seed.clone()),
            ("bytes", [RValue::Int(n)]) if *n >= 0 => {
                // Ruby's `rb_random_bytes`: 4 bytes a draw, least significant first
                let mut mt = self.mt.borrow_mut();
                let mut out = Vec::with_capacity(*n as usize);
                while out.len() < *n as usize {
                    let w = mt.genrand_int32().to_le_bytes();
                    let take = (*n as usize - out.len()).min(4);
                    out.extend_from_slice(&w[..take]);
                }
                Ok(RValue::bytes(out))
            }
            _ => return None,
        })
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random(seed: RValue) -> Random {
        let words = match &seed {
            RValue::Int(i) => vec![i.unsigned_abs() as u32, (i.unsigned_abs() >> 32) as u32],
            other => Bignum::of(other).unwrap().words().to_vec(),
        };
        Random {
            mt: RefCell::new(Mt19937::ruby_seeded(&words)),
            seed,
        }
    }

    fn draw(r: &Random, arg: Option<RValue>) -> String {
        crate::show::inspect(&r.rand(arg.as_ref()).unwrap())
    }

    /// Answers of Ruby 3.1 (Puppet's): `Random.new(seed)` of seeds of one, two and more
    /// words, negative ones by their magnitude, then `rand` of each kind.
    #[test]
    fn draws_as_ruby() {
        let hex = "deadbeefcafebabe1234567890abcdef11223344556677889900aabbccddeeff";
        let r = random(Bignum::parse(hex, 16, false));
        let int = |n| Some(RValue::Int(n));
        assert_eq!(draw(&r, int(62)), "35");
        assert_eq!(draw(&r, int(62)), "37");
        assert_eq!(draw(&r, int(1_000_000)), "527178");
        assert_eq!(draw(&r, None), "0.3080646303558926");
        assert_eq!(draw(&r, Some(RValue::float(1.5))), "0.5559082860970375");
        let range = RValue::Range(std::rc::Rc::new((RValue::Int(3), RValue::Int(9), false)));
        assert_eq!(draw(&r, Some(range)), "4");
        assert_eq!(draw(&random(RValue::Int(-7)), int(100)), "47");
        assert_eq!(draw(&random(RValue::Int(1 << 32)), int(100)), "44");
        assert_eq!(draw(&random(RValue::Int(12_345_678_901)), int(100)), "21");
        let max = Bignum::parse("ffffffffffffffff", 16, false);
        assert_eq!(draw(&random(max), int(100)), "40");
        assert!(r.rand(int(0).as_ref()).is_err());
    }
}
