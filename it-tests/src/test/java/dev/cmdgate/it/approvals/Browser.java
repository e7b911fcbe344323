package dev.cmdgate.it.approvals;

import dev.cmdgate.it.support.StrictJson;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's headless Chromium, driven through its own chromedriver by Selenium (both by path: Selenium
 * Manager never runs and nothing is downloaded), with a fresh profile and no background networking. A
 * missing browser fails the test rather than skipping it. The report's page test ({@code ReportBrowserIT})
 * opens its page here too, with the browser's network log on ({@link #startLoggingNetwork}).
 */
public final class Browser implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Dimension LAPTOP = new Dimension(1366, 900);
    static final Dimension PHONE = new Dimension(390, 844);

    final ChromeDriver driver;
    private final Path profile;

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    public static Browser start(Path dir) throws IOException {
        return start(dir, false);
    }

    /** A browser that also keeps DevTools' network events, read by {@link #requests()}. */
    public static Browser startLoggingNetwork(Path dir) throws IOException {
        return start(dir, true);
    }

    private static Browser start(Path dir, boolean network) throws IOException {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            // a missing browser fails the test: a skip would hide that the page was never tried
            throw new IllegalStateException("chromium or chromedriver not found at " + CHROMIUM + ", " + CHROMEDRIVER
                    + ": install Debian's chromium and chromium-driver (./cmdgate test does)");
        }
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1366,900");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        if (network) {
            logs.enable(LogType.PERFORMANCE, Level.ALL);
        }
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().withLogOutput(java.io.OutputStream.nullOutputStream()).build();
        return new Browser(new ChromeDriver(service, options), profile);
    }

    /** Waits until {@code condition} gives something other than null or false (exceptions count as not yet). */
    public interface Condition<T> {
        T check(WebDriver d);
    }

    /** Polls a condition every 100 ms. */
    public final class Wait {
        private final Duration within;

        Wait(Duration within) {
            this.within = within;
        }

        public <T> T until(Condition<T> condition) {
            long end = System.nanoTime() + within.toNanos();
            RuntimeException last = null;
            while (System.nanoTime() < end) {
                try {
                    T v = condition.check(driver);
                    if (v != null && !Boolean.FALSE.equals(v)) {
                        return v;
                    }
                } catch (RuntimeException e) {
                    last = e;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            throw new AssertionError("the page did not get there within " + within.toSeconds() + " s"
                    + (last == null ? "" : " (last: " + last.getMessage() + ")") + "\n--- page text ---\n" + pageText());
        }
    }

    private String pageText() {
        try {
            String t = driver.findElement(By.tagName("body")).getText();
            return t.length() > 4000 ? t.substring(0, 4000) + "…" : t;
        } catch (RuntimeException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    public Wait waiting(Duration d) {
        return new Wait(d);
    }

    /** Opens the page and signs in with the token; waits for the pending view. */
    void signIn(String url, String token) {
        driver.get(url);
        waiting(Duration.ofSeconds(20)).until(d -> d.findElement(By.id("login")).isDisplayed()
                || d.findElement(By.id("pending")).isDisplayed());
        if (driver.findElement(By.id("login")).isDisplayed()) {
            WebElement t = driver.findElement(By.id("token"));
            t.clear();
            t.sendKeys(token);
            driver.findElement(By.cssSelector("#login-form button[type=submit]")).click();
        }
        waiting(Duration.ofSeconds(20)).until(d -> d.findElement(By.id("pending")).isDisplayed());
    }

    /** Waits for the card of the request whose command is shown as {@code command}; returns it. */
    WebElement card(String command, Duration within) {
        return waiting(within).until(d -> {
            for (WebElement c : d.findElements(By.cssSelector("#cards li.card:not(.answered)"))) {
                if (c.findElement(By.cssSelector("pre.cmd")).getText().equals(command)) {
                    return c;
                }
            }
            return null;
        });
    }

    /** Waits for any pending card; returns the first (oldest). */
    WebElement firstCard(Duration within) {
        return waiting(within).until(d -> {
            List<WebElement> cs = d.findElements(By.cssSelector("#cards li.card:not(.answered)"));
            return cs.isEmpty() ? null : cs.get(0);
        });
    }

    /** Clicks {@code e} once it is scrolled to the middle of the window (clear of the page's sticky header). */
    void press(WebElement e) {
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", e);
        e.click();
    }

    /**
     * Answers the request of {@code card} with its button {@code css} ({@code button.approve} …) and waits until
     * the page shows it answered (or gone), so that the next click does not land while the list moves.
     */
    void answer(WebElement card, String css) {
        press(card.findElement(org.openqa.selenium.By.cssSelector(css)));
        waiting(Duration.ofSeconds(60)).until(d -> {
            try {
                return card.getAttribute("class").contains("answered") || !card.isDisplayed();
            } catch (org.openqa.selenium.StaleElementReferenceException gone) {
                return true;
            }
        });
    }

    public Object script(String js) {
        return ((JavascriptExecutor) driver).executeScript(js);
    }

    /**
     * The URLs the browser asked for since the last call: DevTools' {@code Network.requestWillBeSent}
     * events, a page's own load included (only with {@link #startLoggingNetwork}).
     */
    @SuppressWarnings("unchecked")
    public List<String> requests() {
        List<String> urls = new java.util.ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.PERFORMANCE).getAll()) {
            // {"message":{"method":"Network.requestWillBeSent","params":{…,"request":{…,"url":…}}},"webview":…}
            Map<String, Object> message = StrictJson.parseObject(e.getMessage()).get("message") instanceof Map<?, ?> m
                    ? (Map<String, Object>) m : Map.of();
            if ("Network.requestWillBeSent".equals(message.get("method"))
                    && message.get("params") instanceof Map<?, ?> params && params.get("request") instanceof Map<?, ?> request) {
                urls.add(String.valueOf(request.get("url")));
            }
        }
        return urls;
    }

    /** The browser's console since the last call (CSP reports appear here). */
    public List<LogEntry> console() {
        return driver.manage().logs().get(LogType.BROWSER).getAll();
    }

    void resize(Dimension d) {
        driver.manage().window().setSize(d);
    }

    public void screenshot(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        File shot = driver.getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), file, StandardCopyOption.REPLACE_EXISTING);
    }

    public WebDriver driver() {
        return driver;
    }

    @Override
    public void close() {
        driver.quit();
    }
}
