package dev.cmdgate.it.apps;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * Creates processes through the JDK's foreign function API (JDK 22+; compiled by NativeFfmIT with the
 * JDK 25 it runs on, since the build targets Java 17): downcalls to {@code system}, {@code posix_spawnp}
 * and {@code fork} found through the default lookup, a library lookup of libc, and an unbound handle.
 * Arguments: the directory the {@code touch} attempts write to, then the attempts. One line per attempt,
 * in the format of {@code Attempt} (this class cannot use it: it is compiled on its own).
 */
public final class NativeFfm {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final FunctionDescriptor INT_OF_POINTER = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS);

    private NativeFfm() {
    }

    public static void main(String[] args) throws Throwable {
        Path dir = Path.of(args[0]);
        for (int i = 1; i < args.length; i++) {
            String name = args[i];
            String file = dir.resolve("ffm-" + name).toString();
            try (Arena arena = Arena.ofConfined()) {
                long r = switch (name) {
                    case "system_touch" -> system(LINKER.defaultLookup(), arena, "touch " + file);
                    case "system_echo" -> system(LINKER.defaultLookup(), arena, "echo ffm-echo");
                    case "libc_lookup_system_touch" -> system(SymbolLookup.libraryLookup("libc.so.6", arena), arena, "touch " + file);
                    case "unbound_system_touch" -> {
                        MethodHandle unbound = LINKER.downcallHandle(INT_OF_POINTER);
                        MemorySegment system = LINKER.defaultLookup().find("system").orElseThrow();
                        yield (int) unbound.invokeExact(system, arena.allocateFrom("touch " + file));
                    }
                    case "spawn_touch" -> spawn(arena, "touch", file);
                    case "fork" -> (int) LINKER.downcallHandle(find("fork"), FunctionDescriptor.of(ValueLayout.JAVA_INT)).invokeExact();
                    case "getpid" -> (int) LINKER.downcallHandle(find("getpid"), FunctionDescriptor.of(ValueLayout.JAVA_INT)).invokeExact();
                    default -> throw new IllegalArgumentException("unknown attempt " + name);
                };
                print("RESULT " + name + " ok exit=" + r + " out=");
            } catch (Throwable t) {
                String status = t instanceof SecurityException ? "blocked" : "error";
                print("RESULT " + name + " " + status + " " + t.getClass().getName() + ": "
                        + String.valueOf(t.getMessage()).replace("\\", "\\\\").replace("\n", "\\n"));
            }
        }
        print("DONE");
    }

    private static MemorySegment find(String function) {
        return LINKER.defaultLookup().find(function).orElseThrow();
    }

    private static int system(SymbolLookup lookup, Arena arena, String command) throws Throwable {
        MethodHandle system = LINKER.downcallHandle(lookup.find("system").orElseThrow(), INT_OF_POINTER);
        return (int) system.invokeExact(arena.allocateFrom(command));
    }

    /** {@code posix_spawnp(&pid, program, NULL, NULL, argv, envp)} with an empty environment, then {@code waitpid}. */
    private static int spawn(Arena arena, String program, String argument) throws Throwable {
        MethodHandle spawnp = LINKER.downcallHandle(find("posix_spawnp"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS));
        MethodHandle waitpid = LINKER.downcallHandle(find("waitpid"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        MemorySegment pid = arena.allocate(ValueLayout.JAVA_INT);
        MemorySegment argv = arena.allocate(ValueLayout.ADDRESS, 3);
        argv.setAtIndex(ValueLayout.ADDRESS, 0, arena.allocateFrom(program));
        argv.setAtIndex(ValueLayout.ADDRESS, 1, arena.allocateFrom(argument));
        argv.setAtIndex(ValueLayout.ADDRESS, 2, MemorySegment.NULL);
        MemorySegment envp = arena.allocate(ValueLayout.ADDRESS, 1);
        envp.setAtIndex(ValueLayout.ADDRESS, 0, MemorySegment.NULL);
        int r = (int) spawnp.invokeExact(pid, arena.allocateFrom(program), MemorySegment.NULL, MemorySegment.NULL, argv, envp);
        if (r != 0) {
            return r;
        }
        MemorySegment status = arena.allocate(ValueLayout.JAVA_INT);
        int waited = (int) waitpid.invokeExact(pid.get(ValueLayout.JAVA_INT, 0), status, 0);
        return waited < 0 ? -1 : status.get(ValueLayout.JAVA_INT, 0);
    }

    private static void print(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
