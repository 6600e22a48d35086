#!/usr/bin/env ruby
# Writes expected.jsonl: for each expression of cases.txt, what the reference's Ruby (the one
# puppet-agent runs templates with) gives for `(EXPR).inspect`, or `Class: message` of the
# exception it raises (`SyntaxError` alone: the messages are the parser's). Run from anywhere:
#
#     ruby lang/ruby/tests/semantics/regen.rb
require 'json'
# the standard libraries modules' Ruby requires (digest, base64, openssl, uri, time)
require 'digest'
require 'base64'
require 'openssl'
require 'uri'
require 'time'
require 'set'
require 'shellwords'
require 'zlib'
require 'securerandom'

dir = __dir__
out = File.open(File.join(dir, 'expected.jsonl'), 'w')
def fresh_binding
  binding
end
File.readlines(File.join(dir, 'cases.txt'), chomp: true).each do |src|
  next if src.strip.empty? || src.start_with?('#')
  answer =
    begin
      eval("(#{src}\n).inspect", fresh_binding)
    rescue SyntaxError
      'SyntaxError'
    rescue Exception => e
      "#{e.class}: #{e.message}"
    end
  out.puts JSON.generate({ 'src' => src, 'ruby' => answer })
end
out.close
puts "ruby #{RUBY_VERSION}: #{File.readlines(File.join(dir, 'expected.jsonl')).size} cases"
