# Times the reference implementation evaluating each program given on the command line:
# Puppet is loaded once; each run evaluates the program in a fresh script compiler, and only
# the evaluation is timed. Prints "<file> <best wall seconds> <best CPU seconds>" per program
# (CPU: the process's CPU time, steadier than wall time on a loaded machine).
# BENCH_MODULEPATH (directories separated by ':'), BENCH_NODE and BENCH_FACTS (a JSON fact
# file; clientcert is set to the node name, as `puppet apply` adds it) set up the
# real-module programs; without them the modulepath is empty and there are no facts. Each
# run gets its own copy of the facts (Puppet freezes the hash it is given).
require 'json'
require 'puppet'
require 'puppet_pal'
dir = ENV.fetch('BENCH_REF_DIR', '/tmp/prepl-bench-ref')
Puppet.initialize_settings(['--confdir', "#{dir}/conf", '--vardir', "#{dir}/var", '--codedir', "#{dir}/code"])
runs = Integer(ENV.fetch('BENCH_RUNS', '3'))
modulepath = ENV.fetch('BENCH_MODULEPATH', '').split(':')
facts = ENV['BENCH_FACTS'] ? JSON.parse(File.read(ENV['BENCH_FACTS'])) : {}
if ENV['BENCH_NODE']
  Puppet[:node_name_value] = ENV['BENCH_NODE']
  facts['clientcert'] = ENV['BENCH_NODE'] unless facts.empty?
end
# BENCH_KEEP_GOING=1: a program that fails prints "<file> error <message>" and the next one
# runs (the module sweep's ranking, bench/modules/sweep_rank.py, times classes that may fail).
keep_going = ENV['BENCH_KEEP_GOING'] == '1'
ARGV.each do |file|
 begin
  src = File.read(file)
  best = nil
  best_cpu = nil
  runs.times do
    Puppet::Pal.in_tmp_environment('bench', modulepath: modulepath, facts: Marshal.load(Marshal.dump(facts))) do |pal|
      # Programs named catalog*.pp compile a catalog, as `puppet apply` would (node,
      # define instances, collectors, relationships), with the catalog compiler.
      if File.basename(file).start_with?('catalog')
        pal.with_catalog_compiler do |c|
          t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
          cpu = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
          c.evaluate_string(src)
          c.evaluate_ast_node
          c.compile_additions
          d = Process.clock_gettime(Process::CLOCK_MONOTONIC) - t
          dc = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - cpu
          best = d if best.nil? || d < best
          best_cpu = dc if best_cpu.nil? || dc < best_cpu
        end
      else
        pal.with_script_compiler do |c|
          t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
          cpu = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
          c.evaluate_string(src)
          d = Process.clock_gettime(Process::CLOCK_MONOTONIC) - t
          dc = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - cpu
          best = d if best.nil? || d < best
          best_cpu = dc if best_cpu.nil? || dc < best_cpu
        end
      end
    end
  end
  puts "#{file} #{best} #{best_cpu}"
  STDOUT.flush
 rescue StandardError => e
  raise unless keep_going
  puts "#{file} error #{e.message.lines.first.to_s.strip}"
  STDOUT.flush
 end
end
