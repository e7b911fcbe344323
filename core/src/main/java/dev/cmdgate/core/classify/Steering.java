package dev.cmdgate.core.classify;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.SiteFiles;
import dev.cmdgate.core.rules.CodeRule;
import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.SteerRepo;
import dev.cmdgate.core.rules.SteerRule;
import dev.cmdgate.core.rules.Rating;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The files that steer a program ({@code steer} rows: {@code .git/config} can make {@code git status} run a
 * command): while a launch is analysed, every command whose sections have such rows is noted; when the launch
 * is Read so far, those files are read through the site ({@link SiteFiles}) and what they make the program run
 * is judged as the rows say. Anything that cannot be read or judged raises the row's verdict: the launch is then
 * not Read. A launch that is not Read already needs no read: it is at least Write, "runs code cmdgate cannot see".
 */
final class Steering {

    /** At most this many files are read for one launch, includes and globbed entries counted. */
    static final int MAX_FILES = 48;
    /** Includes nested deeper than this are not followed (git's own limit is 10). */
    static final int MAX_INCLUDE_DEPTH = 10;
    /** At most this many commands are noted for one launch, those found in steering files included. */
    static final int MAX_NOTED = 16;
    /** A command found in a file that steers a command found in a file … is followed this many levels down. */
    static final int MAX_NESTED_DEPTH = 4;

    /**
     * A command noted for the check, with what it knew when it was analysed. {@code dir} is the directory it runs in
     * when a steering file named it (null: the launch's); {@code depth} how many steering files down it was found.
     */
    private record Noted(ParsedArgs args, Site site, List<Section> sections, boolean directoryKnown,
            List<String> variables, List<EnvState.Value> values, boolean version, String dir, int depth) {
    }

    private final Analysis analysis;
    /** The launch's files are seen, so a Read launch's noted commands are checked; without them nothing is noted. */
    private final boolean checked;
    private List<Noted> noted;
    /**
     * The check under way while the files are judged: a command its files name ({@code diff.x.textconv = less}) is
     * noted to be checked in turn, in the directory the program runs it in.
     */
    private Check current;
    /** The commands found in steering files, as program, directory and words: each is checked once. */
    private java.util.Set<String> seen;
    /** A command found deeper than {@link #MAX_NESTED_DEPTH} (its check would not end): the launch is not Read. */
    private Noted tooDeep;
    /** The launch's working directory, while the files are judged. */
    private String launchDir;
    private boolean overflow;
    private int filesRead;

    Steering(Analysis analysis, boolean checked) {
        this.analysis = analysis;
        this.checked = checked;
    }

    /** Notes a command whose sections may carry {@code steer} rows (most have none: nothing is kept). */
    void note(ParsedArgs p, Site site, boolean version) {
        if (current == null && (!checked || analysis.cls != CommandClass.READ)) {
            // no check will read what is noted: the launch's files are not seen, or it is past Read already (the
            // class only rises), and only a Read launch is checked ({@link #check})
            return;
        }
        List<Section> with = null;
        for (int i = 0, n = p.path.size(); i < n; i++) {
            Section s = p.path.get(i);
            if (!s.steers().isEmpty() || s.steerRepo() != null || !s.steerDirs().isEmpty()) {
                if (with == null) {
                    with = new ArrayList<>(2);
                }
                with.add(s);
            }
        }
        if (with == null) {
            return;
        }
        if (noted == null) {
            noted = new ArrayList<>(2);
        }
        if (current != null) {
            nested(p, site, version, with);
            return;
        }
        add(p, site, version, with, null, 0, !analysis.files.changedDirectory());
    }

    /**
     * A command a steering file makes the program run: checked too, in each directory the program may run it in
     * (git runs a textconv, a filter or an alias at the top of the working tree), once per program, directory and
     * words, at most {@link #MAX_NESTED_DEPTH} files down.
     */
    private void nested(ParsedArgs p, Site site, boolean version, List<Section> with) {
        int depth = current.n.depth + 1;
        Noted probe = new Noted(p, site, with, false, List.of(), List.of(), version, null, depth);
        if (depth > MAX_NESTED_DEPTH) {
            tooDeep = tooDeep == null ? probe : tooDeep;
            return;
        }
        List<String> dirs = current.runDirs();
        if (dirs.isEmpty()) {
            // the directory is not known: the check of the command fails closed on any file it names from there
            add(p, site, version, with, null, depth, false);
            return;
        }
        for (String dir : dirs) {
            StringBuilder key = new StringBuilder(dir);
            for (Section s : with) {
                key.append('\0').append(s.word());
            }
            for (Arg a : p.args) {
                key.append('\0').append(a.unresolved() ? "\1" : "").append(a.text);
            }
            if (seen == null) {
                seen = new java.util.HashSet<>();
            }
            if (seen.add(key.toString())) {
                add(p, site, version, with, dir, depth, true);
            }
        }
    }

