# Ruby's Set (set.rb), written in the subset: the elements are the keys of a hash.
# Loaded when the code first names `Set` (see eval/prelude.rs).
class Set
  include Enumerable

  def self.[](*items)
    new(items)
  end

  def initialize(items = nil, &block)
    @hash = {}
    return if items.nil?
    if block
      items.each { |x| @hash[block.call(x)] = true }
    else
      items.each { |x| @hash[x] = true }
    end
  end

  def each
    return @hash.keys unless block_given?
    @hash.each_key { |x| yield x }
    self
  end

  def add(x)
    @hash[x] = true
    self
  end

  def <<(x)
    add(x)
  end

  def add?(x)
    return nil if @hash.key?(x)
    add(x)
  end

  def delete(x)
    @hash.delete(x)
    self
  end

  def delete?(x)
    return nil unless @hash.key?(x)
    delete(x)
  end

  def merge(*enums)
    enums.each { |e| e.each { |x| @hash[x] = true } }
    self
  end

  def subtract(enum)
    enum.each { |x| @hash.delete(x) }
    self
  end

  def clear
    @hash.clear
    self
  end

  def include?(x)
    @hash.key?(x)
  end

  def member?(x)
    @hash.key?(x)
  end

  def ===(x)
    @hash.key?(x)
  end

  def size
    @hash.size
  end

  def length
    @hash.size
  end

  def empty?
    @hash.empty?
  end

  def to_a
    @hash.keys
  end

  def to_set
    self
  end

  def dup
    Set.new(to_a)
  end

  def clone
    Set.new(to_a)
  end

  def freeze
    self
  end

  def |(enum)
    dup.merge(enum)
  end

  def union(enum)
    dup.merge(enum)
  end

  def +(enum)
    dup.merge(enum)
  end

  def -(enum)
    dup.subtract(enum)
  end

  def difference(enum)
    dup.subtract(enum)
  end

  def &(enum)
    out = Set.new
    enum.each { |x| out.add(x) if include?(x) }
    out
  end

  def intersection(enum)
    self & enum
  end

  def ^(enum)
    out = Set.new(enum)
    each { |x| out.include?(x) ? out.delete(x) : out.add(x) }
    out
  end

  def subset?(other)
    size <= other.size && all? { |x| other.include?(x) }
  end

  def <=(other)
    subset?(other)
  end

  def superset?(other)
    other.subset?(self)
  end

  def >=(other)
    other.subset?(self)
  end

  def proper_subset?(other)
    size < other.size && subset?(other)
  end

  def <(other)
    proper_subset?(other)
  end

  def proper_superset?(other)
    other.proper_subset?(self)
  end

  def >(other)
    other.proper_subset?(self)
  end

  def disjoint?(other)
    none? { |x| other.include?(x) }
  end

  def intersect?(other)
    !disjoint?(other)
  end

  def ==(other)
    other.is_a?(Set) && size == other.size && other.all? { |x| include?(x) }
  end

  def eql?(other)
    self == other
  end

  def select!(&block)
    before = size
    keep_if(&block)
    size == before ? nil : self
  end

  def filter!(&block)
    select!(&block)
  end

  def reject!(&block)
    before = size
    delete_if(&block)
    size == before ? nil : self
  end

  def keep_if
    to_a.each { |x| @hash.delete(x) unless yield(x) }
    self
  end

  def delete_if
    to_a.each { |x| @hash.delete(x) if yield(x) }
    self
  end

  def map!
    items = to_a.map { |x| yield(x) }
    @hash = {}
    items.each { |x| @hash[x] = true }
    self
  end

  def collect!(&block)
    map!(&block)
  end

  def to_s
    "#<Set: {" + to_a.map(&:inspect).join(', ') + "}>"
  end

  def inspect
    to_s
  end
end
