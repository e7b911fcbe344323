package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Package tools whose query-looking commands change configuration, expand code or reach another host. Nothing here
 * runs; the lines are only classified.
 */
class PackageToolChangesTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "rpm -q --specfile pkg.spec => Write",
            "rpm -qp ftp://203.0.113.9/x.rpm => Network",
            "rpm -qlp ./local.rpm => Read",
            "rpm -qa => Read",
            "dnf --repofrompath=r,https://203.0.113.9/repo info bash => Network",
            "dnf list installed => Read",
            "pnpm config set @corp:registry https://203.0.113.9 => Destructive",
            "pnpm config set script-shell=/tmp/x => Destructive",
            "pnpm config set auto-install-peers true => Write",
            "pnpm config get store-dir => Read",
            "dpkg --clear-selections => Destructive",
            "dpkg --merge-avail /tmp/avail => Write",
            "dpkg --remove-architecture armhf => Write",
            "dpkg -s bash => Read",
    })
    void classifies(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }
}
