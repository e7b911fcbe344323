package dev.cmdgate.it.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.LoopbackPorts;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;

/**
 * {@code cmdgate.prompt=URL} end to end: a gated JVM (a real process on JDK 17 and 25) blocks on a Write
 * launch; {@code cmdgate approvals} (a real process of the agent jar) holds the request; a real headless
 * Chromium signs in, sees the launch rendered as the console would show it, and answers it — approve,
 * deny (by keyboard), always; the JVM's launch runs or is refused accordingly and its audit line names the
 * approver. Also: no answer in time, a service that is down, a service killed and started again while a
 * request waits, and hostile text in every field a launch controls, which the page shows as text while
 * the browser runs none of it.
 */
class ApprovalsBrowserIT {

    static final Duration WAIT = Duration.ofSeconds(90);
    static final String SERVICE = "orders-agent";

    @TempDir
    static Path shared;
    static Browser browser;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startBrowser() throws Exception {
        browser = Browser.start(shared);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    /** A service with one approver, alice; her token is in {@link #token}. */
    private String token;

    private ApprovalsProcess service(Jdk jdk, String... options) throws Exception {
        Path approvers = tmp.resolve("approvers");
        token = ApprovalsProcess.addHolder(jdk, tmp, "add-approver", "--approvers", approvers, "alice");
        return ApprovalsProcess.start(jdk, tmp, approvers, options);
    }

    private ForkedJvm gated(Jdk jdk, String url, int timeoutSeconds, Spec spec) {
        return ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work"))
                .withAgent("prompt=" + url + ",prompt.timeout=" + timeoutSeconds + ",service=" + SERVICE)
                .cmdgate("audit", tmp.resolve("audit.jsonl")).env("LC_ALL", "C.UTF-8").timeout(Duration.ofSeconds(180))
                .main(Commands.class).args(spec.args());
    }

    private Audit.Line line(String word) {
        return Audit.read(tmp.resolve("audit.jsonl")).forWord(word);
    }

    private static String text(WebElement card, String css) {
        return card.findElement(By.cssSelector(css)).getText();
    }

    @OnEachJdk
    void an_approved_launch_runs_and_its_audit_line_names_the_approver(Jdk jdk) throws Exception {
        try (ApprovalsProcess s = service(jdk);
                ForkedJvm.Running app = gated(jdk, s.url(), 120, Spec.attempts().add("touch", "touch", "approved.txt")).start()) {
            browser.signIn(s.url(), token);
            WebElement card = browser.card("touch approved.txt", WAIT);
            assertThat(text(card, ".chip.class")).isEqualToIgnoringCase("Write");
            assertThat(text(card, ".facts")).contains(SERVICE).contains("Commands.launch(Commands.java:")
                    .contains(tmp.resolve("work").toString());
            assertThat(text(card, ".findings")).contains("builtin.rules:");
            assertThat(text(card, ".left")).matches("(\\d+ min \\d\\d s|\\d+ s) left");
            card.findElement(By.cssSelector("textarea.note")).sendKeys("build output, fine");
            browser.answer(card, "button.approve");

            Run run = app.finish();
            assertThat(run.result("touch").ok()).as(run.describe()).isTrue();
            assertThat(tmp.resolve("work/approved.txt")).exists();
            Map<String, Object> prompt = line("approved.txt").prompt();
            assertThat(prompt).containsEntry("answer", "allow").containsEntry("approver", "alice")
                    .containsEntry("channel", "web").containsEntry("note", "build output, fine")
                    .containsEntry("handler", s.url());
            assertThat(line("approved.txt").outcome()).isEqualTo("allowed");

            browser.driver().findElement(By.id("tab-history")).click();
            WebElement done = browser.waiting(WAIT).until(d -> d.findElement(By.cssSelector("#answers li.card")));
            assertThat(done.getText()).contains("touch approved.txt").contains("by alice").contains("build output, fine");
            browser.driver().findElement(By.id("tab-pending")).click();
        }
    }

    @OnEachJdk
    void a_launch_denied_with_the_keyboard_is_refused(Jdk jdk) throws Exception {
        try (ApprovalsProcess s = service(jdk);
                ForkedJvm.Running app = gated(jdk, s.url(), 120, Spec.attempts().add("touch", "touch", "denied.txt")).start()) {
            browser.signIn(s.url(), token);
            WebElement card = browser.card("touch denied.txt", WAIT);
            browser.press(card.findElement(By.cssSelector(".head")));   // selects it
            new Actions(browser.driver()).sendKeys("n").perform();

            Run run = app.finish();
            assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
            assertThat(run.result("touch").message()).contains("the prompt was answered deny");
            assertThat(tmp.resolve("work/denied.txt")).doesNotExist();
            assertThat(line("denied.txt").prompt()).containsEntry("answer", "deny").containsEntry("approver", "alice");
        }
    }

    @OnEachJdk
    void always_lets_the_identical_launch_run_unasked_and_a_different_one_asks(Jdk jdk) throws Exception {
        Spec spec = Spec.attempts().add("first", "touch", "same.txt").add("again", "touch", "same.txt")
                .add("other", "touch", "other.txt");
        try (ApprovalsProcess s = service(jdk); ForkedJvm.Running app = gated(jdk, s.url(), 120, spec).start()) {
            browser.signIn(s.url(), token);
            browser.answer(browser.card("touch same.txt", WAIT), "button.always");
            browser.answer(browser.card("touch other.txt", WAIT), "button.deny");

            Run run = app.finish();
            assertThat(run.result("first").ok()).as(run.describe()).isTrue();
            assertThat(run.result("again").ok()).as(run.describe()).isTrue();
            assertThat(run.result("other").blocked()).as(run.describe()).isTrue();
            List<Audit.Line> lines = Audit.read(tmp.resolve("audit.jsonl")).lines();
            assertThat(lines).hasSize(3);
            assertThat(lines.get(0).prompt()).containsEntry("answer", "allow_always").containsEntry("approver", "alice");
            assertThat(lines.get(1).prompt()).containsEntry("handler", "remembered").doesNotContainKey("approver");
            assertThat(lines.get(2).prompt()).containsEntry("answer", "deny").containsEntry("approver", "alice");
        }
        assertThat(tmp.resolve("work/other.txt")).doesNotExist();
    }

    @OnEachJdk
    void no_answer_in_time_is_a_deny_and_the_page_shows_it_expired(Jdk jdk) throws Exception {
        try (ApprovalsProcess s = service(jdk)) {
            browser.signIn(s.url(), token);
            Run run = gated(jdk, s.url(), 4, Spec.attempts().add("touch", "touch", "late.txt")).run();
            assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
            assertThat(tmp.resolve("work/late.txt")).doesNotExist();
            Map<String, Object> prompt = line("late.txt").prompt();
            assertThat(prompt).containsEntry("answer", "deny").doesNotContainKey("approver");
            assertThat((String) prompt.get("detail")).contains("no answer from the approval service");
            assertThat(((Number) prompt.get("millis")).longValue()).isBetween(2_500L, 6_000L);
            browser.driver().findElement(By.id("tab-history")).click();
            WebElement done = browser.waiting(WAIT).until(d -> d.findElement(By.cssSelector("#answers li.card")));
            assertThat(done.getText()).containsIgnoringCase("expired (denied)").contains("touch late.txt");
            browser.driver().findElement(By.id("tab-pending")).click();
        }
    }

    @OnEachJdk
    void a_service_that_is_down_is_a_deny_within_a_second(Jdk jdk) throws Exception {
        String url = "http://127.0.0.1:" + LoopbackPorts.free() + "/";
        Run run = gated(jdk, url, 60, Spec.attempts().add("touch", "touch", "down.txt")).run();
        assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
        assertThat(tmp.resolve("work/down.txt")).doesNotExist();
        Map<String, Object> prompt = line("down.txt").prompt();
        assertThat(((Number) prompt.get("millis")).longValue()).isLessThan(1000);
        assertThat((String) prompt.get("detail")).contains("the approval service " + url + " gave no answer")
                .contains("Connect");
        assertThat(run.stderrLines().stream().filter(l -> l.contains("down.txt")).toList()).as(run.describe()).hasSize(1);
    }

    @OnEachJdk
    void a_request_survives_a_restart_of_the_service_and_is_answered_after_it(Jdk jdk) throws Exception {
        try (ApprovalsProcess s = service(jdk);
                ForkedJvm.Running app = gated(jdk, s.url(), 120, Spec.attempts().add("touch", "touch", "restart.txt")).start()) {
            browser.signIn(s.url(), token);
            browser.card("touch restart.txt", WAIT);
            s.kill();
            browser.waiting(WAIT).until(d -> d.findElement(By.id("banner")).isDisplayed());
            s.restart();
            browser.waiting(WAIT).until(d -> d.findElement(By.id("login")).isDisplayed());   // sessions end with the process
            browser.signIn(s.url(), token);
            browser.answer(browser.card("touch restart.txt", WAIT), "button.approve");

            Run run = app.finish();
            assertThat(run.result("touch").ok()).as(run.describe() + "\n--- service\n" + s.log()).isTrue();
            assertThat(tmp.resolve("work/restart.txt")).exists();
            assertThat(line("restart.txt").prompt()).containsEntry("answer", "allow").containsEntry("approver", "alice");
        }
    }

    @OnEachJdk
    void hostile_text_in_every_field_is_shown_as_text_and_never_runs(Jdk jdk) throws Exception {
        Path work = Dirs.mkdir(tmp, "work");
        String evilDir = "\"><img src=x onerror=window.__pwned=4>";
        Files.createDirectories(work.resolve(evilDir));
        String longArg = "A".repeat(100_000);
        Spec spec = Spec.attempts().add("evil", "@dir=" + work.resolve(evilDir), "@env=<script>window.__pwned++</script>=v",
                "touch", "<script>window.__pwned=1</script>", "\"><img src=x onerror=window.__pwned=2>", "a\u202eb.txt",
                "zw\u200b\u200c\u200d\u2060x", "tail" + " ".repeat(12) + "end", longArg);
        String expected = "touch '<script>window.__pwned=1</script>' '\"><img src=x onerror=window.__pwned=2>' 'a\\u202eb.txt'"
                + " 'zw\\u200b\\u200c\\u200d\\u2060x' 'tail\u27e812 spaces\u27e9end' " + longArg;
        try (ApprovalsProcess s = service(jdk); ForkedJvm.Running app = gated(jdk, s.url(), 120, spec).start()) {
            browser.signIn(s.url(), token);
            browser.console();   // what came before
            WebElement card = browser.card(expected, WAIT);
            String facts = text(card, ".facts");
            assertThat(facts).contains(evilDir).contains("<script>window.__pwned++</script>");
            assertThat(text(card, ".escaped")).contains("escapes");
            HostileRequests.post(s.url(), "forged-1");
            WebElement forged = browser.waiting(WAIT).until(d -> {
                for (WebElement c : d.findElements(By.cssSelector("#cards li.card"))) {
                    if (c.getText().contains("forged-1")) {
                        return c;
                    }
                }
                return null;
            });
            assertThat(forged.getText()).contains(HostileRequests.SERVICE).contains(HostileRequests.CALLER)
                    .contains(HostileRequests.RULE).contains("\\u202e").doesNotContain("\u202e");
            assertNothingRan();
            browser.answer(card, "button.deny");
            browser.answer(forged, "button.deny");
            browser.driver().findElement(By.id("tab-history")).click();
            browser.waiting(WAIT).until(d -> d.findElements(By.cssSelector("#answers li.card")).size() == 2);
            assertNothingRan();
            browser.driver().findElement(By.id("tab-pending")).click();

            Run run = app.finish();
            assertThat(run.result("evil").blocked()).as(run.describe()).isTrue();
        }
        try (var files = Files.list(work.resolve(evilDir))) {
            assertThat(files).isEmpty();
        }
    }

    @OnEachJdk
    void a_page_of_another_origin_cannot_answer_for_the_signed_in_approver(Jdk jdk) throws Exception {
        try (ApprovalsProcess s = service(jdk);
                ForkedJvm.Running app = gated(jdk, s.url(), 120, Spec.attempts().add("touch", "touch", "csrf.txt")).start()) {
            browser.signIn(s.url(), token);
            browser.card("touch csrf.txt", WAIT);
            PageApi api = new PageApi(s.url(), null).signIn(token);
            String id = (String) api.awaitPending(1, WAIT).get(0).get("id");
            String target = s.url() + "api/approvals/" + id + "/answer";
            // the attacker's page: a form posting JSON as text/plain, and a credentialed fetch, on load
            String attack = "<!doctype html><body><form id=f method=POST enctype=text/plain action='" + target + "'>"
                    + "<input name='{\"answer\":\"allow\",\"x\":\"' value='\"}'></form><script>"
                    + "fetch('" + target + "',{method:'POST',credentials:'include',mode:'no-cors',headers:{'Content-Type':'text/plain'},"
                    + "body:'{\"answer\":\"allow\"}'}).finally(()=>document.getElementById('f').submit());</script></body>";
            com.sun.net.httpserver.HttpServer evil = com.sun.net.httpserver.HttpServer.create(
                    new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
            evil.createContext("/", x -> {
                byte[] b = attack.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                x.getResponseHeaders().set("Content-Type", "text/html");
                x.sendResponseHeaders(200, b.length);
                x.getResponseBody().write(b);
                x.close();
            });
            evil.start();
            try {
                browser.driver().get("http://127.0.0.1:" + evil.getAddress().getPort() + "/");
                browser.waiting(WAIT).until(d -> d.getCurrentUrl().startsWith(s.url()));   // the form was sent
                Thread.sleep(1000);
            } finally {
                evil.stop(0);
            }
            assertThat(api.pending()).extracting(m -> m.get("id")).containsExactly(id);
            assertThat(s.log()).doesNotContain("answered");
            assertThat(api.answer(id, "deny", null).statusCode()).isEqualTo(200);
            Run run = app.finish();
            assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
            assertThat(tmp.resolve("work/csrf.txt")).doesNotExist();
        }
    }

    /** Where the screenshots go: the build directory's {@code approvals-screenshots/JDK/} (test artifacts). */
    static Path screenshots(Jdk jdk) {
        return Path.of(System.getProperty("cmdgate.it.root"), "it-tests", System.getProperty("cmdgate.it.buildDir", "target"),
                "approvals-screenshots", "jdk" + jdk.feature());
    }

    @OnEachJdk
    void screenshots_of_pending_and_history_at_laptop_and_phone_sizes(Jdk jdk) throws Exception {
        Path work = Dirs.mkdir(tmp, "work");
        Files.createDirectories(work.resolve("build"));
        try (ApprovalsProcess s = service(jdk);
                ForkedJvm.Running touch = gated(jdk, s.url(), 120, Spec.attempts().add("t", "touch", "notes.txt")).start();
                ForkedJvm.Running rm = gated(jdk, s.url(), 120, Spec.attempts().add("rm", "rm", "-rf", "build")).start();
                ForkedJvm.Running push = gated(jdk, s.url(), 120, Spec.attempts().add("push",
                        "@env=GIT_SSH_COMMAND=ssh -i /home/agent/.ssh/deploy_key", "git", "push", "--force", "origin", "main")).start()) {
            browser.resize(Browser.LAPTOP);
            browser.signIn(s.url(), token);
            browser.card("touch notes.txt", WAIT);
            browser.card("rm -rf build", WAIT);
            browser.card("git push --force origin main", WAIT);
            Path dir = screenshots(jdk);
            browser.screenshot(dir.resolve("pending-laptop.png"));
            browser.resize(Browser.PHONE);
            browser.screenshot(dir.resolve("pending-phone.png"));
            browser.resize(Browser.LAPTOP);
            WebElement first = browser.card("touch notes.txt", WAIT);
            first.findElement(By.cssSelector("textarea.note")).sendKeys("notes for the release, fine");
            browser.answer(first, "button.approve");
            browser.answer(browser.card("rm -rf build", WAIT), "button.deny");
            browser.card("git push --force origin main", WAIT).findElement(By.cssSelector("textarea.note"))
                    .sendKeys("no force pushes from agents");
            browser.answer(browser.card("git push --force origin main", WAIT), "button.deny");
            browser.driver().findElement(By.id("tab-history")).click();
            browser.waiting(WAIT).until(d -> d.findElements(By.cssSelector("#answers li.card")).size() == 3);
            browser.screenshot(dir.resolve("history-laptop.png"));
            browser.resize(Browser.PHONE);
            browser.screenshot(dir.resolve("history-phone.png"));
            browser.resize(Browser.LAPTOP);
            browser.driver().findElement(By.id("tab-pending")).click();
            assertThat(touch.finish().result("t").ok()).isTrue();
            assertThat(rm.finish().result("rm").blocked()).isTrue();
            assertThat(push.finish().result("push").blocked()).isTrue();
        }
        assertThat(work.resolve("build")).isDirectory();
        for (String name : List.of("pending-laptop", "pending-phone", "history-laptop", "history-phone")) {
            assertThat(screenshots(jdk).resolve(name + ".png")).isNotEmptyFile();
        }
    }

    /** No script of a request's ran: no flag set, no element made from request text, no policy violation reported. */
    private static void assertNothingRan() {
        assertThat(browser.script("return typeof window.__pwned")).isEqualTo("undefined");
        assertThat(browser.driver().findElements(By.cssSelector("main img, main script, main svg, main iframe"))).isEmpty();
        List<String> reports = browser.console().stream().map(LogEntry::getMessage)
                .filter(m -> m.contains("Content Security Policy") || m.contains("Trusted Type") || m.contains("pwned"))
                .toList();
        assertThat(reports).isEmpty();
    }
}
