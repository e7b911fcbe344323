package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.ContentInto;
import java.util.List;

/**
 * The directory a command writes files into under names that come from what it reads ({@code content-names into}
 * rows: {@code tar -C / -xf x.tar}, {@code unzip -o x.zip -d ~}, {@code cp -r evil/. ~}): any name below it may be
 * one the input chose, so a directory holding places that run code later or grant access ({@code ~} holds
 * {@code ~/.bashrc}, {@code /} holds {@code /etc/cron.d}) is judged as writing one of them — the same verdict as
 * writing that file by name. Only a directory written as an absolute or home path is compared: a relative one
 * ({@code -C build}) is the project's own, and a directory only known at run time is left to the command's other
 * rows.
 */
final class ContentDirectory {

    private ContentDirectory() {
    }

    static void judge(Analysis a, ContentInto row, ParsedArgs p, Site site) {
        Arg dir = directory(row, p);
        if (dir == null || dir.unresolved()) {
            return;
        }
        String d = dir.normalized();
        if (d.startsWith("/")) {
            d = PathText.resolveDots(d);
        } else if (!d.equals("~") && !d.startsWith("~/")) {
            return;
        }
        String place = a.rules.sensitiveBelow(d);
        if (place != null) {
            a.raise(site, a.setting("sensitive-write"), d + " (the names written below it come from what the command"
                    + " reads: it may write " + place + ")");
        }
    }

    /** The directory the row names: the option's last value, or the last of at least two operands. */
    private static Arg directory(ContentInto row, ParsedArgs p) {
        if (row.option() == null) {
            List<Arg> ops = p.operands;
            return ops.size() >= 2 ? ops.get(ops.size() - 1) : null;
        }
        Arg out = null;
        for (ParsedArgs.Use u : p.options) {
            if (u.value() != null && u.name().equals(row.option())) {
                out = u.from() != null && u.from().text.equals(u.value()) ? u.from() : Arg.literal(u.value());
            }
        }
        return out;
    }
}
