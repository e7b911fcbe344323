package dev.cmdgate.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The documentation names what exists: every class it names by its package ({@code dev.cmdgate.…Name}), every
 * test, integration test and benchmark it names ({@code SomeTest}, {@code SomeIT}, {@code SomeBenchmark},
 * {@code Some.java}), every repository path it gives ({@code agent/src/…/LaunchGuard.java}) and every relative
 * link is a file of this repository, and a link to a page's heading finds that heading. A rename that leaves a page
 * behind fails here.
 */
class DocsReferencesTest {

    private static final Pattern QUALIFIED = Pattern.compile("\\bdev\\.cmdgate((?:\\.[a-z0-9_]+)+)\\.([A-Z][A-Za-z0-9]*)");
    private static final Pattern CODE = Pattern.compile("`([^`\\n]+)`");
    /**
     * A test, integration test or benchmark by its simple name, or a source file by its file name (not a stack
     * frame's {@code Name.java:LINE}, which may be another project's).
     */
    private static final Pattern TEST_OR_FILE = Pattern.compile(
            "(?<![\\w.$/@-])([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(?:Test|IT|Benchmark))\\b|\\b([A-Z][A-Za-z0-9]*)\\.java\\b(?!:\\d)");
    private static final Pattern PATH = Pattern.compile(
            "(?<![\\w./-])((?:core|api|agent|it-tests|examples|bench|scripts)/[\\w./-]+\\.(?:java|rules|sh|md))");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]*)(?:#([^)\\s]+))?\\)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+?) *$");

    private static Path root;
    /** Every source file of the repository, by simple name, and by path below its {@code java} directory. */
    private static final Set<String> simpleNames = new HashSet<>();
    private static final Set<String> qualified = new HashSet<>();

    @BeforeAll
    static void sources() throws IOException {
        Path at = Path.of("").toAbsolutePath();
        while (at != null && !(Files.isDirectory(at.resolve("docs")) && Files.isRegularFile(at.resolve("README.md")))) {
            at = at.getParent();
        }
        assertThat(at).as("the repository root above " + Path.of("").toAbsolutePath()).isNotNull();
        root = at;
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target")
                            && !p.toString().contains("/.git/"))
                    .forEach(p -> {
                        String file = p.getFileName().toString();
                        simpleNames.add(file.substring(0, file.length() - 5));
                        String s = root.relativize(p).toString();
                        int java = s.indexOf("/java/");
                        if (java >= 0) {
                            qualified.add(s.substring(java + 6, s.length() - 5).replace('/', '.'));
                        }
                    });
        }
        assertThat(simpleNames).contains("LaunchGuard", "Gatekeeper");
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("it-tests/README.md"),
                root.resolve("examples/README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static String read(Path page) {
        try {
            return Files.readString(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The anchors of a page's headings as GitHub makes them: lower case, punctuation dropped, blanks as hyphens. */
    private static Set<String> anchors(Path page) {
        Set<String> anchors = new HashSet<>();
        Matcher h = HEADING.matcher(read(page));
        while (h.find()) {
            String slug = h.group(1).toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
            String anchor = slug;
            for (int n = 1; !anchors.add(anchor); n++) {
                anchor = slug + "-" + n;
            }
        }
        return anchors;
    }

    private static String at(Path page, String text, int offset) {
        return root.relativize(page) + ":" + (text.substring(0, offset).split("\n", -1).length) + ": ";
    }

    @Test
    void everyClassNamedByItsPackageExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path page : pages()) {
            String text = read(page);
            Matcher m = QUALIFIED.matcher(text);
            while (m.find()) {
                String name = "dev.cmdgate" + m.group(1) + "." + m.group(2);
                if (!qualified.contains(name)) {
                    missing.add(at(page, text, m.start()) + name);
                }
            }
        }
        assertThat(missing).as("classes the docs name that no source file defines").isEmpty();
    }

    @Test
    void everyTestBenchmarkAndSourceFileNamedExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path page : pages()) {
            String text = read(page);
            Matcher code = CODE.matcher(text);
            while (code.find()) {
                Matcher m = TEST_OR_FILE.matcher(code.group(1));
                while (m.find()) {
                    String name = m.group(1) != null ? m.group(1) : m.group(2);
                    if (!simpleNames.contains(name)) {
                        missing.add(at(page, text, code.start()) + name);
                    }
                }
            }
        }
        assertThat(missing).as("tests, benchmarks and source files the docs name that do not exist").isEmpty();
    }

    @Test
    void everyRepositoryPathAndRelativeLinkExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path page : pages()) {
            String text = read(page);
            Matcher p = PATH.matcher(text);
            while (p.find()) {
                String path = p.group(1);
                if (!Files.exists(root.resolve(path)) && !Files.exists(page.getParent().resolve(path))) {
                    missing.add(at(page, text, p.start()) + path);
                }
            }
            Matcher l = LINK.matcher(text);
            while (l.find()) {
                String target = l.group(1);
                if (target.contains(":")) {
                    continue;   // a URL
                }
                Path file = target.isEmpty() ? page : page.getParent().resolve(target).normalize();
                if (!Files.exists(file)) {
                    missing.add(at(page, text, l.start()) + target);
                } else if (l.group(2) != null && file.toString().endsWith(".md") && !anchors(file).contains(l.group(2))) {
                    missing.add(at(page, text, l.start()) + target + "#" + l.group(2) + " (no such heading)");
                }
            }
        }
        assertThat(missing).as("paths and links in the docs that lead nowhere").isEmpty();
    }
}
