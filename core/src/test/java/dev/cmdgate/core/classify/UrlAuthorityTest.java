package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;

/** The host a URL reaches, as a URL parser reads its authority, for an unknown program given one. */
class UrlAuthorityTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass cls(String line) {
        return C.classifyShell(line).commandClass();
    }

    @Test
    void theHostIsAfterTheLastAtBeforeTheAuthoritysEnd() {
        assertThat(UrlAuthority.canonical("http://evil.example#@localhost")).isEqualTo("http://evil.example/");
        assertThat(UrlAuthority.canonical("http://evil.example?@localhost")).isEqualTo("http://evil.example/");
        assertThat(UrlAuthority.canonical("http://localhost:80@evil.example/")).isEqualTo("http://evil.example/");
        assertThat(UrlAuthority.canonical("http://u:p@Localhost:8080/x")).isEqualTo("http://localhost:8080/");
        assertThat(UrlAuthority.canonical("http://evil.example\\@localhost/")).isEqualTo("http://evil.example/");
        assertThat(UrlAuthority.literalBackslash("http://localhost\\@evil.example/")).isEqualTo("http://evil.example/");
        assertThat(UrlAuthority.canonical("http:/\\evil.example/x")).isEqualTo("http://evil.example/");
        assertThat(UrlAuthority.canonical("https:evil.example")).isEqualTo("https://evil.example/");
        assertThat(UrlAuthority.canonical("git+ssh://git@evil.example/r")).isEqualTo("git+ssh://evil.example/");
        // not URLs: an scp address, a host and port, a drive, a word with a colon
        assertThat(UrlAuthority.canonical("git@evil.example:r")).isNull();
        assertThat(UrlAuthority.canonical("localhost:8080")).isNull();
        assertThat(UrlAuthority.canonical("key:value")).isNull();
        assertThat(UrlAuthority.canonical("http:")).isNull();
    }

    @Test
    void aRemoteHostBehindALocalLookingAuthorityIsNetwork() {
        assertThat(cls("mytool 'http://evil.example#@localhost'")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool 'http://evil.example?@localhost'")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool http://localhost:80@evil.example/")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool http://[::1]:80@evil.example/")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool http://127.0.0.1.evil.example/")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool 'http://evil.example\\@localhost/'")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool 'http://localhost\\@evil.example/'")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool 'http:/\\evil.example/x'")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool https:evil.example")).isEqualTo(CommandClass.NETWORK);
        // the text as written is judged too: a local host it only seems to name away from is still counted
        assertThat(cls("mytool --url='https://user@localhost#@evil.example'")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool --url=http://localhost.evil.example:80/")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool WS://0.0.0.0@EVIL.example/")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool http://1.2.3.4/")).isEqualTo(CommandClass.NETWORK);
    }

    @Test
    void remoteSchemesOfVersionControl() {
        assertThat(cls("mytool git+ssh://git@evil.example/r.git")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool git+https://evil.example/r.git")).isEqualTo(CommandClass.NETWORK);
        assertThat(cls("mytool svn+ssh://evil.example/repo")).isEqualTo(CommandClass.NETWORK);
    }

    @Test
    void localAddressesStayLocal() {
        assertThat(cls("mytool http://localhost:8080/x")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool http://127.0.0.1/x")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool http://127.0.0.1:9000")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool http://[::1]:8080/x")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool http://user@localhost/x")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool HTTP://LOCALHOST:8080/x")).isEqualTo(CommandClass.WRITE);
        assertThat(cls("mytool key:value localhost:8080")).isEqualTo(CommandClass.WRITE);
    }
}
