package dev.cmdgate.core.rules;

import org.junit.jupiter.api.Test;

class ZzBuiltinDumpTool {
    @Test
    void write() throws Exception {
        String to = System.getProperty("dumpTo");
        if (to == null) {
            return;
        }
        java.nio.file.Files.writeString(java.nio.file.Path.of(to + "-whole.dump"), RuleSetDump.whole(RuleSet.builtinReadWhole()));
        java.nio.file.Files.writeString(java.nio.file.Path.of(to + "-lazy.dump"), RuleSetDump.whole(RuleSet.lazyBuiltin()));
    }
}
