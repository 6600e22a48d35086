# The calls the modules' own rspec-puppet function tests make (`spec/functions/**/*_spec.rb`:
# `is_expected.to run.with_params(ARGS)` under `describe 'FUNCTION'`), as Puppet source, for
# cases.py: one JSON line per call, {"function": NAME, "src": "NAME(ARGS)"}.
#
#     ruby tests/ruby_differential/spec_calls.rb MODULES_DIR
#
# Only calls whose arguments are Ruby literals (strings, numbers, true/false/nil, arrays and
# hashes of them) are kept: their text is checked to hold nothing else before Ruby reads it
# (no identifiers, no method calls), and the values are written back as Puppet literals.
require 'json'
require 'ripper'

# The text of the parenthesised arguments opening at `start` (the `(`), or nil.
def balanced(text, start)
  depth = 0
  quote = nil
  i = start
  while i < text.length
    ch = text[i]
    if quote
      i += 1 if ch == '\\'
      quote = nil if ch == quote
    elsif ch == "'" || ch == '"'
      quote = ch
    elsif ch == '('
      depth += 1
    elsif ch == ')'
      depth -= 1
      return text[(start + 1)...i] if depth.zero?
    end
    i += 1
  end
  nil
end

LITERAL_TOKENS = %i[
  on_sp on_nl on_ignored_nl on_comma on_lbracket on_rbracket on_lbrace on_rbrace on_op
  on_tstring_beg on_tstring_content on_tstring_end on_int on_float on_label on_kw
  on_symbeg on_ident on_words_beg on_qwords_beg on_words_sep
].freeze

# Whether `args` is made of literals only (keywords true/false/nil, `=>`, unary minus).
def literal?(args)
  tokens = Ripper.lex("[#{args}]")
  return false if tokens.nil? || tokens.empty?

  tokens.all? do |(_, kind, text)|
    next false unless LITERAL_TOKENS.include?(kind)
    next %w[true false nil].include?(text) if kind == :on_kw
    next %w[=> -].include?(text) if kind == :on_op
    # an identifier only as a symbol's name (`:foo`)
    next false if kind == :on_ident

    true
  end && !args.include?('#{')
end

def puppet(v)
  case v
  when String, Symbol
    "'" + v.to_s.gsub('\\', '\\\\\\\\').gsub("'", "\\\\'") + "'"
  when Integer, Float then v.to_s
  when true, false then v.to_s
  when nil then 'undef'
  when Array then '[' + v.map { |x| puppet(x) }.join(', ') + ']'
  when Hash then '{' + v.map { |k, x| "#{puppet(k)} => #{puppet(x)}" }.join(', ') + '}'
  else raise "not a literal: #{v.inspect}"
  end
end

modules = ARGV[0] or abort 'usage: spec_calls.rb MODULES_DIR'
Dir.glob(File.join(modules, '*/spec/functions/**/*_spec.rb')).sort.each do |path|
  text = File.read(path)
  name = text[/^\s*describe\s+['"]([\w:]+)['"]/, 1] or next
  seen = []
  text.scan(/\brun\.with_params\(/) do
    start = Regexp.last_match.end(0) - 1
    args = balanced(text, start) or next
    next unless literal?(args)

    values = begin
      # rubocop:disable Security/Eval: checked above to hold literals only
      eval("[#{args}]", binding, path)
    rescue StandardError, SyntaxError
      next
    end
    src = "#{name}(#{values.map { |v| puppet(v) }.join(', ')})"
    next if seen.include?(src)

    seen << src
    puts JSON.generate('function' => name, 'src' => src)
  end
end
