# Creates processes the ways a Ruby program does under JRuby (jnr-posix's posix_spawnp, not the JDK's
# launcher), and through jnr-posix's libc binding and Ruby FFI directly. ARGV: the directory the touch
# attempts write to, then the attempts to run. Prints one RESULT line per attempt, in the format of
# dev.cmdgate.it.apps.Attempt. Only `touch` of a file in that directory and `echo` are ever attempted.
require 'java'
require 'jruby'

dir = ARGV[0]

def esc(s)
  s.to_s.gsub("\\") { "\\\\" }.gsub("\n", "\\n").gsub("\r", "\\r")
end

def report(name, status, detail)
  puts "RESULT #{name} #{status} #{detail}"
  $stdout.flush
end

def attempt(name)
  out = yield
  report(name, "ok", "exit=0 out=#{esc(out)}")
rescue java.lang.SecurityException => e
  report(name, "blocked", "java.lang.SecurityException: #{esc(e.message)}")
rescue java.lang.Throwable => e
  cause = e
  cause = cause.cause while cause.cause && !cause.is_a?(java.lang.SecurityException)
  status = cause.is_a?(java.lang.SecurityException) ? "blocked" : "error"
  report(name, status, "#{cause.java_class.name}: #{esc(cause.message)}")
rescue Exception => e
  report(name, "error", "#{e.class}: #{esc(e.message)}")
end

def libc
  JRuby.runtime.posix.libc
end

def char_seqs(list)
  list.to_java(java.lang.CharSequence)
end

# JRuby puts RUBY (the command that runs JRuby itself) into the environment of every process it starts.
# cmdgate judges the variables an application sets like any others, so that alone makes a child at least
# Write; this attempt shows it, and the rest run without it, as an application that wants its Read
# commands to stay Read would (or it would list RUBY in a user rules file's env-safe row).
attempt("echo_with_ruby_variable") { system("echo with-RUBY").inspect }
ENV.delete("RUBY")

ARGV[1..].each do |name|
  file = File.join(dir, "rb-#{name}")
  case name
  when "system_touch" then attempt(name) { system("touch", file).inspect }
  when "system_line_touch" then attempt(name) { system("touch #{file}").inspect }
  when "system_echo" then attempt(name) { system("echo ruby-system-echo").inspect }
  when "backtick_touch" then attempt(name) { `touch #{file}` }
  when "backtick_echo" then attempt(name) { `echo ruby-backtick` }
  when "spawn_touch" then attempt(name) { Process.wait(spawn("touch", file)); $?.exitstatus.to_s }
  when "spawn_echo_out" then attempt(name) { Process.wait(spawn("echo", "ruby-spawn", out: file)); $?.exitstatus.to_s }
  when "popen_touch" then attempt(name) { IO.popen(["touch", file]) { |io| io.read } }
  when "popen_echo" then attempt(name) { IO.popen(["echo", "ruby-popen"]) { |io| io.read } }
  when "libc_spawnp" then attempt(name) do
    pid = Java::JnrFfiByref::NumberByReference.new(Java::JnrFfi::TypeAlias.pid_t)
    libc.posix_spawnp(pid, "touch", nil, nil, char_seqs(["touch", file, nil]), char_seqs([nil])).to_s
  end
  when "libc_execv" then attempt(name) { libc.execv("/usr/bin/touch", char_seqs(["touch", file, nil])).to_s }
  when "libc_fork" then attempt(name) { libc.fork.to_s }
  when "ffi_system" then attempt(name) do
    require 'ffi'
    mod = Module.new do
      extend FFI::Library
      ffi_lib FFI::Library::LIBC
      attach_function :system, [:string], :int
    end
    mod.system("touch #{file}").to_s
  end
  else report(name, "error", "unknown attempt")
  end
end
puts "DONE"
