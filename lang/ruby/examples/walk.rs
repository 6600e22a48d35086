//! A measuring loop for the evaluator alone (issue 34): runs the bodies of the five
//! module functions of `bench/rubyfn` (stdlib's fact, member, delete, pick and
//! shell_escape, copied as plain `def`s) the way `rubyfn` calls them (the file loaded once,
//! then each call in a fresh interpreter that installs what it defined), N times each.
//! Building it needs only `prepl-ruby`, a fraction of the whole binary's build.
//!
//!     cargo build --release -p prepl-ruby --example walk
//!     valgrind --tool=callgrind target/release/examples/walk fact 1000
//!
//! (the same with 2000 minus this: 1,000 calls of `fact`). `all` runs the five in turn.
//! It allocates with the binaries' allocator (`CountingAlloc`), as `prepl` does.

use prepl_ruby::eval::BlockArg;
use prepl_ruby::{Host, HostError, Interp, RArray, RHash, RValue, Required};

/// The allocator the binaries install (allocation costs as in `prepl`: mimalloc, counted).
#[global_allocator]
static ALLOCATOR: prepl_core::limits::CountingAlloc = prepl_core::limits::CountingAlloc;

/// The functions' bodies (bench/rubyfn/modules/zsrc), `closure_scope` the host's.
const SOURCE: &str = r##"
def to_dot_syntax(array_path)
  array_path.map { |string|
    string.include?('.') ? %("#{string}") : string
  }.join('.')
end

def fact(fact_name)
  facts = closure_scope['facts']

  path = fact_name.scan(%r{([^."]+)|(?:")([^"]+)(?:")}).map { |x| x.compact.first }

  walked_path = []
  path.reduce(facts) do |d, k|
    return nil if d.nil? || k.nil?

    if d.is_a?(Array)
      begin
        result = d[Integer(k)]
      rescue ArgumentError => e
        Puppet.warning("fact request for #{fact_name} returning nil: '#{to_dot_syntax(walked_path)}' is an array; cannot index to '#{k}'")
        result = nil
      end
    elsif d.is_a?(Hash)
      result = d[k]
    else
      Puppet.warning("fact request for #{fact_name} returning nil: '#{to_dot_syntax(walked_path)}' is not a collection; cannot walk to '#{k}'")
      result = nil
    end

    walked_path << k
    result
  end
end

def member(arguments)
  raise(Puppet::ParseError, "member(): Wrong number of arguments given (#{arguments.size} for 2)") if arguments.size < 2

  array = arguments[0]

  unless array.is_a?(Array)
    raise(Puppet::ParseError, 'member(): Requires array to work with')
  end

  unless arguments[1].is_a?(String) || arguments[1].is_a?(Integer) || arguments[1].is_a?(Array)
    raise(Puppet::ParseError, 'member(): Item to search for must be a string, fixnum, or array')
  end

  item = if arguments[1].is_a?(String) || arguments[1].is_a?(Integer)
           [arguments[1]]
         else
           arguments[1]
         end

  raise(Puppet::ParseError, 'member(): You must provide item to search for within array given') if item.respond_to?('empty?') && item.empty?

  result = (item - array).empty?

  return result
end

def delete(arguments)
  raise(Puppet::ParseError, "delete(): Wrong number of arguments given #{arguments.size} for 2") unless arguments.size == 2

  collection = arguments[0].dup
  Array(arguments[1]).each do |item|
    case collection
    when Array, Hash
      collection.delete item
    when String
      collection.gsub! item, ''
    else
      raise(TypeError, "delete(): First argument must be an Array, String, or Hash. Given an argument of class #{collection.class}.")
    end
  end
  collection
end

def pick(args)
  args = args.compact
  args.delete(:undef)
  args.delete(:undefined)
  args.delete('')
  raise Puppet::ParseError, 'pick(): must receive at least one non empty value' if args[0].to_s.empty?
  return args[0]
end

def shell_escape(string)
  require 'shellwords'

  Shellwords.shellescape(string.to_s)
end
"##;

/// The host of a module function: `closure_scope` is the top scope, whose `facts` is a
/// small facts hash.
struct FunctionHost {
    facts: RValue,
}

impl Host for FunctionHost {
    fn variable(&mut self, name: &str) -> Option<RValue> {
        (name == "facts").then(|| self.facts.clone())
    }
    fn has_variable(&mut self, name: &str, _with_value: bool) -> bool {
        name == "facts"
    }
    fn call_function(&mut self, name: &str, _args: Vec<RValue>) -> Result<RValue, HostError> {
        Err(HostError::Raise(format!("Unknown function: '{name}'")))
    }
    fn has_function(&mut self, _name: &str) -> Result<bool, String> {
        Ok(false)
    }
    fn self_call(&mut self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        (name == "closure_scope" && args.is_empty()).then_some(Ok(RValue::Scope))
    }
    fn require(&mut self, _path: &str) -> Option<Result<Required, HostError>> {
        // (a library the host stands for, as `shellwords` is in `rubyfn`)
        Some(Ok(Required::Nothing))
    }
}

fn facts() -> RValue {
    let s = |t: &str| RValue::str(t);
    let os = RHash::from_distinct(vec![
        (s("family"), s("Debian")),
        (s("name"), s("Debian")),
        (s("architecture"), s("amd64")),
    ]);
    RValue::hash(RHash::from_distinct(vec![
        (s("os"), RValue::hash(os)),
        (s("hostname"), s("foo")),
    ]))
}

/// The arguments of the `i`th call of `name`, as `bench/rubyfn/NAME.pp` gives them (a 3.x
/// function's in one array, undef as the empty string), made as `rubyfn`'s bridge makes them.
fn arguments(name: &str, i: usize) -> Vec<RValue> {
    let s = |t: &str| RValue::str(t);
    let x = || RValue::str(format!("x{i}"));
    match name {
        "fact" => vec![s("os.family")],
        "member" | "delete" => vec![RValue::array(RArray::from_iter([
            RValue::array(RArray::from_iter([s("a"), x()])),
            s("a"),
        ]))],
        "pick" => vec![RValue::array(RArray::from_iter([s(""), x()]))],
        _ => vec![RValue::str(format!("x{i} y"))],
    }
}

fn main() {
    let mut argv = std::env::args().skip(1);
    let which = argv.next().unwrap_or_else(|| "all".into());
    let n: usize = argv.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let names: Vec<&str> = match which.as_str() {
        "all" => vec!["fact", "member", "delete", "pick", "shell_escape"],
        one => vec![one],
    };
    let mut toks = Vec::new();
    prepl_ruby::lexer::lex(SOURCE, 0, &mut toks).expect("lexed");
    let body = prepl_ruby::parser::parse(toks).expect("parsed");
    let mut host = FunctionHost { facts: facts() };
    let loaded = {
        let mut it = Interp::new(&mut host);
        it.define_module("PuppetX");
        it.load(&body).expect("loaded");
        it.snapshot()
    };
    let mut last = RValue::Nil;
    for name in names {
        for i in 0..n {
            let mut it = Interp::calling(&mut host, &loaded);
            let block: Option<BlockArg> = None;
            last = it
                .call_top(name, arguments(name, i), block, 0)
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        }
    }
    println!("{}", prepl_ruby::show::inspect(&last));
}
