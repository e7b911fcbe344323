package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.api.Test;

/**
 * A path inside an instance that a copying client names, judged against the host's sensitive places
 * ({@code $sensitive-inside}).
 */
class InstancePathsTest {

    private static final RuleSet RULES = RuleSet.parse(MechanismTest.SETTINGS + """
            sensitive-names .bashrc
            sensitive-paths /etc/* ~/.config/autostart/*
            credential-paths ~/.kube/config
            """, "inside.rules");

    @Test
    void bothSpellingsOfTheInstanceAreRead() {
        assertThat(InstancePaths.insidePaths("c:/etc/x")).containsExactly("/etc/x");
        assertThat(InstancePaths.insidePaths("c1/etc/x")).containsExactly("/etc/x");
        assertThat(InstancePaths.insidePaths("remote:c1/etc/x")).containsExactly("/c1/etc/x", "/etc/x");
        assertThat(InstancePaths.insidePaths("pod:tmp/x")).containsExactly("/tmp/x", "/x");
    }

    @Test
    void homeDirectoriesInsideAreTheHome() {
        assertThat(InstancePaths.homeSpellings("/root/.kube/config"))
                .containsExactly("/root/.kube/config", "~/.kube/config");
        assertThat(InstancePaths.homeSpellings("/home/app/.config/autostart/x")).contains("~/.config/autostart/x");
        assertThat(InstancePaths.homeSpellings("/srv/x")).containsExactly("/srv/x");
    }

    @Test
    void sensitivePlacesAndStoresInsideAreFound() {
        assertThat(InstancePaths.sensitive(RULES, Arg.literal("c:/root/.kube/config"))).isTrue();
        assertThat(InstancePaths.sensitive(RULES, Arg.literal("ns/pod:/home/u/.config/autostart/evil.desktop"))).isTrue();
        assertThat(InstancePaths.sensitive(RULES, Arg.literal("c1/etc/cron.d/x"))).isTrue();
        assertThat(InstancePaths.sensitive(RULES, Arg.literal("vm:/srv/app/.bashrc"))).isTrue();
        assertThat(InstancePaths.sensitive(RULES, Arg.literal("c:/tmp/data"))).isFalse();
        assertThat(InstancePaths.sensitive(RULES, Arg.literal("c1/srv/app/log.txt"))).isFalse();
    }
}
