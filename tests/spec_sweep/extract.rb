#!/usr/bin/env ruby
# frozen_string_literal: true

# The declarations the modules' own rspec-puppet examples make, as Puppet programs.
#
# Every `spec/classes/*_spec.rb` and `spec/defines/*_spec.rb` of the module cache is run
# under a small stand-in for RSpec: example groups are classes (as in RSpec), `let` defines a
# memoized method, `before` blocks run before each example, shared examples are included
# where `it_behaves_like` & co. name them. The examples' assertions are never run: each
# example only yields what rspec-puppet would compile, the described class or define
# declared with the example's `params` (and `title`), after its `pre_condition` and before
# its `post_condition`. Those programs (distinct ones, at most MAX_PER_FILE a spec file; none
# naming a file of the module cache by its absolute path, which is this machine's) are written
# as the module sweep's case lines (id, module, src) on standard output.
#
#   ruby tests/spec_sweep/extract.rb MODULES_DIR > tests/spec_sweep/cases.jsonl
#
# Values of params become Puppet literals (`:undef`/nil → undef, symbols → strings,
# `sensitive(x)` → Sensitive(x)); an example whose values are anything else (an object of
# the spec helpers) is left out.

require 'json'

MAX_PER_FILE = Integer(ENV.fetch('MAX_PER_FILE', '100'))

# Whatever a spec helper would have given: answers every message with itself.
class Stub < BasicObject
  def method_missing(*_args)
    self
  end

  def respond_to_missing?(*_args)
    true
  end

  def to_s
    'stub'
  end

  def class
    ::Stub
  end

  def is_a?(other)
    other == ::Stub
  end
end

# `sensitive('x')` in a spec: rspec-puppet writes Sensitive('x').
class SensitiveValue
  attr_reader :value

  def initialize(value)
    @value = value
  end
end

# The facts an example may read to make its params: a Debian 12 set (the sweep's).
FACTS_FILE = File.expand_path('../real_modules/facts-debian-12.json', __dir__)
def symbolized(value)
  case value
  when Hash then value.to_h { |k, v| [k.to_sym, symbolized(v)] }
  when Array then value.map { |v| symbolized(v) }
  else value
  end
end
BASE_FACTS = symbolized(JSON.parse(File.read(FACTS_FILE)))

# openstacklib's spec helper, used by most OpenStack modules' specs.
module OSDefaults
  def self.get_facts(extra = {}, _version = nil)
    BASE_FACTS.merge(extra)
  end

  def self.method_missing(*_args)
    Stub.new
  end

  def self.respond_to_missing?(*_args)
    true
  end
end

# An example group: a class, as in RSpec; its instances are examples.
class Group
  @lets_done = {}
  class << self
    attr_accessor :described, :befores, :shared

    def inherited(sub)
      super
      sub.described = described
      sub.befores = []
      sub.shared = {}
    end

    def all_befores
      (superclass.respond_to?(:all_befores) ? superclass.all_befores : []) + befores
    end

    def find_shared(name)
      shared[name] || (superclass.respond_to?(:find_shared) ? superclass.find_shared(name) : $shared[name])
    end

    def let(name, &block)
      define_method(name) do
        @memo ||= {}
        return @memo[name] if @memo.key?(name)

        @memo[name] = instance_exec(&block)
      end
    end
    alias_method :let!, :let

    def subject(*_args, &_block); end

    def before(*_args, &block)
      befores << block
    end
    alias_method :prepend_before, :before

    def after(*_args, &_block); end

    def around(*_args, &_block); end

    def describe(*_args, **_meta, &block)
      return unless block

      group = Class.new(self)
      group.class_exec(&block)
    end
    %i[context xdescribe xcontext fdescribe fcontext example_group].each { |m| alias_method m, :describe }

    def it(*_args, **_meta, &_block)
      $examples << self
    end
    %i[specify example its fit xit pending skip].each { |m| alias_method m, :it }

    def shared_examples(name, *_args, &block)
      shared[name] = block
    end
    %i[shared_examples_for shared_context].each { |m| alias_method m, :shared_examples }

    def it_behaves_like(name, *args, &extra)
      block = find_shared(name) or return
      group = Class.new(self)
      group.class_exec(*args, &block)
      group.class_exec(&extra) if extra
    end
    %i[it_should_behave_like it_configures it_raises].each { |m| alias_method m, :it_behaves_like }

    def include_examples(name, *args, &_extra)
      block = find_shared(name) or return
      class_exec(*args, &block)
    end
    alias_method :include_context, :include_examples

    def on_supported_os(*_args)
      { 'debian-12-x86_64' => BASE_FACTS.dup }
    end

    def method_missing(*_args)
      Stub.new
    end

    def respond_to_missing?(*_args)
      true
    end

    def const_missing(_name)
      Stub.new
    end
  end

  self.befores = []
  self.shared = {}

  def facts
    BASE_FACTS.dup
  end

  def sensitive(value)
    SensitiveValue.new(value)
  end

  def is_expected
    Stub.new
  end

  def method_missing(*_args)
    Stub.new
  end

  def respond_to_missing?(*_args)
    true
  end
