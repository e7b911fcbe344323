package dev.cmdgate.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the pages under docs/ point only at things that exist: every relative link names a file,
 * and every source path they spell out ({@code agent/src/main/java/…/LaunchGuard.java}) is in the tree. A
 * reader who follows the README to the class that decides a launch must land on it.
 */
class DocLinksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)\\s]*)?\\)");
    private static final Pattern SOURCE_PATH =
            Pattern.compile("\\b((?:core|agent|api|bench|it-tests|examples)/src/[A-Za-z0-9_./-]+\\.(?:java|rules))");

    @Test
    void everyLinkAndSourcePathResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            String text = Files.readString(page);
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) {
                    continue;
                }
                if (!Files.exists(page.getParent().resolve(target))) {
                    broken.add(ROOT.relativize(page) + ": link " + target);
                }
            }
            Matcher p = SOURCE_PATH.matcher(text);
            while (p.find()) {
                if (!Files.exists(ROOT.resolve(p.group(1)))) {
                    broken.add(ROOT.relativize(page) + ": path " + p.group(1));
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        pages.add(ROOT.resolve("examples/README.md"));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }
}
