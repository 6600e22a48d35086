//! Ruby's `IPAddr` (the `ipaddr` library, as Ruby 3.1 has it): `IPAddr.new(text)` of an
//! IPv4 or IPv6 address with an optional `/prefix` or `/mask` (the address masked), or of an
//! integer and a family (`Socket::AF_INET`, `AF_INET6`); `to_s` (IPv6 compressed as Ruby
//! compresses it), `to_string`, `inspect`, `ipv4?`, `ipv6?`, `prefix`, `to_i`, `family`,
//! `include?` / `===`, `mask`, `==`, `<=>` and the other comparisons, `private?`,
//! `loopback?`, `link_local?`, `ipv4_mapped?`, `ipv4_compat?`, `ipv4_mapped`, `native`,
//! `succ`, `reverse`, `hton`, `netmask`; its errors (`IPAddr::InvalidAddressError: invalid
//! address: `, ...).

use super::Call;
use crate::error::{HostError, RubyError};
use crate::eval::{Flow, R};
use crate::value::RBool;
use crate::value::{HostObject, RValue};

pub const AF_INET: i64 = 2;
pub const AF_INET6: i64 = 10;

/// An address and its mask (`bits`: the prefix length), as `IPAddr` keeps them.
#[derive(Debug, Clone, PartialEq)]
pub struct IpAddr {
    v6: bool,
    addr: u128,
    bits: u32,
    zone: Option<String>,
}

/// The constants of `Socket` that `IPAddr` takes.
pub fn constant(name: &str) -> Option<RValue> {
    Some(RValue::Int(match name {
        "Socket::AF_INET" => AF_INET,
        "Socket::AF_INET6" => AF_INET6,
        "Socket::AF_UNSPEC" => 0,
        _ => return None,
    }))
}

pub fn is_class(name: &str) -> bool {
    name == "IPAddr"
}

