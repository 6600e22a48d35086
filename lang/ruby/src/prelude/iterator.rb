# Puppet's `Puppet::Pops::Types::Iterable.asserted_iterable(caller, value)` (stdlib's
# `stdlib::sort_by`, `stdlib::merge` with a block), written in the subset: an Enumerable
# over the values the reference's iterator yields (a string's characters, an array's
# elements, a hash's [key, value] pairs, 0...n), with `hash_style?` and `next`.
# Made by `methods::facter::class_call` (see eval/prelude.rs).
class PuppetIterator
  include Enumerable

  def initialize(values, hash_style)
    @values = values
    @hash_style = hash_style
    @pos = 0
  end

  def each
    return @values.each unless block_given?
    @values.each { |x| yield x }
    self
  end

  def hash_style?
    @hash_style
  end

  def next
    raise StopIteration, 'iteration reached an end' if @pos >= @values.size
    @pos += 1
    @values[@pos - 1]
  end

  def size
    @values.size
  end

  def to_a
    @values.dup
  end
end
