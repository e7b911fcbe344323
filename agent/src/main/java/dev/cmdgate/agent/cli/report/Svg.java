package dev.cmdgate.agent.cli.report;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The report's charts: inline SVG built from numbers and the report's own labels only (no file text). */
final class Svg {

    static final int WIDTH = 1000;
    static final int HEIGHT = 240;
    private static final int LEFT = 48;
    private static final int RIGHT = 8;
    private static final int TOP = 22;
    private static final int BOTTOM = 28;
    private static final DateTimeFormatter LABEL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Svg() {
    }

    /**
     * A stacked bar chart, one bar per time bucket, one stack segment per series; each segment's tooltip
     * ({@code <title>}) gives the bucket, the series and the count.
     *
     * @param counts [bar][series]
     */
    static void stackedBars(StringBuilder out, String id, String title, long[][] counts, String[] series, String[] colours,
                            long startSecond, long bucketSeconds) {
        long max = 1;
        for (long[] bar : counts) {
            long sum = 0;
            for (long v : bar) {
                sum += v;
            }
            max = Math.max(max, sum);
        }
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        double barW = plotW / counts.length;
        out.append("<svg id=\"").append(id).append("\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH)
                .append(' ').append(HEIGHT).append("\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" role=\"img\"><title>").append(Html.esc(title)).append("</title>\n");
        out.append("<text x=\"").append(LEFT).append("\" y=\"14\" font-size=\"12\" fill=\"#333\">").append(Html.esc(title))
                .append("</text>\n");
        out.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(TOP + plotH).append("\" x2=\"").append(WIDTH - RIGHT)
                .append("\" y2=\"").append(TOP + plotH).append("\" stroke=\"#999\"/>\n");
        out.append("<text x=\"").append(LEFT - 4).append("\" y=\"").append(TOP + 4).append("\" font-size=\"11\" text-anchor=\"end\""
                + " fill=\"#555\">").append(max).append("</text>\n");
        out.append("<text x=\"").append(LEFT - 4).append("\" y=\"").append(TOP + plotH).append("\" font-size=\"11\""
                + " text-anchor=\"end\" fill=\"#555\">0</text>\n");
        for (int b = 0; b < counts.length; b++) {
            double y = TOP + plotH;
            String when = LABEL.format(java.time.Instant.ofEpochSecond(startSecond + b * bucketSeconds));
            for (int s = 0; s < series.length; s++) {
                long v = counts[b][s];
                if (v == 0) {
                    continue;
                }
                double h = plotH * v / max;
                y -= h;
                out.append("<rect x=\"").append(fmt(LEFT + b * barW + 0.5)).append("\" y=\"").append(fmt(y)).append("\" width=\"")
                        .append(fmt(Math.max(1, barW - 1))).append("\" height=\"").append(fmt(h)).append("\" fill=\"")
                        .append(colours[s]).append("\"><title>").append(when).append(" UTC — ").append(Html.esc(series[s]))
                        .append(": ").append(v).append("</title></rect>\n");
            }
        }
        int[] labelled = counts.length == 1 ? new int[] {0} : new int[] {0, counts.length / 2, counts.length - 1};
        for (int b : labelled) {
            double x = LEFT + b * barW + barW / 2;
            String anchor = b == 0 ? "start" : b == counts.length - 1 ? "end" : "middle";
            out.append("<text x=\"").append(fmt(b == 0 ? LEFT : b == counts.length - 1 ? WIDTH - RIGHT : x)).append("\" y=\"")
                    .append(HEIGHT - 8).append("\" font-size=\"11\" text-anchor=\"").append(anchor).append("\" fill=\"#555\">")
                    .append(LABEL.format(java.time.Instant.ofEpochSecond(startSecond + b * bucketSeconds))).append("</text>\n");
        }
        out.append("</svg>\n");
    }

    private static String fmt(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }
}