/// An error of `IPAddr`: its class and message.
struct Failure(&'static str, String);

fn invalid() -> Failure {
    Failure("IPAddr::InvalidAddressError", "invalid address: ".into())
}

impl IpAddr {
    fn width(&self) -> u32 {
        if self.v6 {
            128
        } else {
            32
        }
    }
    fn all(&self) -> u128 {
        if self.v6 {
            u128::MAX
        } else {
            u32::MAX as u128
        }
    }
    fn mask_bits(&self) -> u128 {
        let w = self.width();
        if self.bits == 0 {
            0
        } else {
            (self.all() >> (w - self.bits)) << (w - self.bits)
        }
    }
    fn last(&self) -> u128 {
        self.addr | (self.all() & !self.mask_bits())
    }

    /// `IPAddr.new(text)`.
    fn parse(text: &str) -> Result<IpAddr, Failure> {
        let (addr, prefix) = match text.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text, None),
        };
        let (addr, zone) = match addr.split_once('%') {
            Some((a, z)) => (a, Some(z.to_string())),
            None => (addr, None),
        };
        let addr = addr
            .strip_prefix('[')
            .and_then(|a| a.strip_suffix(']'))
            .unwrap_or(addr);
        let mut ip = if let Some(v4) = parse_v4(addr)? {
            if zone.is_some() {
                return Err(invalid());
            }
            IpAddr {
                v6: false,
                addr: v4 as u128,
                bits: 32,
                zone: None,
            }
        } else {
            let v6: std::net::Ipv6Addr = addr.parse().map_err(|_| invalid())?;
            IpAddr {
                v6: true,
                addr: u128::from(v6),
                bits: 128,
                zone,
            }
        };
        if let Some(p) = prefix {
            // (Ruby's `new` adds the address, as an integer, to a prefix's error)
            let addr = ip.addr;
            ip.mask_by(p)
                .map_err(|Failure(class, m)| Failure(class, format!("{m}: {addr}")))?;
        }
        Ok(ip)
    }

    /// `/n` or `/mask`: the address masked.
    fn mask_by(&mut self, p: &str) -> Result<(), Failure> {
        let bits = if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) {
            match p.parse::<u32>() {
                Ok(n) if n <= self.width() => n,
                _ => {
                    return Err(Failure(
                        "IPAddr::InvalidPrefixError",
                        "invalid length".into(),
                    ))
                }
            }
        } else {
            let m = IpAddr::parse(p)
                .map_err(|_| Failure("IPAddr::InvalidPrefixError", format!("invalid mask {p}")))?;
            let ones = m.addr.count_ones();
            let contiguous = m.v6 == self.v6 && {
                let probe = IpAddr {
                    bits: ones,
                    ..self.clone()
                };
                probe.mask_bits() == m.addr
            };
            if !contiguous {
                return Err(Failure(
                    "IPAddr::InvalidPrefixError",
                    format!("invalid mask {p}"),
                ));
            }
            ones
        };
        self.bits = bits;
        self.addr &= self.mask_bits();
        Ok(())
    }

    /// `to_string`: every group written out.
    fn full(&self) -> String {
        let mut s = if self.v6 {
            (0..8)
                .map(|i| format!("{:04x}", (self.addr >> (112 - 16 * i)) & 0xffff))
                .collect::<Vec<_>>()
                .join(":")
        } else {
            v4_text(self.addr as u32)
        };
        if let Some(z) = &self.zone {
            s.push('%');
            s.push_str(z);
        }
        s
    }

    /// `to_s`: IPv6 compressed as Ruby's `IPAddr#to_s` does it (the longest run of two or
    /// more zero groups, the leftmost of equal ones, as `::`; `::ffff:a:b` and `::a:b` with
    /// their last 32 bits dotted).
    fn text(&self) -> String {
        if !self.v6 {
            return v4_text(self.addr as u32);
        }
        let groups: Vec<u128> = (0..8)
            .map(|i| (self.addr >> (112 - 16 * i)) & 0xffff)
            .collect();
        let (mut best, mut best_len) = (0, 0);
        let mut i = 0;
        while i < 8 {
            if groups[i] == 0 {
                let start = i;
                while i < 8 && groups[i] == 0 {
                    i += 1;
                }
                if i - start > best_len {
                    (best, best_len) = (start, i - start);
                }
            } else {
                i += 1;
            }
        }
        let hex = |g: &[u128]| {
            g.iter()
                .map(|x| format!("{x:x}"))
                .collect::<Vec<_>>()
                .join(":")
        };
        let mut s = if best_len >= 2 {
            format!(
                "{}::{}",
                hex(&groups[..best]),
                hex(&groups[best + best_len..])
            )
        } else {
            hex(&groups)
        };
        // `::ffff:a:b` and `::a:b`: dotted
        let tail: Vec<&str> = s
            .strip_prefix("::")
            .map_or(vec![], |t| t.split(':').collect());
        let dotted = match tail.as_slice() {
            ["ffff", _, _] | [_, _] => {
                let low = self.addr as u32;
                Some(format!(
                    "::{}{}",
                    if tail.len() == 3 { "ffff:" } else { "" },
                    v4_text(low)
                ))
            }
            _ => None,
        };
        if let Some(d) = dotted {
            s = d;
        }
        if let Some(z) = &self.zone {
            s.push('%');
            s.push_str(z);
        }
        s
    }

    fn family(&self) -> i64 {
        if self.v6 {
            AF_INET6
        } else {
            AF_INET
        }
    }

    fn with(&self, addr: u128, v6: bool) -> IpAddr {
        IpAddr {
            v6,
            addr,
            bits: if v6 { 128 } else { 32 },
            zone: None,
        }
    }

    fn in_range(&self, other: &IpAddr) -> bool {
        self.v6 == other.v6 && self.addr <= other.addr && other.last() <= self.last()
    }
}

fn v4_text(a: u32) -> String {
    std::net::Ipv4Addr::from(a).to_string()
}

/// A dotted quad (Ruby: four decimal parts up to 255, none zero-filled); `None` when the
/// text is no IPv4 address at all.
fn parse_v4(s: &str) -> Result<Option<u32>, Failure> {
    if s.contains(':') {
        return Ok(None);
    }
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(invalid());
    }
    let mut v = 0u32;
    for p in parts {
        if p.len() > 1 && p.starts_with('0') {
            return Err(Failure(
                "IPAddr::InvalidAddressError",
                "zero-filled number in IPv4 address is ambiguous: ".into(),
            ));
        }
        let n: u32 = p.parse().map_err(|_| invalid())?;
        if n > 255 {
            return Err(invalid());
        }
        v = v << 8 | n;
    }
    Ok(Some(v))
}

fn fail(f: Failure, at: usize) -> Flow {
    Flow::from(RubyError::raised_as(f.0, f.1, at))
}

