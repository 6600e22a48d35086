# The custom facts of a control repository as the reference's Facter resolves them over a
# node's facts (Puppet::Pal, which the oracle uses, runs no Facter): one JSON line per case
# on stdin, {"dirs": [lib/facter directories], "facts": {...}, "names": [fact names]}, one
# line out per case, {name: value} for the facts that resolve to a value. The node's facts
# replace the machine's (a weight above any resolution's), as on the node itself.
require 'facter'
require 'json'
STDIN.each_line do |l|
  c = JSON.parse(l)
  Facter.reset
  Facter.clear
  c['facts'].each do |k, v|
    Facter.add(k.to_sym) do
      has_weight 1_000_000
      setcode { v }
    end
  end
  Facter.search(*c['dirs'])
  out = {}
  c['names'].each do |n|
    v = Facter.value(n)
    out[n] = v unless v.nil?
  end
  puts JSON.generate(out)
  STDOUT.flush
end