    private void add(ParsedArgs p, Site site, boolean version, List<Section> with, String dir, int depth,
            boolean directoryKnown) {
        if (noted.size() >= MAX_NOTED) {
            overflow = true;
            return;
        }
        // the variables the rows name, as the script had set them at this command (null: inherited)
        List<String> names = new ArrayList<>();
        for (Section s : with) {
            for (SteerRule r : s.steers()) {
                names.addAll(r.variables());
            }
            if (s.steerRepo() != null && s.steerRepo().variable() != null) {
                names.add(s.steerRepo().variable());
            }
            if (s.steerRepo() != null && s.steerRepo().treeVariable() != null) {
                names.add(s.steerRepo().treeVariable());
            }
        }
        List<EnvState.Value> values = new ArrayList<>(names.size());
        for (String n : names) {
            values.add(analysis.env.value(n));
        }
        noted.add(new Noted(p, site, with, directoryKnown, names, values, version, dir, depth));
    }

    /** Whether the files of a noted command are being judged (a command they name is analysed in their directory). */
    boolean checking() {
        return current != null;
    }

    /** Reads and judges the files of every noted command; call once the launch is otherwise Read. */
    void check(SiteFiles files, String cwd) {
        if (noted == null || files == null) {
            return;
        }
        launchDir = cwd;
        // a worklist: checking a command may note those its files name, which are checked in turn
        for (int i = 0; i < noted.size(); i++) {
            Noted n = noted.get(i);
            Check c = new Check(n, files, n.dir != null ? n.dir : cwd);
            current = c;
            try {
                c.run();
            } finally {
                current = null;
            }
        }
        if (tooDeep != null) {
            analysis.raise(tooDeep.site, firstVerdict(tooDeep),
                    "commands named by files that steer commands named by such files, more than " + MAX_NESTED_DEPTH + " deep");
        }
        if (overflow) {
            Noted last = noted.get(noted.size() - 1);
            analysis.raise(last.site, firstVerdict(last), "more than " + MAX_NOTED + " commands read files that steer them");
        }
    }

    private static Rating firstVerdict(Noted n) {
        for (Section s : n.sections) {
            if (!s.steers().isEmpty()) {
                return s.steers().get(0).verdict();
            }
        }
        return null;
    }

    /** A file or entry that could not be read or judged: the row's verdict, with what happened. */
    private static final class Blocked extends Exception {
        private static final long serialVersionUID = 1L;

        Blocked(String why) {
            super(why, null, false, false);
        }
    }

    /** The check of one noted command. */
    private final class Check {
        private final Noted n;
        private final SiteFiles files;
        private final String cwd;
        private String workDir;
        private List<String> repoDirs;
        /** The top of the working tree of the repository found, when there is one: git runs its commands there. */
        private String worktreeTop;
        private final Map<String, String> texts = new HashMap<>();
        /** The directories {@code down:} files were looked for in, with their entries, per list of ignored names. */
        private final Map<String, Map<String, List<String>>> walks = new HashMap<>();
        /** The work trees the configuration of the repository git uses names ({@code core.worktree}): git runs there too. */
        private final List<String> configuredTops = new ArrayList<>(1);
        /** The repositories whose gitlinks were read, each with the work tree they were read from. */
        private final java.util.Set<String> walked = new java.util.HashSet<>();
        private final RepositoryDiscovery git;
        /** A file could not be read or judged: the launch is not Read already. */
        private boolean failed;

        Check(Noted n, SiteFiles files, String cwd) {
            this.n = n;
            this.files = new ReaderNeutralFiles(files);
            this.cwd = cwd;
            this.git = new RepositoryDiscovery(this.files);
        }

        void run() {
            for (Section s : n.sections) {
                for (SteerRule r : s.steers()) {
                    try {
                        if (excepted(r)) {
                            continue;
                        }
                        Triggered t = r.set().isEmpty() ? null : new Triggered();
                        for (String f : r.files()) {
                            for (String path : f.startsWith(SteerRule.DOWN) ? downward(r, f.substring(SteerRule.DOWN.length())) : resolve(f)) {
                                switch (r.reader()) {
                                    case "entries" -> entries(r, path);
                                    case "sh" -> script(r, path);
                                    case "text" -> text(r, path);
                                    case "json" -> json(r, path);
                                    default -> config(r, s, path, 0, t);
                                }
                            }
                        }
                        if (t != null && t.path != null) {
                            analysis.raise(n.site.below(shown(t.path) + ": " + t.key), r.verdict(),
                                    shown(t.path) + ": " + t.key + " = " + Analysis.clip(t.value));
                            for (Object[] later : t.then) {
                                judge(r, s, (String) later[0], (GitConfigText.Setting) later[1]);
                            }
                        }
                    } catch (Blocked | SiteFiles.Unreadable b) {
                        // a row reading the same files again ({@code set} keys) does not report a failure twice
                        if (!failed || r.set().isEmpty()) {
                            analysis.raise(n.site, r.verdict(), b.getMessage());
                        }
                        failed = true;
                    }
                }
            }
        }

        // -------------------------------------------------------------- where the files are

        /** The directory the program works in: the launch's, moved by the {@code steer-dir} options. */
        private String workDir() throws Blocked, SiteFiles.Unreadable {
            if (workDir != null) {
                return workDir;
            }
            if (cwd == null || !n.directoryKnown) {
                throw new Blocked("the directory " + program() + " runs in is not known, so neither are the files that steer it");
            }
            // the kernel resolves the directory: a symbolic link then .. is the link target's parent (git -C link/..)
            String d = real(cwd);
            for (ParsedArgs.Use u : n.args.options) {
                if (u.value() != null && contains(dirOptions(), u.name())) {
                    if (u.from().unresolved()) {
                        throw new Blocked("the directory " + u.name() + " " + u.value() + " is only known at run time");
                    }
                    if (!u.value().isEmpty()) {
                        d = real(against(d, u.value()));
                    }
                }
            }
            workDir = d;
            return d;
        }

