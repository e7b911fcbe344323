package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Credential stores beyond a plain read of their path: replacing one by path ({@code cp x ~/.kube/config}) is a
 * sensitive write, and a path read through the variable a tool takes a store's place from ({@code credential-vars})
 * is read as that place.
 */
class CredentialPlacesTest {

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(MechanismTest.SETTINGS + """
            verdict credential-read -> Network high "reads a credential store"
            credential-paths ~/.kube/config ~/.gnupg/private-keys-v1.d/* */.aws/*
            credential-names .env
            credential-vars GNUPGHOME=~/.gnupg KUBECONFIG=~/.kube/config

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c

            [cpx]
            is Write medium "copies"
            writes last -> Write medium "writes a file"
            reads but-last

            [catx]
            is Read minimal "prints"

            [tarx]
            is Read minimal "archives"
            reads operands recursive
            """, "credential-places.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "cpx evil ~/.kube/config => Destructive",
        "cpx evil $HOME/.aws/credentials => Destructive",
        "cpx evil /home/ci/.aws/config => Destructive",
        "echo x > ~/.kube/config => Destructive",
        // a store known by its name only, or a relative path, is the project's own
        "cpx tmpl .env => Write",
        "cpx tmpl app/.aws/x => Write",
        "cpx a ~/notes.txt => Write",
        "catx $KUBECONFIG => Network",
        "catx ${GNUPGHOME}/private-keys-v1.d/k.key => Network",
        "tarx $GNUPGHOME => Network",
        "catx $GNUPGHOME/pubring.kbx => Read",
        "catx ${KUBECONFIG:-x} => Read",
        "catx $OTHER/private-keys-v1.d/k => Read",
    })
    void credentialPlaces(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
