# stdlib's member() (3.x), 1,000 calls: native (stdlib on the modulepath) or from source (scripts/bench)
Integer[1, 1000].map |$i| { member(['a', "x${i}"], 'a') }[-1]
