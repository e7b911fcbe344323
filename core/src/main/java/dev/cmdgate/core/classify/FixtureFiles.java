package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small file tree an {@code example … with PATH "LINE"…} row names, held in memory: the example runs in
 * {@value #CWD} with the home directory {@value #HOME} and an empty environment. Nothing touches the disk. A
 * directory named {@code .git} the example writes into is a repository git accepts: its {@code HEAD},
 * {@code objects} and {@code refs} are there unless the example writes them. There are no symbolic links.
 */
final class FixtureFiles implements SiteFiles {

    static final String CWD = "/project";
    static final String HOME = "/home/user";

    private final Map<String, String> files = new LinkedHashMap<>();

    /** @param written path as the example writes it ({@code .git/config}, {@code ~/.gitconfig}, {@code /etc/x}) to text */
    FixtureFiles(Map<String, String> written) {
        for (Map.Entry<String, String> e : written.entrySet()) {
            String p = e.getKey();
            String abs = p.startsWith("/") ? p : p.startsWith("~/") ? HOME + p.substring(1) : CWD + "/" + p;
            files.put(abs, e.getValue());
        }
        for (String abs : List.copyOf(files.keySet())) {
            int git = abs.indexOf("/.git/");
            if (git >= 0) {
                String repo = abs.substring(0, git + 5);
                files.putIfAbsent(repo + "/HEAD", "ref: refs/heads/main\n");
                if (list(repo + "/objects") == null) {
                    files.put(repo + "/objects/info/.keep", "");
                }
                if (list(repo + "/refs") == null) {
                    files.put(repo + "/refs/heads/.keep", "");
                }
            }
        }
    }

    @Override
    public String read(String path) throws Unreadable {
        String text = files.get(path);
        if (text == null && list(path) != null) {
            throw new Unreadable(path + " is a directory");
        }
        return text;
    }

    @Override
    public List<String> list(String path) {
        String prefix = path.endsWith("/") ? path : path + "/";
        List<String> names = null;
        for (String f : files.keySet()) {
            if (f.startsWith(prefix)) {
                String rest = f.substring(prefix.length());
                int slash = rest.indexOf('/');
                String name = slash < 0 ? rest : rest.substring(0, slash);
                if (names == null) {
                    names = new ArrayList<>();
                }
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    @Override
    public Kind kind(String path) {
        return files.containsKey(path) ? Kind.FILE : list(path) != null ? Kind.DIRECTORY : Kind.NONE;
    }

    @Override
    public String realPath(String path) {
        String p = PathText.resolveDots(path);
        if (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return kind(p) == Kind.NONE && !p.equals(CWD) && !p.equals(HOME) && !p.equals("/") ? null : p;
    }

    @Override
    public String linkTarget(String path) {
        return null;   // a fixture holds no links
    }

    @Override
    public byte[] bytes(String path, int max) throws Unreadable {
        String text = read(path);
        return text == null ? null : text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Override
    public String variable(String name) {
        return null;
    }

    @Override
    public String home() {
        return HOME;
    }
}