end

# The top-level RSpec DSL of a spec file.
module RSpec
  def self.describe(*args, **meta, &block)
    Group.describe(*args, **meta, &block)
  end

  def self.shared_examples(name, *_args, &block)
    $shared[name] = block
  end

  class << self
    %i[shared_examples_for shared_context].each { |m| alias_method m, :shared_examples }
  end

  def self.configure(*_args); end

  def self.method_missing(*_args)
    Stub.new
  end

  def self.respond_to_missing?(*_args)
    true
  end
end

def describe(name, *args, **meta, &block)
  $top_name ||= name.to_s
  RSpec.describe(name, *args, **meta, &block)
end

def shared_examples(name, *args, &block)
  RSpec.shared_examples(name, *args, &block)
end
alias shared_examples_for shared_examples
alias shared_context shared_examples

def on_supported_os(*_args)
  Group.on_supported_os
end

def require(name)
  super
rescue LoadError
  false
end

def require_relative(_name)
  false
end

def at_exit(*_args); end

class UnconvertibleValue < StandardError; end

def literal(value)
  case value
  when nil, :undef then 'undef'
  when :default then 'default'
  when true, false, Integer then value.to_s
  when Float
    raise UnconvertibleValue unless value.finite?

    value.to_s
  when String then "'#{value.gsub('\\') { '\\\\' }.gsub("'") { "\\'" }}'"
  when Symbol then literal(value.to_s)
  when Array then "[#{value.map { |v| literal(v) }.join(', ')}]"
  when Hash then "{#{value.map { |k, v| "#{literal(k)} => #{literal(v)}" }.join(', ')}}"
  when SensitiveValue then "Sensitive(#{literal(value.value)})"
  else raise UnconvertibleValue
  end
end

# Whether the example's groups define `name` (with `let`).
def let?(example, name)
  example.class.method_defined?(name)
end

# The program rspec-puppet compiles for an example.
def program(kind, name, example)
  params = let?(example, :params) ? example.params : {}
  params = {} if params.nil?
  raise UnconvertibleValue unless params.is_a?(Hash)

  body = params.map do |k, v|
    key = k.to_s
    raise UnconvertibleValue unless key.match?(/\A[a-z_]\w*\z/)

    "  #{key} => #{literal(v)},"
  end
  pre = let?(example, :pre_condition) ? example.pre_condition : nil
  post = let?(example, :post_condition) ? example.post_condition : nil
  parts = [pre, post].map do |p|
    p = p.join("\n") if p.is_a?(Array)
    raise UnconvertibleValue unless p.nil? || p.is_a?(String)

    p
  end
  title = kind == 'defines' ? (let?(example, :title) ? example.title : nil) : nil
  raise UnconvertibleValue if kind == 'defines' && !title.is_a?(String)

  head = kind == 'classes' ? "class { '#{name}':" : "#{name} { #{literal(title)}:"
  decl = body.empty? ? "#{head} }" : "#{head}\n#{body.join("\n")}\n}"
  [parts[0], decl, parts[1]].compact.join("\n")
end

modules = ARGV[0] or abort 'usage: extract.rb MODULES_DIR'
count = 0
Dir.children(modules).sort.each do |mod|
  spec = File.join(modules, mod, 'spec')
  next unless File.directory?(spec)

  $shared = {}
  Dir[File.join(spec, 'shared_examples*.rb'), File.join(spec, 'support', '**', '*.rb')].sort.each do |f|
    load f
  rescue Exception # rubocop:disable Lint/RescueException
    nil
  end
  %w[classes defines].each do |kind|
    Dir[File.join(spec, kind, '**', '*_spec.rb')].sort.each do |file|
      $examples = []
      $top_name = nil
      begin
        load file
      rescue Exception => e # rubocop:disable Lint/RescueException
        $stderr.puts "#{file}: #{e.class}: #{e.message[0, 200]}" if ENV['VERBOSE']
        next
      end
      $stderr.puts "#{file}: #{$examples.size} examples, #{$top_name}" if ENV["VERBOSE"]
      name = $top_name or next
      next unless name.match?(/\A[a-z][\w:]*\z/)

      seen = []
      $examples.each do |group|
        break if seen.size >= MAX_PER_FILE

        example = group.new
        src = begin
          group.all_befores.each { |b| example.instance_exec(&b) }
          program(kind, name, example)
        rescue Exception => e # rubocop:disable Lint/RescueException
          $stderr.puts "#{file}: example: #{e.class}: #{e.message[0, 200]}" if ENV['VERBOSE']
          next
        end
        next if seen.include?(src) || src.include?(File.expand_path(modules))

        seen << src
        base = File.basename(file, '_spec.rb')
        part = kind == 'defines' ? "define-#{base}" : base
        puts JSON.generate({ 'id' => "debian/spec-#{mod}-#{part}-#{seen.size}", 'module' => mod, 'src' => src })
        count += 1
      end
    end
  end
end
$stderr.puts "#{count} cases"
