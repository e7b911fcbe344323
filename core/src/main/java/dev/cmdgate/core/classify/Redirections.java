package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Rating;
import dev.cmdgate.core.shell.HereDoc;
import dev.cmdgate.core.shell.ProcessSubstitution;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.List;

/**
 * A command's redirections: the files they read and write (judged as the command's), the network devices they open,
 * the standard input they give the command (a here-document, a file, a pipe) and what other descriptors hold.
 */
final class Redirections {

    private final Analysis a;
    /** The walk that judges the substitutions in a redirection's target. */
    private final ShellAnalysis sh;
    private final WordArgs wordArgs;

    Redirections(Analysis a, ShellAnalysis sh, WordArgs wordArgs) {
        this.a = a;
        this.sh = sh;
        this.wordArgs = wordArgs;
    }

    /**
     * Whether the redirections send the command's standard output into a file: one named by a literal word, not a
     * device under /dev (but /dev/null, which keeps it from anyone), not a process substitution.
     */
    static boolean outputToFile(List<Redirect> rs) {
        boolean toFile = false;
        for (Redirect r : rs) {
            Redirect.Op op = r.op();
            boolean stdout = (r.fd() == -1 || r.fd() == 1)
                    && (op == Redirect.Op.OUT || op == Redirect.Op.APPEND || op == Redirect.Op.CLOBBER
                    || op == Redirect.Op.OUT_ALL || op == Redirect.Op.APPEND_ALL || op == Redirect.Op.DUP_OUT);
            if (!stdout) {
                continue;
            }
            String target = r.target() == null || r.isFdDuplication() ? null : r.target().literalValue();
            // the last redirection of the output wins: >f >&2 shows it again
            toFile = target != null && (!target.startsWith("/dev/") || target.equals("/dev/null"));
        }
        return toFile;
    }

    /** Checks redirections; returns the standard input they give the command. */
    Analysis.Stdin redirects(List<Redirect> rs, Site site, List<String> net) {
        Analysis.Ctx ctx = site.ctx();
        Analysis.Stdin in = ctx.stdin();
        for (Redirect r : rs) {
            if (r.target() != null) {
                sh.substitutions(r.target(), ctx);
            }
            Analysis.Stdin before = in;
            in = redirect(r, in, site, net);
            if (r.fd() > 0) {
                // 3<<< '…', 3< f: what the descriptor holds; the standard input stays as it was
                descriptor(r.fd(), r.isOutput() ? Analysis.Stdin.HIDDEN
                        : r.op() == Redirect.Op.DUP_IN ? ("0".equals(r.target() == null ? null : r.target().literalValue())
                                ? before : Analysis.Stdin.HIDDEN)
                        : in);
                in = before;
            }
        }
        return in;
    }

    /** Records what descriptor {@code fd} (above 0) holds for the command and what it runs. */
    private void descriptor(int fd, Analysis.Stdin holds) {
        java.util.Map<Integer, Analysis.Stdin> fds = new java.util.HashMap<>(a.descriptors);
        fds.put(fd, holds);
        a.descriptors = fds;
    }

    /** Checks one redirection; returns the input it gives the descriptor it opens (as standard input). */
    private Analysis.Stdin redirect(Redirect r, Analysis.Stdin current, Site site, List<String> net) {
        Analysis.Ctx ctx = site.ctx();
        Analysis.Stdin in = current;
        {
            boolean stdinFd = r.fd() == -1 || r.fd() == 0 || r.fd() > 0 && !r.isOutput();
            switch (r.op()) {
                case HEREDOC, HEREDOC_STRIP -> {
                    HereDoc hd = r.hereDoc();
                    if (hd != null) {
                        sh.substitutions(hd.body(), ctx);
                        if (stdinFd) {
                            boolean literal = hd.quoted() || hd.body().isStatic();
                            in = new Analysis.Stdin(Analysis.StdinKind.HEREDOC, hd.text(), literal);
                        }
                    }
                }
                case HERESTRING -> {
                    if (stdinFd && r.target() != null) {
                        String v = r.target().literalValue();
                        in = new Analysis.Stdin(Analysis.StdinKind.HEREDOC, v == null ? "" : v + "\n", v != null);
                    }
                }
                case IN -> {
                    Arg t = r.target() == null ? Arg.literal("") : wordArgs.arg(r.target());
                    String p = a.files.networkTarget(t);
                    boolean procSubst = r.target() != null && hasProcessSubstitution(r.target());
                    if (p != null) {
                        a.raise(site, a.setting("network-device"), p);
                        net.add("<" + p);
                        if (stdinFd) {
                            in = Analysis.Stdin.PIPE;
                        }
                    } else if (stdinFd) {
                        // the file's name is kept: running a file downloaded earlier in the script is judged
                        String path = PathText.normalize(t.text);
                        in = procSubst ? Analysis.Stdin.PIPE
                                : t.unresolved() || a.code.isHiddenSource(path) ? Analysis.Stdin.HIDDEN
                                : path.equals("/dev/null") ? Analysis.Stdin.NONE
                                : new Analysis.Stdin(Analysis.StdinKind.FILE, t.text, false);
                    }
                    if (p == null && !procSubst) {
                        a.files.readPath(t, false, site);   // < FILE: the command reads it
                        for (Arg v : wordArgs.resolvedArgs(r.target())) {
                            a.files.readPath(v, false, site.at(site.location() + " (with the variables' values)"));
                        }
                    }
                }
                case DUP_IN -> {
                }
                default -> {
                    if (r.isFdDuplication() || r.target() == null) {
                        break;
                    }
                    Arg t = wordArgs.arg(r.target());
                    if (hasProcessSubstitution(r.target())) {
                        break; // >(cmd): the nested script was classified above
                    }
                    String p = a.files.networkTarget(t);
                    if (p != null) {
                        net.add(r.op().token() + p);
                    }
                    Rating v = a.setting("redirect-file");
                    a.files.writePath(t, v, site);
                    for (Arg value : wordArgs.resolvedArgs(r.target())) {
                        a.files.writePath(value, v, site.at(site.location() + " (with the variables' values)"));
                    }
                    if (r.op() == Redirect.Op.READ_WRITE) {
                        if (p == null) {
                            a.files.readPath(t, false, site);   // <> FILE reads it too
                        }
                        if (stdinFd) {
                            in = !net.isEmpty() ? Analysis.Stdin.PIPE
                                    : !t.unresolved() && a.code.isHiddenSource(PathText.normalize(t.text)) ? Analysis.Stdin.HIDDEN
                                    : Analysis.Stdin.FILE;
                        }
                    }
                }
            }
        }
        return in;
    }

    static boolean hasProcessSubstitution(Word w) {
        for (WordPart p : w.parts()) {
            if (p instanceof ProcessSubstitution) {
                return true;
            }
        }
        return false;
    }
}