/// An address from a method's argument (an `IPAddr`, or text, or an integer of this
/// family).
fn coerce(v: &RValue, family_v6: bool) -> Result<IpAddr, Failure> {
    match v {
        RValue::Host(o) => o
            .as_any()
            .downcast_ref::<IpAddr>()
            .cloned()
            .ok_or_else(invalid),
        RValue::Str(s) => IpAddr::parse(s),
        RValue::Int(i) if *i >= 0 => Ok(IpAddr {
            v6: family_v6,
            addr: *i as u128,
            bits: if family_v6 { 128 } else { 32 },
            zone: None,
        }),
        _ => Err(invalid()),
    }
}

/// `IPAddr.new` and `IPAddr.const_defined?`; `None` for another method.
pub fn class_call(c: &Call) -> R<Option<RValue>> {
    if c.name == "const_defined?" {
        // (modules test for the error classes of newer `ipaddr`s)
        c.arity(1, 2)?;
        let name = crate::show::to_s(&c.args[0]);
        return Ok(Some(RValue::bool(matches!(
            name.as_str(),
            "Error" | "InvalidAddressError" | "InvalidPrefixError" | "AddressFamilyError"
        ))));
    }
    if c.name != "new" {
        return Ok(None);
    }
    c.arity(0, 2)?;
    let ip = match (c.arg(0), c.arg(1)) {
        (None, _) => IpAddr::parse("::"),
        (Some(RValue::Str(s)), None) => IpAddr::parse(s),
        (Some(RValue::Str(s)), Some(RValue::Int(f))) => IpAddr::parse(s).and_then(|ip| {
            if ip.family() == *f {
                Ok(ip)
            } else {
                Err(invalid())
            }
        }),
        // (an integer of any size: an IPv6 address's is a bignum, extlib's
        // `IPAddr.new(ip.to_i + index, ip.family)`)
        (Some(n), Some(RValue::Int(f)))
            if (*f == AF_INET || *f == AF_INET6)
                && (matches!(n, RValue::Int(_)) || super::bignum::Bignum::of(n).is_some()) =>
        {
            let v6 = *f == AF_INET6;
            let max = if v6 { u128::MAX } else { u32::MAX as u128 };
            match super::bignum::Bignum::to_u128(n) {
                Some(addr) if addr <= max => Ok(IpAddr {
                    v6,
                    addr,
                    bits: if v6 { 128 } else { 32 },
                    zone: None,
                }),
                _ => Err(invalid()),
            }
        }
        (Some(RValue::Str(_)), Some(_)) | (Some(RValue::Int(_)), Some(_)) => Err(Failure(
            "IPAddr::AddressFamilyError",
            "unsupported address family".into(),
        )),
        _ => Err(Failure(
            "IPAddr::AddressFamilyError",
            "address family must be specified".into(),
        )),
    };
    ip.map(|ip| Some(RValue::host(ip)))
        .map_err(|f| fail(f, c.at))
}

/// An error of a method of an address: its message (a host object's error carries no
/// class: `rescue IPAddr::Error` around `include?` of bad text does not catch it).
fn host_err(f: Failure) -> HostError {
    HostError::Raise(f.1)
}

