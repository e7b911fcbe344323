package dev.cmdgate.core.shell;

final class Dbg4 {
    public static void main(String[] a) {
        String unit = a[0].replace("\\n", "\n");
        for (int round = 0; round < 3; round++) {
            for (int k : new int[] {1000, 4000, 16000, 64000}) {
                String in = unit.repeat(k);
                long t0 = System.nanoTime();
                ParseResult r = ShellParser.parse(in);
                long t1 = System.nanoTime();
                System.out.printf("k=%6d %8.2f ms  %.0f ns/unit ok=%s%n", k, (t1 - t0) / 1e6, (t1 - t0) / (double) k, r.ok());
            }
        }
    }
}