        /** The directory as the kernel reaches it; one that is not there is not a place the program can run in. */
        private String real(String dir) throws Blocked, SiteFiles.Unreadable {
            String r = files.realPath(dir);
            if (r == null) {
                throw new Blocked("the directory " + dir + " is not there, so the files that steer " + program() + " are not known");
            }
            return r;
        }

        /**
         * The directories the program may run a command its files name in: its working directory and the top of its
         * working tree (a superset: whichever the program picks is checked). None when the directory is not known.
         */
        List<String> runDirs() {
            String d;
            try {
                d = workDir();
            } catch (Blocked | SiteFiles.Unreadable e) {
                return List.of();
            }
            List<String> out = new ArrayList<>(2);
            out.add(d);
            if (worktreeTop != null && !out.contains(worktreeTop)) {
                out.add(worktreeTop);
            }
            for (String t : configuredTops) {
                if (!out.contains(t)) {
                    out.add(t);
                }
            }
            return out;
        }

        private List<String> dirOptions() {
            List<String> all = new ArrayList<>(2);
            for (Section s : n.sections) {
                all.addAll(s.steerDirs());
            }
            return all;
        }

        /** The files a row's FILE stands for (none: that place is not there for this launch). */
        private List<String> resolve(String f) throws Blocked, SiteFiles.Unreadable {
            String abs;
            int brace = f.indexOf('{');
            if (brace >= 0 && (brace == 0 || f.charAt(brace - 1) != '$')) {
                String value = optionValue(f.substring(brace + 1, f.indexOf('}', brace)));
                return value == null ? List.of() : resolve(f.substring(0, brace) + value + f.substring(f.indexOf('}', brace) + 1));
            }
            if (f.startsWith("up:")) {
                // P in the working directory and in every directory above it (mvn's .mvn, rustup's toolchain file)
                List<String> out = new ArrayList<>(4);
                for (String d = workDir(); d != null; d = parent(d)) {
                    out.addAll(expand((d.equals("/") ? "" : d) + "/" + f.substring(3)));
                }
                return out;
            } else if (f.startsWith("repo:")) {
                List<String> out = new ArrayList<>(2);
                for (String dir : repoDirs()) {
                    out.addAll(expand(dir + "/" + f.substring(5)));
                }
                return out;
            } else if (f.startsWith("~/")) {
                String home = files.home();
                if (home == null) {
                    throw new Blocked("the home directory is not known, so neither is " + f);
                }
                abs = home + f.substring(1);
            } else if (f.startsWith("${")) {
                // ${VAR:-DEFAULT}: the variable's file, or the default when it is unset (git's GIT_CONFIG_SYSTEM)
                String name = SteerRule.variableOf(f);
                String value = variable(name);
                String dflt = f.substring(f.indexOf(":-") + 2, f.length() - 1);
                if (value == null || value.isEmpty()) {
                    return resolve(dflt);
                }
                abs = against(workDir(), value);
            } else if (f.startsWith("$")) {
                String name = SteerRule.variableOf(f);
                String value = variable(name);
                if (value == null || value.isEmpty()) {
                    return List.of();
                }
                abs = against(workDir(), value + f.substring(1 + name.length()));
            } else if (f.startsWith("/")) {
                abs = f;
            } else {
                abs = workDir() + "/" + f;
            }
            return expand(abs);
        }

        /**
         * {@code down:NAME}: NAME in the working directory and in every directory below it but those the row ignores
         * ({@code node_modules}) — a program that looks for its configuration from each file it works on upwards
         * (prettier, markdownlint) loads the one beside the file. That covers the files below the working directory
         * only, so every operand must name a place there; a symbolic link to a directory is not walked through, and
         * the program might reach what is behind it: the verdict.
         */
        private List<String> downward(SteerRule r, String name) throws Blocked, SiteFiles.Unreadable {
            String top = workDir();
            for (Arg a : n.args.operands) {
                if (a.unresolved()) {
                    throw new Blocked("the operand " + a.text + " is only known at run time, so are the files that steer " + program() + " beside it");
                }
                if (!insideLexically(a.text)) {
                    throw new Blocked("the operand " + a.text + " lies outside the directory " + program() + " works in: the files that steer it there are not read");
                }
            }
            List<String> out = new ArrayList<>();
            for (Map.Entry<String, List<String>> e : walk(top, r.ignore()).entrySet()) {
                for (String entry : e.getValue()) {
                    if (Glob.matches(name, entry)) {
                        out.add((e.getKey().equals("/") ? "" : e.getKey()) + "/" + entry);
                    }
                }
            }
            return out;
        }

