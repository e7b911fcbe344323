package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small file tree an {@code example … with PATH "LINE"…} row names, held in memory: the example runs in
 * {@value #CWD} with the home directory {@value #HOME} and an empty environment. Nothing touches the disk.
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
    public boolean exists(String path) {
        return files.containsKey(path) || list(path) != null;
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
