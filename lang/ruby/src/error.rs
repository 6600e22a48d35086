//! What can go wrong in a template: a syntax error, Ruby outside prepl's subset, or a Ruby
//! exception raised while it runs. Offsets are in the template's text.

#[derive(Debug, Clone, PartialEq)]
pub enum RubyError {
    /// The template's Ruby does not parse.
    /// `at`..`end` is the token it stopped at.
    Syntax {
        message: String,
        at: usize,
        end: usize,
        /// Whether Ruby quotes the generated code's line (not for errors found after parsing).
        quote: bool,
        /// A second error Ruby's parser reports at the same place after recovering.
        also: Option<String>,
        /// How far past `at`, in ERB's generated code, Ruby's parser stopped (in the
        /// `).to_s);` ERB writes after the code of `<%= %>`).
        shift: usize,
    },
    /// Valid Ruby that prepl's subset does not cover (`what` names the construct).
    Unsupported { what: String, at: usize },
    /// A Ruby exception (`NoMethodError`, `TypeError`, `raise`, a failing Puppet function):
    /// `rescue` catches it. `at` is where it was raised.
    Raised {
        message: String,
        at: usize,
        /// Its exception class (`NoMethodError`).
        class: String,
    },
    /// The session's evaluation was interrupted (Ctrl-C, a time budget) while the template
    /// ran: `rescue` does not catch it.
    Interrupted { at: usize },
}

impl RubyError {
    pub fn syntax(message: impl Into<String>, at: usize) -> RubyError {
        RubyError::Syntax {
            message: message.into(),
            at,
            end: at,
            quote: true,
            also: None,
            shift: 0,
        }
    }
    /// A syntax error Ruby reports without quoting the code (`break` outside a loop).
    pub fn syntax_unquoted(message: impl Into<String>, at: usize) -> RubyError {
        RubyError::Syntax {
            message: message.into(),
            at,
            end: at,
            quote: false,
            also: None,
            shift: 0,
        }
    }
    pub fn syntax_span(message: impl Into<String>, at: usize, end: usize) -> RubyError {
        RubyError::Syntax {
            message: message.into(),
            at,
            end,
            quote: true,
            also: None,
            shift: 0,
        }
    }
    pub fn unsupported(what: impl Into<String>, at: usize) -> RubyError {
        RubyError::Unsupported {
            what: what.into(),
            at,
        }
    }
    pub fn raised(message: impl Into<String>, at: usize) -> RubyError {
        let message = message.into();
        let class = class_of(&message).to_string();
        RubyError::Raised { message, at, class }
    }
    /// An exception of a given class (`raise ArgumentError, 'bad'`).
    pub fn raised_as(class: impl Into<String>, message: impl Into<String>, at: usize) -> RubyError {
        RubyError::Raised {
            message: message.into(),
            at,
            class: class.into(),
        }
    }
    pub fn at(&self) -> usize {
        match self {
            RubyError::Syntax { at, .. }
            | RubyError::Unsupported { at, .. }
            | RubyError::Raised { at, .. }
            | RubyError::Interrupted { at } => *at,
        }
    }
}

/// 1-based line and column of an offset.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text.as_bytes()[..at];
    // Counted a byte at a time (vectorized), not with a searcher stopping at each line: the
    // notes of skipped custom facts place each error this way at start-up.
    let newlines = |chunk: &[u8]| chunk.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'));
    let line = before
        .chunks(255)
        .map(|c| usize::from(newlines(c)))
        .sum::<usize>()
        + 1;
    let col = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(at, |n| at - n - 1)
        + 1;
    (line, col)
}

#[cfg(test)]
mod line_col_tests {
    use super::line_col;

    #[test]
    fn lines_and_columns() {
        let text = "ab\ncd\n\nef";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 2), (1, 3));
        assert_eq!(line_col(text, 3), (2, 1));
        assert_eq!(line_col(text, 4), (2, 2));
        assert_eq!(line_col(text, 7), (4, 1));
        assert_eq!(line_col(text, 9), (4, 3));
        assert_eq!(line_col(text, 100), (4, 3));
        assert_eq!(line_col("", 5), (1, 1));
        // An offset inside a character counts its bytes, without panicking.
        assert_eq!(line_col("\u{e9}x", 1), (1, 2));
    }
}