        /** The directories below {@code top} (itself included) with their entries, walked once per list of ignored names. */
        private Map<String, List<String>> walk(String top, List<String> ignored) throws Blocked, SiteFiles.Unreadable {
            String key = top + "\0" + String.join("\0", ignored);
            Map<String, List<String>> known = walks.get(key);
            if (known != null) {
                return known;
            }
            Map<String, List<String>> dirs = new java.util.LinkedHashMap<>();
            java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>();
            todo.add(top);
            while (!todo.isEmpty()) {
                String dir = todo.poll();
                if (dirs.size() >= MAX_WALKED_DIRECTORIES) {
                    throw new Blocked("more than " + MAX_WALKED_DIRECTORIES + " directories below " + shown(top) + " may hold files that steer " + program());
                }
                List<String> names = files.list(dir);
                if (names == null) {
                    continue;
                }
                dirs.put(dir, names);
                for (String entry : names) {
                    if (Glob.anyMatch(ignored, entry)) {
                        continue;
                    }
                    String path = (dir.equals("/") ? "" : dir) + "/" + entry;
                    SiteFiles.Kind kind = files.kind(path);
                    if (kind == SiteFiles.Kind.DIRECTORY) {
                        todo.add(path);
                    } else if (kind == SiteFiles.Kind.LINK && files.realPath(path) != null
                            && files.kind(files.realPath(path)) == SiteFiles.Kind.DIRECTORY) {
                        throw new Blocked(shown(path) + " is a symbolic link to a directory: files behind it that steer " + program() + " are not read");
                    }
                }
            }
            walks.put(key, dirs);
            return dirs;
        }

        /** The variable's value for the launch: as the script set it at the command, else inherited. */
        private String variable(String name) throws Blocked {
            int i = n.variables.indexOf(name);
            EnvState.Value v = i < 0 ? null : n.values.get(i);
            if (v == null) {
                return files.variable(name);
            }
            if (v.dynamic()) {
                throw new Blocked(name + " is only known at run time, so is the file it names");
            }
            return v.text();
        }

        /**
         * A path with wildcard components stands for the entries there that match ({@code modules/*}/config,
         * {@code ~/.local/lib/python3*}/site-packages/*.pth).
         */
        private List<String> expand(String path) throws SiteFiles.Unreadable, Blocked {
            int wild = firstWild(path);
            if (wild < 0) {
                return List.of(path);
            }
            int start = path.lastIndexOf('/', wild);
            int end = path.indexOf('/', wild);
            String dir = start <= 0 ? "/" : path.substring(0, start);
            String pattern = path.substring(start + 1, end < 0 ? path.length() : end);
            String rest = end < 0 ? "" : path.substring(end);
            List<String> names = files.list(dir);
            List<String> out = new ArrayList<>();
            if (names != null) {
                count();
                for (String name : names) {
                    if (Glob.matches(pattern, name)) {
                        out.addAll(expand((dir.equals("/") ? "" : dir) + "/" + name + rest));
                    }
                }
            }
            return out;
        }

        /**
         * The value of the option {@code OPT} or {@code OPT%%GLOB} names (cut at the first place from which GLOB
         * matches the rest: {@code json.tool} with {@code %%.*} is {@code json}); null without the option.
         */
        private String optionValue(String spec) throws Blocked {
            int cut = spec.indexOf("%%");
            String opt = cut < 0 ? spec : spec.substring(0, cut);
            String value = null;
            for (ParsedArgs.Use u : n.args.options) {
                if (u.value() != null && u.name().equals(opt)) {
                    if (u.from().unresolved()) {
                        throw new Blocked("the value of " + opt + " is only known at run time, so are the files it names");
                    }
                    value = u.value();
                }
            }
            if (value == null || cut < 0) {
                return value;
            }
            String glob = spec.substring(cut + 2);
            for (int i = 0; i <= value.length(); i++) {
                if (Glob.matches(glob, value.substring(i))) {
                    return value.substring(0, i);
                }
            }
            return value;
        }

