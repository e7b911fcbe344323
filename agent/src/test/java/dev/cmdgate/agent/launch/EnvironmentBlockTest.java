package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The check at the native boundary reads an environment block as "what this launch changes": inherited
 * variables are recognised by their bytes, everything else is decoded and compared.
 */
class EnvironmentBlockTest {

    private static final byte[] PROG = "true\0".getBytes(StandardCharsets.US_ASCII);

    private static byte[] block(List<String> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String e : entries) {
            out.writeBytes(e.getBytes(JdkLaunches.LAUNCH_CHARSET));
            out.write(0);
        }
        return out.toByteArray();
    }

    private static List<String> inheritedEntries() {
        List<String> entries = new ArrayList<>();
        OwnEnvironment.get().forEach((k, v) -> entries.add(k + "=" + v));
        return entries;
    }

    private static Map<String, String> changes(List<String> entries) {
        return JdkLaunches.fromNative(PROG, new byte[0], 0, block(entries), entries.size(), null).environmentChanges();
    }

    @Test
    void anInheritedEnvironmentChangesNothingInAnyOrder() {
        List<String> entries = inheritedEntries();
        assertThat(changes(entries)).isEmpty();
        Collections.reverse(entries);
        assertThat(changes(entries)).isEmpty();
    }

    @Test
    void addedAndChangedVariablesAreTheChanges() {
        List<String> entries = inheritedEntries();
        String changedName = OwnEnvironment.get().keySet().stream().sorted().findFirst().orElseThrow();
        entries.removeIf(e -> e.startsWith(changedName + "="));
        entries.add(changedName + "=" + OwnEnvironment.get().get(changedName) + "-changed");
        entries.add(1, "CMDGATE_TEST_ADDED=a=b");
        assertThat(changes(entries)).containsExactlyInAnyOrderEntriesOf(Map.of(
                changedName, OwnEnvironment.get().get(changedName) + "-changed",
                "CMDGATE_TEST_ADDED", "a=b"));
    }

    @Test
    void aNameGivenTwiceCountsAsChangedWhicheverEntryComesLast() {
        String name = OwnEnvironment.get().keySet().stream().sorted().findFirst().orElseThrow();
        String inherited = name + "=" + OwnEnvironment.get().get(name);
        // the child may read either entry, so the one that differs is a change
        assertThat(changes(List.of(name + "=other", inherited))).containsEntry(name, "other");
        assertThat(changes(List.of(inherited, name + "=other"))).containsEntry(name, "other");
    }

    @Test
    void onlyEntriesEqualToTheirDecodedTextAreRecognisedByTheirBytes() {
        // a lone surrogate is written as '?': those bytes decode to another value, so they are not "inherited"
        InheritedEntries known = new InheritedEntries(Map.of("A", "x\uD800", "B", "y"), StandardCharsets.UTF_8);
        byte[] a = "A=x?".getBytes(StandardCharsets.UTF_8);
        byte[] b = "B=y".getBytes(StandardCharsets.UTF_8);
        byte[] bPrefix = "B=yy".getBytes(StandardCharsets.UTF_8);
        assertThat(known.contains(a, 0, a.length)).isFalse();
        assertThat(known.contains(b, 0, b.length)).isTrue();
        assertThat(known.contains(bPrefix, 0, bPrefix.length)).isFalse();
        assertThat(known.contains(bPrefix, 0, b.length)).isTrue();
    }

    @Test
    @SuppressWarnings("unchecked")
    void anOverlayIsThisJvmsEnvironmentWithWhatItSetsAndTheJdkGetsTheSame() {
        String name = OwnEnvironment.get().keySet().stream().sorted().findFirst().orElseThrow();
        EnvironmentOverlay o = new EnvironmentOverlay(Map.of("CMDGATE_TEST_ADDED", "1", name, OwnEnvironment.get().get(name)));
        Map<String, String> expected = new HashMap<>(OwnEnvironment.get());
        expected.put("CMDGATE_TEST_ADDED", "1");
        assertThat(o).isEqualTo(expected);
        assertThat(o.changes()).isEqualTo(Map.of("CMDGATE_TEST_ADDED", "1"));

        JdkLaunches.StartArgs args = JdkLaunches.StartArgs.copy(new String[] {"true"}, null, null, null)
                .with(List.of("true"), o);
        assertThat(args.launch().environmentChanges()).isEqualTo(Map.of("CMDGATE_TEST_ADDED", "1"));
        assertThat(new HashMap<>((Map<String, String>) args.forJdk()[1])).isEqualTo(expected);
    }
}