impl HostObject for IpAddr {
    fn class_name(&self) -> String {
        "IPAddr".into()
    }
    fn is_a(&self, class: &str) -> bool {
        class == "Comparable"
    }
    fn to_s(&self) -> String {
        self.text()
    }
    fn inspect(&self) -> String {
        let mask = IpAddr {
            addr: self.mask_bits(),
            zone: None,
            ..self.clone()
        };
        format!(
            "#<IPAddr: {}:{}/{}>",
            if self.v6 { "IPv6" } else { "IPv4" },
            self.full(),
            mask.full()
        )
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<IpAddr>()
            .is_some_and(|o| o.v6 == self.v6 && o.addr == self.addr)
    }
    fn compare(&self, other: &dyn HostObject) -> Option<std::cmp::Ordering> {
        let o = other.as_any().downcast_ref::<IpAddr>()?;
        (o.v6 == self.v6).then(|| self.addr.cmp(&o.addr))
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        let other = || match args.first() {
            Some(v) => coerce(v, self.v6).map_err(host_err),
            None => Err(HostError::Raise(
                "wrong number of arguments (given 0, expected 1)".into(),
            )),
        };
        let new = |ip: IpAddr| RValue::host(ip);
        let v4_of_mapped = || {
            (self.v6 && self.addr >> 32 == 0xffff)
                .then(|| self.with(self.addr & 0xffff_ffff, false))
        };
        let v4_test = |f: &dyn Fn(u32) -> bool| match (self.v6, v4_of_mapped()) {
            (false, _) => f(self.addr as u32),
            (true, Some(v4)) => f(v4.addr as u32),
            _ => false,
        };
        Some(Ok(match name {
            "to_s" => RValue::str(self.text()),
            "to_string" => RValue::str(self.full()),
            "inspect" => RValue::str(self.inspect()),
            "ipv4?" => RValue::Bool(RBool::new(!self.v6)),
            "ipv6?" => RValue::Bool(RBool::new(self.v6)),
            "prefix" => RValue::Int(self.bits as i64),
            "family" => RValue::Int(self.family()),
            "to_i" | "to_int" => super::bignum::Bignum::of_u128(self.addr),
            "include?" | "===" | "member?" => match other() {
                Ok(o) => RValue::Bool(RBool::new(self.in_range(&o))),
                // (`===` of something that is no address is false)
                Err(_) if name == "===" => RValue::Bool(RBool::False),
                Err(e) => return Some(Err(e)),
            },
            "==" | "eql?" => RValue::bool(
                args.first()
                    .and_then(|v| coerce(v, self.v6).ok())
                    .is_some_and(|o| o.v6 == self.v6 && o.addr == self.addr),
            ),
            "!=" => RValue::bool(
                !args
                    .first()
                    .and_then(|v| coerce(v, self.v6).ok())
                    .is_some_and(|o| o.v6 == self.v6 && o.addr == self.addr),
            ),
            "<=>" => match args.first().and_then(|v| coerce(v, self.v6).ok()) {
                Some(o) if o.v6 == self.v6 => RValue::Int(self.addr.cmp(&o.addr) as i64),
                _ => RValue::Nil,
            },
            "<" | "<=" | ">" | ">=" => match args.first().and_then(|v| coerce(v, self.v6).ok()) {
                Some(o) if o.v6 == self.v6 => {
                    let ord = self.addr.cmp(&o.addr);
                    RValue::bool(match name {
                        "<" => ord.is_lt(),
                        "<=" => ord.is_le(),
                        ">" => ord.is_gt(),
                        _ => ord.is_ge(),
                    })
                }
                _ => {
                    return Some(Err(HostError::Raise(format!(
                        "comparison of IPAddr with {} failed",
                        args.first().map_or("nil".into(), RValue::compare_name)
                    ))))
                }
            },
            "mask" => {
                let mut ip = self.clone();
                let p = match args.first() {
                    Some(RValue::Int(n)) => n.to_string(),
                    Some(v) => crate::show::to_s(v),
                    None => {
                        return Some(Err(HostError::Raise(
                            "wrong number of arguments (given 0, expected 1)".into(),
                        )))
                    }
                };
                if let Err(f) = ip.mask_by(&p) {
                    return Some(Err(host_err(f)));
                }
                new(ip)
            }
            "netmask" => new(IpAddr {
                addr: self.mask_bits(),
                zone: None,
                bits: self.width(),
                ..self.clone()
            }),
            "private?" => RValue::Bool(if self.v6 && v4_of_mapped().is_none() {
                RBool::new(self.addr >> 121 == 0x7e)
            } else {
                RBool::new(v4_test(&|a| {
                    a >> 24 == 10 || a >> 20 == 0xac1 || a >> 16 == 0xc0a8
                }))
            }),
            "loopback?" => RValue::Bool(if self.v6 && v4_of_mapped().is_none() {
                RBool::new(self.addr == 1)
            } else {
                RBool::new(v4_test(&|a| a >> 24 == 127))
            }),
            "link_local?" => RValue::Bool(if self.v6 && v4_of_mapped().is_none() {
                RBool::new(self.addr >> 118 == 0x3fa)
            } else {
                RBool::new(v4_test(&|a| a >> 16 == 0xa9fe))
            }),
            "ipv4_mapped?" => RValue::Bool(RBool::new(v4_of_mapped().is_some())),
            "ipv4_compat?" => {
                RValue::Bool(RBool::new(self.v6 && self.addr >> 32 == 0 && self.addr > 1))
            }
            "ipv4_mapped" if !self.v6 => new(self.with(0xffff_0000_0000 | self.addr, true)),
            "native" => match v4_of_mapped() {
                Some(v4) => new(v4),
                None if self.v6 && self.addr >> 32 == 0 && self.addr > 1 => {
                    new(self.with(self.addr, false))
                }
                None => new(self.clone()),
            },
            "succ" => new(IpAddr {
                addr: self.addr.wrapping_add(1) & self.all(),
                ..self.clone()
            }),
            "reverse" if !self.v6 => {
                let a = self.addr as u32;
                RValue::str(format!(
                    "{}.{}.{}.{}.in-addr.arpa",
                    a & 255,
                    a >> 8 & 255,
                    a >> 16 & 255,
                    a >> 24
                ))
            }
            "reverse" => {
                let digits: Vec<String> = (0..32)
                    .map(|i| format!("{:x}", (self.addr >> (4 * i)) & 15))
                    .collect();
                RValue::str(format!("{}.ip6.arpa", digits.join(".")))
            }
            "hton" => {
                let bytes = if self.v6 {
                    self.addr.to_be_bytes().to_vec()
                } else {
                    (self.addr as u32).to_be_bytes().to_vec()
                };
                RValue::bytes(bytes)
            }
            "hash" => RValue::Int((self.addr as i64) ^ (self.bits as i64) << 1),
            // the network's first and last address, each of the full length (Ruby's
            // `IPAddr.new(begin_addr, family)..IPAddr.new(end_addr, family)`)
            "to_range" => RValue::Range(std::rc::Rc::new((
                new(self.with(self.addr & self.mask_bits(), self.v6)),
                new(self.with(self.last(), self.v6)),
                false,
            ))),
            _ => return None,
        }))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_as_ruby() {
        let t = |s: &str| IpAddr::parse(s).map(|ip| ip.text()).map_err(|f| f.1);
        assert_eq!(t("192.168.1.5/24").unwrap(), "192.168.1.0");
        assert_eq!(t("1:0:0:2:0:0:0:3").unwrap(), "1:0:0:2::3");
        assert_eq!(t("1:0:2:3:4:5:6:7").unwrap(), "1:0:2:3:4:5:6:7");
        assert_eq!(t("::ffff:192.168.1.1").unwrap(), "::ffff:192.168.1.1");
        assert_eq!(t("::2:3").unwrap(), "::0.2.0.3");
        assert_eq!(t("2001:DB8::/32").unwrap(), "2001:db8::");
        assert_eq!(t("1.2.3.4/255.255.0.0").unwrap(), "1.2.0.0");
        assert_eq!(t("fe80::1%eth0").unwrap(), "fe80::1%eth0");
        assert!(t("01.2.3.4").unwrap_err().starts_with("zero-filled"));
        assert_eq!(t("1.2.3").unwrap_err(), "invalid address: ");
        assert_eq!(t("1.2.3.4/33").unwrap_err(), "invalid length: 16909060");
    }

    #[test]
    fn to_range_is_the_network_first_to_last() {
        let show = |v: &RValue| match v {
            RValue::Host(o) => o.inspect(),
            _ => panic!("not an IPAddr"),
        };
        let range = |s: &str| match IpAddr::parse(s)
            .ok()
            .and_then(|ip| ip.call("to_range", &[]))
        {
            Some(Ok(RValue::Range(ref r))) => (show(&r.0), show(&r.1), r.2),
            _ => panic!("no range"),
        };
        assert_eq!(
            range("192.0.2.77/24"),
            (
                "#<IPAddr: IPv4:192.0.2.0/255.255.255.255>".to_string(),
                "#<IPAddr: IPv4:192.0.2.255/255.255.255.255>".to_string(),
                false
            )
        );
        let (first, last, _) = range("2001:DB8::/32");
        let six = |g: &str| [g; 6].join(":");
        let mask = format!("{}:ffff:ffff>", six("ffff"));
        assert_eq!(
            first,
            format!("#<IPAddr: IPv6:2001:0db8:{}/{mask}", six("0000"))
        );
        assert_eq!(
            last,
            format!("#<IPAddr: IPv6:2001:0db8:{}/{mask}", six("ffff"))
        );
    }
}