        /** Whether the row does not apply to this command: one of its {@code unless} options or variables is there. */
        private boolean excepted(SteerRule r) throws Blocked {
            for (String o : r.unless()) {
                if (n.args.has(o) || (n.version && o.equals(SteerRule.VERSION))) {
                    return true;
                }
            }
            for (String v : r.unlessEnv()) {
                String value = variable(v);
                if (value != null && !value.isEmpty()) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The repository's directories: the one git uses, the one its {@code commondir} names (a worktree's), and the
         * nested repositories (submodules) below them, as the {@code steer-repo} row says.
         */
        private List<String> repoDirs() throws Blocked, SiteFiles.Unreadable {
            if (repoDirs != null) {
                return repoDirs;
            }
            SteerRepo repo = null;
            for (Section s : n.sections) {
                repo = s.steerRepo() != null ? s.steerRepo() : repo;
            }
            if (repo == null) {
                throw new Blocked("the rules name repo: files of " + program() + " but no steer-repo row");
            }
            String dir = named(repo.option(), repo.variable(), "repository");
            boolean bare = false;
            if (dir == null && repo.bare() != null && n.args.has(repo.bare())) {
                // git --bare: the directory it works in is the repository (GIT_DIR unset), whatever .git it holds
                dir = workDir();
                bare = true;
            }
            // the working tree named (--work-tree, GIT_WORK_TREE): git runs its commands there, its gitlinks are there
            String tree = named(repo.treeOption(), repo.treeVariable(), "working tree");
            if (tree != null) {
                tree = git.realOrAsIs(tree);
                worktreeTop = tree;
            }
            List<RepositoryDiscovery.Found> found;
            if (dir != null) {
                // with the repository named, the working tree is the one named, else the directory git runs in (no
                // core.worktree); a bare repository has none
                found = List.of(new RepositoryDiscovery.Found(git.realOrAsIs(dir), tree != null ? tree : bare ? null : workDir()));
            } else {
                try {
                    found = git.upward(workDir(), repo.name());
                } catch (RepositoryDiscovery.NotAGitFile e) {
                    throw notAGitFile(e);
                }
                if (tree != null) {
                    List<RepositoryDiscovery.Found> inTree = new ArrayList<>(found.size());
                    for (RepositoryDiscovery.Found f : found) {
                        inTree.add(new RepositoryDiscovery.Found(f.gitDir(), tree));
                    }
                    found = inTree;
                }
            }
            List<String> dirs = new ArrayList<>(4);
            for (RepositoryDiscovery.Found f : found) {
                if (worktreeTop == null && f.top() != null) {
                    worktreeTop = git.realOrAsIs(f.top());
                }
                addRepository(dirs, f.gitDir());
            }
            for (RepositoryDiscovery.Found f : found) {
                if (f.top() == null || walked.add(f.gitDir() + "\0" + git.realOrAsIs(f.top()))) {
                    nested(repo, f.gitDir(), f.top(), dirs, 0);
                }
            }
            repoDirs = dirs;
            return dirs;
        }

        /**
         * The directory the option (its last value) or else the variable names, against the working directory; null
         * when neither is given.
         */
        private String named(String option, String variable, String what) throws Blocked, SiteFiles.Unreadable {
            String dir = null;
            for (ParsedArgs.Use u : n.args.options) {
                if (option != null && u.value() != null && u.name().equals(option)) {
                    if (u.from().unresolved()) {
                        throw new Blocked("the " + what + " " + u.value() + " is only known at run time");
                    }
                    dir = against(workDir(), u.value());
                }
            }
            if (dir == null && variable != null) {
                String v = variable(variable);
                dir = v == null || v.isEmpty() ? null : against(workDir(), v);
            }
            return dir;
        }

        /**
         * A repository whose files steer git: its own directory and, when its {@code commondir} names one, that
         * directory too, whose {@code config} (and {@code config.worktree} with {@code extensions.worktreeConfig})
         * and hooks git takes as the repository's (setup.c get_common_dir: a linked worktree, or a submodule's
         * {@code .git} written so).
         */
        private void addRepository(List<String> dirs, String gitDir) throws Blocked, SiteFiles.Unreadable {
            add(dirs, gitDir);
            String common = git.commonDir(gitDir);
            if (common != null) {
                add(dirs, common);
            }
        }

        private Blocked notAGitFile(RepositoryDiscovery.NotAGitFile e) {
            return new Blocked(shown(e.path) + " is neither a directory nor a file naming one (gitdir: PATH)");
        }

        private void add(List<String> dirs, String dir) throws Blocked {
            if (!dirs.contains(dir)) {
                if (dirs.size() >= MAX_FILES) {
                    throw new Blocked("more than " + MAX_FILES + " repositories steer this launch");
                }
                dirs.add(dir);
            }
        }

        /**
         * The repositories nested in {@code dir}: every one below its {@code nested} directory at any depth, and the
         * one of every populated gitlink of its index below {@code worktree} (git status recurses into those), and
         * theirs in turn. One that cannot all be found within the bounds raises the verdict.
         */
        private void nested(SteerRepo repo, String dir, String worktree, List<String> dirs, int depth)
                throws Blocked, SiteFiles.Unreadable {
            if (depth > MAX_INCLUDE_DEPTH) {
                throw new Blocked(shown(dir) + ": repositories nested more than " + MAX_INCLUDE_DEPTH + " deep");
            }
            if (repo.nested() != null) {
                below(repo, dir + "/" + repo.nested(), dirs, depth);
            }
            // the work trees: the one git found, and those the repository's configuration names, each walked once
            List<String> trees = new ArrayList<>(2);
            if (worktree != null) {
                trees.add(worktree);
            }
            if (repo.worktree() != null) {
                for (String t : git.configuredWorkTrees(dir, repo.worktree())) {
                    String top = git.realOrAsIs(t);
                    if (depth == 0 && !configuredTops.contains(top)) {
                        configuredTops.add(top);
                    }
                    if (!trees.contains(top) && walked.add(dir + "\0" + top)) {
                        trees.add(top);
                    }
                }
            }
            if (repo.gitlinks() == null || trees.isEmpty()) {
                return;
            }
            String index = dir + "/" + repo.gitlinks();
            byte[] bytes = files.bytes(index, MAX_INDEX_BYTES);
            if (bytes == null) {
                return;
            }
            count();
            List<String> links;
            try {
                links = GitIndex.gitlinks(bytes, git.objectNameLength(dir));
            } catch (IllegalArgumentException e) {
                throw new Blocked(shown(index) + " cannot be read for its submodules: " + e.getMessage());
            }
            for (String work : trees) {
                gitlinks(repo, work, links, dirs, depth);
            }
        }

        /** The repositories of the populated gitlinks below the work tree {@code worktree}, and theirs in turn. */
        private void gitlinks(SteerRepo repo, String worktree, List<String> links, List<String> dirs, int depth)
                throws Blocked, SiteFiles.Unreadable {
            for (String link : links) {
                String tree = worktree + "/" + link;
                String dotGit = tree + "/" + repo.name();
                String sub;
                switch (files.kind(dotGit)) {
                    case NONE -> sub = null;   // not checked out: git does not go into it
                    case DIRECTORY -> sub = git.realOrAsIs(dotGit);
                    case FILE, LINK -> sub = gitFile(tree, dotGit);
                    default -> throw new Blocked(shown(dotGit) + " is neither a directory nor a file naming one");
                }
                // a repository already found (an absorbed one in modules/, found with no work tree) is walked again
                // from each work tree it has: its gitlinks are read from there
                String top = git.realOrAsIs(tree);
                if (sub != null && walked.add(sub + "\0" + top)) {
                    addRepository(dirs, sub);
                    nested(repo, sub, top, dirs, depth + 1);
                }
            }
        }

        /** Every repository below {@code path} at any depth (absorbed submodules: modules/NAME, NAME may hold a /). */
        private void below(SteerRepo repo, String path, List<String> dirs, int depth) throws Blocked, SiteFiles.Unreadable {
            if (depth > MAX_INCLUDE_DEPTH) {
                throw new Blocked(shown(path) + ": repositories nested more than " + MAX_INCLUDE_DEPTH + " deep");
            }
            List<String> names = files.list(path);
            if (names == null) {
                return;
            }
            count();
            for (String name : names) {
                String d = path + "/" + name;
                if (files.kind(d) != SiteFiles.Kind.DIRECTORY) {
                    continue;
                }
                if (files.kind(d + "/HEAD") != SiteFiles.Kind.NONE || files.kind(d + "/config") != SiteFiles.Kind.NONE) {
                    if (!dirs.contains(d)) {
                        addRepository(dirs, d);
                        nested(repo, d, null, dirs, depth + 1);
                    }
                } else {
                    below(repo, d, dirs, depth + 1);
                }
            }
        }

        private String gitFile(String dir, String file) throws Blocked, SiteFiles.Unreadable {
            try {
                return git.gitFile(dir, file);
            } catch (RepositoryDiscovery.NotAGitFile e) {
                throw notAGitFile(e);
            }
        }

        // -------------------------------------------------------------- the readers

        /** A configuration file in git's format: every setting judged, includes followed. */
        private void config(SteerRule r, Section s, String path, int depth, Triggered t) throws Blocked, SiteFiles.Unreadable {
            if (depth > MAX_INCLUDE_DEPTH) {
                throw new Blocked(shown(path) + " is included more than " + MAX_INCLUDE_DEPTH + " deep");
            }
            String text = readFile(path);
            if (text == null) {
                return;
            }
            List<GitConfigText.Setting> settings;
            try {
                settings = GitConfigText.parse(text);
            } catch (IllegalArgumentException e) {
                throw new Blocked(shown(path) + " cannot be read as git configuration: " + e.getMessage());
            }
            for (GitConfigText.Setting set : settings) {
                if (CodeArguments.keyMatches(r.ignore(), set.key()) || followedWorkTree(path, set.key())) {
                    continue;
                }
                if (CodeArguments.keyMatches(r.include(), set.key())) {
                    if (set.value() == null || set.value().isEmpty()) {
                        throw new Blocked(shown(path) + ": " + set.key() + " names no file");
                    }
                    config(r, s, included(path, set.value()), depth + 1, t);
                    continue;
                }
                if (CodeArguments.keyMatches(r.writes(), set.key())) {
                    if (t == null) {
                        written(r, path, set);
                    }
                    continue;
                }
                if (t == null) {
                    judge(r, s, path, set);
                } else if (CodeArguments.keyMatches(r.set(), set.key()) && isSet(set.value())) {
                    if (t.path == null) {
                        t.path = path;
                        t.key = set.key();
                        t.value = set.value() == null ? "true" : set.value();
                    }
                } else if (CodeArguments.keyMatches(r.then(), set.key())) {
                    t.then.add(new Object[] {path, set});
                }
            }
        }

        /**
         * Whether the setting is the work tree a repository's own configuration names ({@code steer-repo … worktree}),
         * which the walk of its gitlinks and the directories its commands run in follow as a place.
         */
        private boolean followedWorkTree(String path, String key) {
            SteerRepo repo = null;
            for (Section s : n.sections) {
                repo = s.steerRepo() != null ? s.steerRepo() : repo;
            }
            if (repo == null || repo.worktree() == null || !repo.worktree().equals(key) || repoDirs == null) {
                return false;
            }
            for (String d : repoDirs) {
                if (path.equals(d + "/config") || path.equals(d + "/config.worktree")) {
                    return true;
                }
            }
            return false;
        }

        private String included(String from, String value) throws Blocked {
            if (value.startsWith("%(") || (value.startsWith("~") && !value.startsWith("~/"))) {
                // git expands %(prefix)/ and ~user/ itself: a file cmdgate would look for in the wrong place
                throw new Blocked(shown(from) + ": the include " + value + " names a file only git can place");
            }
            if (value.startsWith("~/")) {
                String home = files.home();
                if (home == null) {
                    throw new Blocked("the home directory is not known, so neither is the included " + value);
                }
                return home + value.substring(1);
            }
            return against(parent(from), value);
        }

        /** One setting, judged as the value of the row's option ({@code git -c KEY=VALUE}) by that option's code rows. */
        private void judge(SteerRule r, Section s, String path, GitConfigText.Setting set) {
            String value = set.value() == null ? "true" : set.value();
            String kv = set.key() + "=" + value;
            Site at = n.site.below(shown(path) + ": " + set.key());
            ParsedArgs.Use use = new ParsedArgs.Use(null, r.asOption(), kv, Arg.literal(kv));
            int before = analysis.findings.size();
            CommandClass cls0 = analysis.cls;
            RiskLevel level0 = analysis.level;
            // every section from the program down may hold code rows for the option
            for (Section sec = n.args.section(); sec != null; sec = sec.parent()) {
                for (CodeRule c : sec.codes()) {
                    if (c.source() == CodeRule.Source.OPT && c.name().equals(r.asOption())
                            && analysis.code.settingCode(c, use, n.args, at, new LinkedHashSet<>())
                            && c.language().equals("file")) {
                        analysis.raise(at, r.verdict(), set.key() + " names a file whose code git may run");
                    }
                }
            }
            if (analysis.cls != cls0 || analysis.level != level0 || raisedSince(before)) {
                name(before, at, r, shown(path) + ": " + set.key() + " makes " + program() + " run " + Analysis.clip(value));
            }
        }

        /**
         * A setting naming a file the program writes (git's {@code trace2.normalTarget}): judged as a write of that
         * path from the directory the program works in; a false boolean or a file descriptor (git's 1 to 9, stderr
         * for true) names none.
         */
        private void written(SteerRule r, String path, GitConfigText.Setting set) throws Blocked, SiteFiles.Unreadable {
            String value = set.value() == null ? "" : set.value().strip();
            if (!isSet(value) || value.equalsIgnoreCase("true") || value.equalsIgnoreCase("yes")
                    || value.equalsIgnoreCase("on") || (value.length() == 1 && value.charAt(0) >= '1' && value.charAt(0) <= '9')) {
                return;
            }
            Site at = n.site.below(shown(path) + ": " + set.key());
            analysis.raise(at, r.verdict(), shown(path) + ": " + set.key() + " makes " + program() + " write " + Analysis.clip(value));
            analysis.files.writePath(Arg.literal(against(workDir(), value)), r.verdict(), at);
        }

        private boolean raisedSince(int before) {
            for (int i = before; i < analysis.findings.size(); i++) {
                if (analysis.findings.get(i).commandClass() != CommandClass.READ) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Puts a finding naming the file and the setting before those the setting's value raised, at their class
         * and level, so that the decision quotes the file and key ({@code .git/config: core.fsmonitor}).
         */
        private void name(int before, Site at, SteerRule r, String what) {
            CommandClass c = CommandClass.READ;
            RiskLevel l = RiskLevel.MINIMAL;
            for (int i = before; i < analysis.findings.size(); i++) {
                Finding f = analysis.findings.get(i);
                c = c.max(f.commandClass());
                l = l.max(f.level());
            }
            if (c == CommandClass.READ) {
                return;
            }
            analysis.findings.add(before, new Finding(Analysis.clip(n.site.display()), at.location(), c, l, what, r.verdict().rule()));
        }

        /** A shell script the program runs ({@code ~/.mavenrc}): judged as one. */
        private void script(SteerRule r, String path) throws Blocked, SiteFiles.Unreadable {
            String text = readFile(path);
            if (text == null) {
                return;
            }
            Site at = n.site.below(shown(path));
            int before = analysis.findings.size();
            analysis.code.runCode("sh", text, false, at, new LinkedHashSet<>());
            if (raisedSince(before)) {
                name(before, at, r, shown(path) + " is a script " + program() + " runs");
            }
        }

        /** A file that counts when it holds one of the row's words in any case (or anything, without words). */
        private void text(SteerRule r, String path) throws Blocked, SiteFiles.Unreadable {
            String text = readFile(path);
            if (text == null) {
                return;
            }
            if (r.has().isEmpty()) {
                if (!text.isBlank()) {
                    analysis.raise(n.site.below(shown(path)), r.verdict(), shown(path));
                }
                return;
            }
            // in any case: some readers match keys so (Go's encoding/json); matching more often only fails closed
            String folded = text.toLowerCase(java.util.Locale.ROOT);
            for (String w : r.has()) {
                if (folded.contains(w.toLowerCase(java.util.Locale.ROOT))) {
                    analysis.raise(n.site.below(shown(path)), r.verdict(), shown(path) + " holds " + w);
                    return;
                }
            }
        }

        /**
         * A JSON file whose top-level member {@code key} counts: absent is fine; an object counts when its text holds
         * one of the row's words (or at all, without words); any other value counts (a string names a shared
         * configuration: a module). A file that is not a JSON object cannot be judged.
         */
        private void json(SteerRule r, String path) throws Blocked, SiteFiles.Unreadable {
            String text = readFile(path);
            if (text == null) {
                return;
            }
            Object top;
            try {
                top = dev.cmdgate.core.json.Json.parse(text);
            } catch (RuntimeException e) {
                if (YamlTopKeys.mayBeYaml(path)) {
                    yaml(r, path, text);
                    return;
                }
                throw new Blocked(shown(path) + " cannot be read as JSON: " + e.getMessage());
            }
            if (!(top instanceof Map<?, ?> members)) {
                throw new Blocked(shown(path) + " is not a JSON object");
            }
            if (!members.containsKey(r.key())) {
                return;
            }
            Object value = members.get(r.key());
            String at = shown(path) + ": " + r.key();
            if (value instanceof String string && !r.starts().isEmpty()) {
                for (String w : r.starts()) {
                    if (string.startsWith(w)) {
                        analysis.raise(n.site.below(at), r.verdict(), at + " is " + Analysis.clip(string));
                        return;
                    }
                }
                return;
            }
            if (!(value instanceof Map<?, ?>)) {
                analysis.raise(n.site.below(at), r.verdict(), at + " is not an object of settings");
                return;
            }
            String folded = dev.cmdgate.core.json.Json.write(value).toLowerCase(java.util.Locale.ROOT);
            for (String w : r.has()) {
                if (folded.contains(w.toLowerCase(java.util.Locale.ROOT))) {
                    analysis.raise(n.site.below(at), r.verdict(), at + " holds " + w);
                    return;
                }
            }
            if (r.has().isEmpty()) {
                analysis.raise(n.site.below(at), r.verdict(), at);
            }
        }

        /**
         * A file the JSON row reads that is YAML instead ({@code .prettierrc.yaml}, a {@code .prettierrc} that is not
         * JSON): only a plain block mapping is read, and the member, when it is there, raises the verdict whatever it
         * holds (its value is not read; the {@code text} rows judge the words).
         */
        private void yaml(SteerRule r, String path, String text) throws Blocked {
            java.util.Set<String> keys = YamlTopKeys.of(text);
            if (keys == null) {
                throw new Blocked(shown(path) + " is neither JSON nor a plain YAML mapping");
            }
            if (keys.contains(r.key())) {
                String at = shown(path) + ": " + r.key();
                analysis.raise(n.site.below(at), r.verdict(), at + " is set (a YAML value is not read)");
            }
        }

        /** A directory whose entries count, but the ignored names ({@code .git/hooks} but its samples). */
        private void entries(SteerRule r, String path) throws Blocked, SiteFiles.Unreadable {
            List<String> names = files.list(path);
            if (names == null) {
                return;
            }
            count();
            for (String name : names) {
                if (!Glob.anyMatch(r.ignore(), name)) {
                    analysis.raise(n.site.below(shown(path)), r.verdict(), shown(path + "/" + name));
                    return;
                }
            }
        }

        /** A file's text, read once however many rows name it; only a file that is there counts towards the bound. */
        private String readFile(String path) throws Blocked, SiteFiles.Unreadable {
            if (texts.containsKey(path)) {
                return texts.get(path);
            }
            String text = files.read(path);
            if (text != null) {
                count();
            }
            texts.put(path, text);
            return text;
        }

        private void count() throws Blocked {
            if (++filesRead > MAX_FILES) {
                throw new Blocked("more than " + MAX_FILES + " files steer this launch");
            }
        }

        private String program() {
            return n.args.path.isEmpty() ? "the program" : n.args.path.get(0).word();
        }

        /** A path as a user recognises it: relative to the working directory, {@code ~/…} in the home, else absolute. */
        private String shown(String path) {
            // a command found in a steering file works elsewhere: its files are shown from the launch's directory
            String base = n.depth == 0 ? workDir : launchDir;
            if (base != null && path.startsWith(base + "/")) {
                return path.substring(base.length() + 1);
            }
            String home = files.home();
            if (home != null && path.startsWith(home + "/")) {
                return "~" + path.substring(home.length());
            }
            return path;
        }
    }

    /** git's index may be large (a path per tracked file): read for its gitlinks up to this size. */
    static final int MAX_INDEX_BYTES = 16 << 20;

    /** A {@code set} key found in a row's files, and the {@code then} settings waiting for one. */
    private static final class Triggered {
        String path;
        String key;
        String value;
        final List<Object[]> then = new ArrayList<>();
    }

    /** Whether a setting's value is not one of git's false booleans (no value at all is true). */
    static boolean isSet(String value) {
        if (value == null) {
            return true;
        }
        String v = value.strip();
        return !(v.isEmpty() || v.equalsIgnoreCase("false") || v.equalsIgnoreCase("no") || v.equalsIgnoreCase("off") || v.equals("0"));
    }

    /** {@code down:} files are looked for in at most this many directories below the working directory. */
    static final int MAX_WALKED_DIRECTORIES = 2_000;

    /**
     * Whether a path, as written, stays in the directory it is taken from: not absolute, not from a home, and no
     * {@code ..} anywhere — a component {@code link/..} is the link target's parent, and a glob's braces may hold
     * more paths ({@code '{src,../x}/*.ts'}, {@code '{src,/etc}'}), so any of them is taken to leave; an operand that
     * is not a path ({@code -}) stays.
     */
    static boolean insideLexically(String path) {
        return !(path.startsWith("/") || path.startsWith("~") || path.contains("..") || path.contains("{/")
                || path.contains(",/") || path.contains("{~") || path.contains(",~"));
    }

    /** The index of the first wildcard in a path, or -1. */
    private static int firstWild(String path) {
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '*' || c == '?' || c == '[') {
                return i;
            }
        }
        return -1;
    }

    private static boolean contains(List<String> list, String s) {
        return list.contains(s);
    }

    /** {@code path} taken from {@code dir} when relative. */
    static String against(String dir, String path) {
        if (path.startsWith("/")) {
            return path;
        }
        return (dir.endsWith("/") ? dir : dir + "/") + path;
    }

    /** The lexical parent of an absolute path; null for the root. */
    static String parent(String path) {
        if (path.equals("/")) {
            return null;
        }
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }
}
