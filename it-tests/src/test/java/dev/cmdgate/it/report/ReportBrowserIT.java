package dev.cmdgate.it.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.approvals.Browser;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;

/**
 * {@code cmdgate report FILE… --html OUT} as a person opens it: two gated JVMs (real processes on JDK 17
 * and 25) write their audit files — one enforcing under {@code supervised} with every prompt denied, one in
 * {@code mode=audit} — and one of their launches carries an argument made to break out of the page
 * ({@code </script><img onerror=…>} with terminal controls); the agent jar's CLI writes the page; a real
 * headless Chromium opens it from disk. The page shows the counts the files hold, shows the hostile
 * argument as text, runs nothing (no element of it, no console message, the title unchanged) and asks
 * for nothing beyond itself. A screenshot of it is kept with the build's test artifacts.
 */
class ReportBrowserIT {

    /** Ends a script block and opens an image whose error handler would retitle the page, among terminal controls. */
    static final String HOSTILE = "</script><img src=x onerror=document.title='pwned'>\u001b[2J\r\u0007\u202e";

    @TempDir
    static Path shared;
    static Browser browser;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startBrowser() throws Exception {
        browser = Browser.startLoggingNetwork(shared);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    private Run gated(Jdk jdk, String agent, Path audit, Spec spec) {
        Run run = ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work")).env("HOME", Dirs.mkdir(tmp, "home").toString())
                .withAgent(agent).cmdgate("audit", audit).timeout(Duration.ofSeconds(120))
                .main(Commands.class).args(spec.args()).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        return run;
    }

    private static String cell(WebElement page, String id) {
        return page.findElement(By.id(id)).getText();
    }

    @OnEachJdk
    void the_page_shows_the_files_counts_and_the_hostile_argument_as_text_and_runs_and_fetches_nothing(Jdk jdk)
            throws Exception {
        Path enforcing = tmp.resolve("enforce.jsonl");
        Run first = gated(jdk, "autonomy=supervised,prompt=deny", enforcing, Spec.attempts()
                .add("echo", "echo", "a").add("ls", "ls")
                .add("touch", "touch", "made.txt")                 // Write: asked, denied
                .add("hostile", "touch", HOSTILE)                  // Write: asked, denied
                .add("rm", "rm", "-rf", "./nothing-here"));        // Destructive: asked, denied
        assertThat(first.result("hostile").blocked()).as(first.describe()).isTrue();
        assertThat(first.result("echo").ok()).as(first.describe()).isTrue();
        Path auditing = tmp.resolve("audit-mode.jsonl");
        Run second = gated(jdk, "autonomy=supervised,mode=audit", auditing, Spec.attempts()
                .add("echo", "echo", "b")
                .add("touch", "touch", "made-in-audit-mode.txt")   // Write: would be asked, runs
                .add("rm", "rm", "-rf", "./nothing-here"));        // Destructive: would be asked, runs
        assertThat(second.result("touch").ok()).as(second.describe()).isTrue();
        assertThat(tmp.resolve("work/made.txt")).doesNotExist();
        int decisions = Audit.read(enforcing).lines().size() + Audit.read(auditing).lines().size();
        assertThat(decisions).isEqualTo(8);

        Path page = tmp.resolve("report.html");
        Run report = ForkedJvm.on(jdk).in(tmp).timeout(Duration.ofSeconds(120))
                .executableJar(ForkedJvm.AGENT_JAR, "report", enforcing, auditing, "--html", page).run();
        assertThat(report.exit()).as(report.describe()).isZero();
        assertThat(page).isNotEmptyFile();

        browser.requests();   // what came before is not this page's
        browser.console();
        String url = page.toUri().toString();
        browser.driver().get(url);
        WebElement body = browser.waiting(Duration.ofSeconds(30)).until(d -> d.findElement(By.id("total-decisions")))
                .findElement(By.xpath("/html/body"));

        // the counts the two files hold, as the page shows them
        assertThat(cell(body, "total-decisions")).isEqualTo(Integer.toString(decisions));
        assertThat(cell(body, "total-audit-mode")).isEqualTo("3");
        assertThat(cell(body, "co-read-allowed")).isEqualTo("3");
        assertThat(cell(body, "co-write-prompted_denied")).isEqualTo("2");
        assertThat(cell(body, "co-destructive-prompted_denied")).isEqualTo("1");
        assertThat(cell(body, "co-write-allowed")).isEqualTo("1");
        assertThat(cell(body, "co-destructive-allowed")).isEqualTo("1");
        assertThat(cell(body, "co-all-all")).isEqualTo(Integer.toString(decisions));
        assertThat(cell(body, "enforce-write-asked")).isEqualTo("1");
        assertThat(cell(body, "enforce-destructive-asked")).isEqualTo("1");
        assertThat(cell(body, "tier-readonly-write-refused")).isEqualTo("3");
        assertThat(cell(body, "chain-0")).contains("verified");
        assertThat(cell(body, "chain-1")).contains("verified");
        assertThat(body.findElement(By.id("total-decisions")).isDisplayed()).isTrue();
        assertThat(body.findElement(By.id("co-all-all")).isDisplayed()).isTrue();

        // the hostile argument is text on the page, its controls shown as escapes, and nothing of it ran
        String text = body.getText();
        assertThat(text).contains("</script><img src=x onerror=document.title=").contains("pwned")
                .doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u202e");
        assertThat(browser.driver().findElements(By.cssSelector("script, img, iframe, object, embed, link, base, form")))
                .as("no element a line could have made").isEmpty();
        assertThat(browser.driver().getTitle()).startsWith("cmdgate report");
        List<LogEntry> console = browser.console();
        assertThat(console).as("nothing refused by the page's policy, no error").isEmpty();
        assertThat(browser.requests()).as("the page asked for nothing but itself").containsOnly(url);

        Path shots = Path.of(System.getProperty("cmdgate.it.root"), "it-tests",
                System.getProperty("cmdgate.it.buildDir", "target"), "report-screenshots", "jdk" + jdk.feature());
        browser.screenshot(shots.resolve("report-page.png"));
        assertThat(shots.resolve("report-page.png")).isNotEmptyFile();
        assertThat(Files.readString(page)).doesNotContain("</script");
    }
}
