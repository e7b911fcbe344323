package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The option walker the process-selection readings share, and the valued option of the coreutils filters. */
class OptionWalkTest {

    private static final OptionWalk.Spec SPEC = new OptionWalk.Spec("ix", "uF", Set.of("exact", "color"),
            Set.of("uid", "color"), false);

    private static List<OptionWalk.Item> read(OptionWalk.Spec spec, String... words) {
        return OptionWalk.read(Arrays.asList(words), Collections.nCopies(words.length, true), spec, null);
    }

    private static String shown(List<OptionWalk.Item> items) {
        if (items == null) {
            return "unread";
        }
        List<String> out = new ArrayList<>();
        for (OptionWalk.Item o : items) {
            out.add(o.operand() ? o.text() : o.option() + (o.text() == null ? "" : "=" + o.text()));
        }
        return String.join(" ", out);
    }

    @Test
    void clustersTakeTheirValueGluedOrFromTheNextWord() {
        assertThat(shown(read(SPEC, "-ixu0", "name"))).isEqualTo("i x u=0 name");
        assertThat(shown(read(SPEC, "-iu", "0", "name"))).isEqualTo("i u=0 name");
        assertThat(shown(read(SPEC, "--uid=0", "--uid", "1", "--exact"))).isEqualTo("uid=0 uid=1 exact");
    }

    @Test
    void aLongNameInBothTablesIsAFlagUnlessAValueIsGlued() {
        assertThat(shown(read(SPEC, "--color", "x"))).isEqualTo("color x");
        assertThat(shown(read(SPEC, "--color=never", "x"))).isEqualTo("color=never x");
    }

    @Test
    void doubleDashEndsTheOptionsAndALoneDashIsAnOperand() {
        assertThat(shown(read(SPEC, "-i", "--", "-x", "-"))).isEqualTo("i -x -");
        assertThat(shown(read(SPEC, "-", "-x"))).isEqualTo("- x");
    }

    @Test
    void optionsEndAtTheFirstOperandWhenTheProgramSaysSo() {
        OptionWalk.Spec awk = new OptionWalk.Spec("", "Fv", Set.of(), Set.of(), true);
        assertThat(shown(read(awk, "-F:", "-v", "a=1", "{print}", "-v", "--"))).isEqualTo("F=: v=a=1 {print} -v --");
    }

    @Test
    void whatCannotBeReadLeavesTheWholeCommandUnread() {
        assertThat(read(SPEC, "-q", "name")).isNull();           // an option not in the table
        assertThat(read(SPEC, "--exact=1")).isNull();            // a flag given a value
        assertThat(read(SPEC, "--nope")).isNull();
        assertThat(read(SPEC, "-u")).isNull();                   // a value missing
        assertThat(read(SPEC, "--uid")).isNull();
        List<String> words = List.of("-u", "$x", "name");
        assertThat(OptionWalk.read(words, List.of(true, false, true), SPEC, null)).isNull();   // a run-time value
        assertThat(OptionWalk.read(List.of("name"), List.of(false), SPEC, null)).isNull();     // a run-time operand
    }

    @Test
    void anIgnoredWordIsNoOption() {
        List<String> words = List.of("-i", "-KILL", "name");
        assertThat(shown(OptionWalk.read(words, List.of(true, true, true), SPEC,
                w -> ProcessSelection.isSignal(w.substring(1))))).isEqualTo("i name");
        assertThat(OptionWalk.read(words, List.of(true, true, true), SPEC, null)).isNull();
    }

    private static List<Arg> args(String... words) {
        List<Arg> out = new ArrayList<>();
        for (String w : words) {
            out.add(Arg.literal(w));
        }
        return out;
    }

    @Test
    void aValuedOptionIsReadInTheThreeSpellingsOnly() {
        List<String> longs = List.of("lines", "bytes");
        assertThat(ValuedOption.at(args("head", "-n5"), 1, "nc", longs)).isEqualTo(new ValuedOption('n', "5", 1));
        assertThat(ValuedOption.at(args("head", "-c", "5"), 1, "nc", longs)).isEqualTo(new ValuedOption('c', "5", 2));
        assertThat(ValuedOption.at(args("head", "--bytes=5"), 1, "nc", longs)).isEqualTo(new ValuedOption('c', "5", 1));
        assertThat(ValuedOption.at(args("head", "-n"), 1, "nc", longs)).isEqualTo(new ValuedOption('n', null, 1));
        assertThat(ValuedOption.at(args("head", "--lines", "5"), 1, "nc", longs)).isNull();
        assertThat(ValuedOption.at(args("head", "-q"), 1, "nc", longs)).isNull();
        assertThat(ValuedOption.at(args("head", "file"), 1, "nc", longs)).isNull();
    }
}
