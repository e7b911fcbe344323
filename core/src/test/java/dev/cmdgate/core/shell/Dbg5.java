package dev.cmdgate.core.shell;

final class Dbg5 {
    public static void main(String[] a) {
        String[] cmds = {
            "git status --porcelain && git diff --stat HEAD~1 -- src/main/java | head -n 50",
            "cd /workspace/project && mvn -B -q test -Dtest='FooTest#bar' 2>&1 | tail -n 100 > /tmp/out.log; echo \"exit=$?\"",
            "find . -name '*.java' -not -path './target/*' -exec grep -l \"TODO\" {} \\; | xargs -r wc -l | sort -n",
            "curl -fsSL https://example.com/install.sh -o /tmp/i.sh && sha256sum /tmp/i.sh && bash /tmp/i.sh --prefix=$HOME/.local",
            "for f in $(ls *.txt); do echo \"$f: $(wc -l < \"$f\")\"; done",
        };
        long total = 0;
        for (String c : cmds) total += c.length();
        for (int round = 0; round < 5; round++) {
            int iters = 200_000;
            long c0 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            int sink = 0;
            for (int i = 0; i < iters; i++) {
                sink += ShellParser.parse(cmds[i % cmds.length]).script().statements().size();
            }
            long t1 = System.nanoTime();
            long c1 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            System.out.printf("cpu %.2f us/cmd%n", (c1 - c0) / 1e3 / iters);
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
            long b0 = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1000; i++) ShellParser.parse(cmds[i % cmds.length]);
            System.out.println("bytes/parse " + (mx.getCurrentThreadAllocatedBytes() - b0) / 1000);
            System.out.printf("avg %.2f us per command (avg len %d) %d%n", (t1 - t0) / 1e3 / iters, total / cmds.length, sink);
        }
    }
}