/// The class of an exception the core methods raise, from the message Ruby gives it.
fn class_of(message: &str) -> &'static str {
    let starts = |p: &str| message.starts_with(p);
    if message == "stack level too deep" {
        "SystemStackError"
    } else if starts("undefined method") || starts("private method") {
        "NoMethodError"
    } else if starts("undefined local variable") || starts("uninitialized constant") {
        "NameError"
    } else if starts("cannot load such file") {
        "LoadError"
    } else if starts("divided by 0") {
        "ZeroDivisionError"
    } else if starts("key not found") {
        "KeyError"
    } else if starts("index ") {
        "IndexError"
    } else if starts("can't modify frozen") {
        "FrozenError"
    } else if starts("no implicit conversion")
        || starts("wrong argument type")
        || starts("can't convert")
        || message.contains("can't be coerced")
    {
        "TypeError"
    } else if starts("wrong number of arguments")
        || starts("invalid value for")
        || starts("comparison of")
        || starts("negative")
    {
        "ArgumentError"
    } else {
        "RuntimeError"
    }
}

/// Whether exception class `class` is `ancestor` or inherits from it.
pub fn error_is_a(class: &str, ancestor: &str) -> bool {
    let mut k = class;
    loop {
        if k == ancestor || matches!(ancestor, "Object" | "BasicObject" | "Kernel") {
            return true;
        }
        k = match k {
            "NoMethodError" => "NameError",
            "KeyError" | "StopIteration" => "IndexError",
            "FrozenError" => "RuntimeError",
            "FloatDomainError" => "RangeError",
            "UncaughtThrowError" => "ArgumentError",
            "JSON::ParserError" => "JSON::JSONError",
            "Psych::SyntaxError" => "Psych::Exception",
            "Psych::Exception" => "RuntimeError",
            "URI::InvalidURIError" => "URI::Error",
            "Encoding::CompatibilityError" | "Encoding::UndefinedConversionError" => {
                "EncodingError"
            }
            "OpenSSL::PKey::RSAError" => "OpenSSL::PKey::PKeyError",
            "IPAddr::InvalidPrefixError" => "IPAddr::InvalidAddressError",
            "IPAddr::InvalidAddressError" | "IPAddr::AddressFamilyError" => "IPAddr::Error",
            "IPAddr::Error" => "ArgumentError",
            "OpenSSL::X509::CertificateError" | "OpenSSL::PKey::PKeyError" => {
                "OpenSSL::OpenSSLError"
            }
            // (Puppet's, as its `puppet/error.rb` and friends declare them)
            "Puppet::DataBinding::LookupError" => "Puppet::PreformattedError",
            "Puppet::PreformattedError" => "Puppet::ParseErrorWithIssue",
            "Puppet::ParseErrorWithIssue" => "Puppet::ParseError",
            "Puppet::ParseError"
            | "Puppet::DevError"
            | "Puppet::ErrorWithData"
            | "Puppet::Pops::Types::TypeAssertionError" => "Puppet::Error",
            "Puppet::Error" => "RuntimeError",
            "SystemStackError" | "NoMemoryError" => "Exception",
            "NotImplementedError" | "LoadError" | "SyntaxError" => "ScriptError",
            "StandardError" | "ScriptError" => "Exception",
            "Exception" => return false,
            k if k.starts_with("Hocon::") => HOCON_ERRORS
                .iter()
                .find(|(c, _)| *c == k)
                .map_or("StandardError", |(_, s)| *s),
            _ => "StandardError",
        };
    }
}

/// Whether an exception of class `class` escapes the reference's wrappers, which rescue
/// `StandardError`s only (Puppet's function calls, its evaluator, template rendering): a
/// `ScriptError` (`LoadError`, `NotImplementedError`, `SyntaxError`).
pub fn is_script_error(class: &str) -> bool {
    error_is_a(class, "ScriptError")
}

/// Ruby's exception classes (`raise ArgumentError, 'message'`).
pub fn is_error_class(name: &str) -> bool {
    matches!(
        name,
        "StandardError"
            | "RuntimeError"
            | "ArgumentError"
            | "TypeError"
            | "NameError"
            | "NoMethodError"
            | "KeyError"
            | "IndexError"
            | "ZeroDivisionError"
            | "RangeError"
            | "Exception"
            | "FrozenError"
            | "NotImplementedError"
            | "LoadError"
            | "SyntaxError"
            | "StopIteration"
            | "ScriptError"
            | "FloatDomainError"
            | "UncaughtThrowError"
            | "JSON::ParserError"
            | "JSON::JSONError"
            | "LocalJumpError"
            | "SystemStackError"
            | "NoMemoryError"
            | "URI::Error"
            | "URI::InvalidURIError"
            | "EncodingError"
            | "Encoding::CompatibilityError"
            | "Encoding::UndefinedConversionError"
            | "OpenSSL::OpenSSLError"
            | "OpenSSL::X509::CertificateError"
            | "OpenSSL::PKey::PKeyError"
            | "OpenSSL::PKey::RSAError"
            | "IPAddr::Error"
            | "IPAddr::InvalidAddressError"
            | "IPAddr::InvalidPrefixError"
            | "IPAddr::AddressFamilyError"
            | "Psych::SyntaxError"
            | "Psych::Exception"
            | "Puppet::Util::Json::ParseError"
    ) || is_puppet_error_class(name)
        || HOCON_ERRORS.iter().any(|(c, _)| *c == name)
}

