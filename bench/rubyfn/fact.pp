# stdlib's fact(), 1,000 calls: native (stdlib on the modulepath) or from source (scripts/bench)
Integer[1, 1000].map |$i| { fact('os.family') }[-1]