/// Puppet's exception classes (its `puppet/error.rb` and friends, as `error_is_a` chains
/// them): a module's Ruby makes one with `Puppet::ParseError.new('message')` and raises it.
pub fn is_puppet_error_class(name: &str) -> bool {
    matches!(
        name,
        "Puppet::Error"
            | "Puppet::ParseError"
            | "Puppet::DevError"
            | "Puppet::ErrorWithData"
            | "Puppet::ParseErrorWithIssue"
            | "Puppet::PreformattedError"
            | "Puppet::DataBinding::LookupError"
            | "Puppet::Pops::Types::TypeAssertionError"
    )
}

/// The error classes of the `hocon` gem (`methods/hocon`), each with its superclass.
pub const HOCON_ERRORS: &[(&str, &str)] = &[
    ("Hocon::ConfigError", "StandardError"),
    (
        "Hocon::ConfigError::ConfigMissingError",
        "Hocon::ConfigError",
    ),
    (
        "Hocon::ConfigError::ConfigNullError",
        "Hocon::ConfigError::ConfigMissingError",
    ),
    ("Hocon::ConfigError::ConfigIOError", "Hocon::ConfigError"),
    ("Hocon::ConfigError::ConfigParseError", "Hocon::ConfigError"),
    (
        "Hocon::ConfigError::ConfigWrongTypeError",
        "Hocon::ConfigError",
    ),
    (
        "Hocon::ConfigError::ConfigBugOrBrokenError",
        "Hocon::ConfigError",
    ),
    (
        "Hocon::ConfigError::ConfigNotResolvedError",
        "Hocon::ConfigError::ConfigBugOrBrokenError",
    ),
    (
        "Hocon::ConfigError::ConfigBadPathError",
        "Hocon::ConfigError",
    ),
    (
        "Hocon::ConfigError::UnresolvedSubstitutionError",
        "Hocon::ConfigError::ConfigParseError",
    ),
];

/// Why the host could not do what the template asked.
#[derive(Debug, Clone, PartialEq)]
pub enum HostError {
    /// A Ruby exception with this message (`rescue` catches it).
    Raise(String),
    /// A Ruby exception of this class with this message: an error of Puppet's that is a
    /// Ruby exception the reference does not catch (a `LoadError` of a module function
    /// the code called), seen again as that exception (`rescue LoadError` catches it, a
    /// bare `rescue` does not).
    RaiseAs { class: String, message: String },
    /// Something outside the subset (a value the host cannot take, such as a Ruby range
    /// given to a function): the message names it.
    Unsupported(String),
    /// `throw :tag` made by the host (a Hiera lookup context's `not_found` throws
    /// `:no_such_key` to the lookup that called the function): `rescue` does not catch it.
    Throw(String),
}

#[cfg(test)]
mod puppet_error_tests {
    use super::error_is_a;

    /// Puppet's exception classes inherit as the reference declares them: a located error
    /// is a `Puppet::ParseError`, every Puppet error a `RuntimeError`.
    #[test]
    fn puppet_errors_inherit_as_the_reference_declares() {
        for (class, ancestor) in [
            ("Puppet::PreformattedError", "Puppet::ParseError"),
            ("Puppet::PreformattedError", "Puppet::ParseErrorWithIssue"),
            (
                "Puppet::DataBinding::LookupError",
                "Puppet::PreformattedError",
            ),
            ("Puppet::ParseError", "Puppet::Error"),
            ("Puppet::Pops::Types::TypeAssertionError", "RuntimeError"),
            ("Puppet::Error", "StandardError"),
            // (stdlib's `parseyaml` and `parsejson` raise their libraries' errors again)
            ("Psych::SyntaxError", "RuntimeError"),
            ("Puppet::Util::Json::ParseError", "StandardError"),
        ] {
            assert!(error_is_a(class, ancestor), "{class} < {ancestor}");
        }
        for (class, ancestor) in [
            (
                "Puppet::Pops::Types::TypeAssertionError",
                "Puppet::ParseError",
            ),
            ("Puppet::ParseError", "Puppet::PreformattedError"),
            ("Puppet::Error", "ArgumentError"),
            ("ArgumentError", "Puppet::Error"),
            ("Puppet::Util::Json::ParseError", "RuntimeError"),
        ] {
            assert!(!error_is_a(class, ancestor), "{class} !< {ancestor}");
        }
    }
}
