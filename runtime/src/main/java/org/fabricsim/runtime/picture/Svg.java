package org.fabricsim.runtime.picture;

import java.util.Locale;

/** Appends SVG elements to a buffer; text and attribute values are escaped. */
final class Svg {
    private final StringBuilder out = new StringBuilder();

    Svg open(String tag, String attributes) {
        out.append('<').append(tag).append(attributes.isEmpty() ? "" : " " + attributes).append(">\n");
        return this;
    }

    /** Appends markup as written (constant markup only, never user text). */
    Svg raw(String markup) {
        out.append(markup).append('\n');
        return this;
    }

    Svg close(String tag) {
        out.append("</").append(tag).append(">\n");
        return this;
    }

    Svg rect(String cssClass, double x, double y, double width, double height, String fill, String title) {
        return dataRect(cssClass, x, y, width, height, fill, title, "");
    }

    /** A rectangle with {@code data} attributes, written by the caller from numbers only. */
    Svg dataRect(String cssClass, double x, double y, double width, double height, String fill, String title,
            String data) {
        out.append(String.format(Locale.ROOT,
                "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s>", cssClass, x, y,
                width, height, fill, data.isEmpty() ? "" : " " + data));
        if (!title.isEmpty()) {
            out.append("<title>").append(escape(title)).append("</title>");
        }
        out.append("</rect>\n");
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2) {
        out.append(String.format(Locale.ROOT,
                "<line class=\"link\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x1, y1, x2, y2));
        return this;
    }

    Svg text(String cssClass, double x, double y, String text) {
        out.append(String.format(Locale.ROOT, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\">", cssClass, x, y))
                .append(escape(text)).append("</text>\n");
        return this;
    }

    /** A text that ends at x (text-anchor end), so that a label at a right edge stays inside it whatever its width. */
    Svg textEndingAt(String cssClass, double x, double y, String text) {
        out.append(String.format(Locale.ROOT, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">",
                cssClass, x, y)).append(escape(text)).append("</text>\n");
        return this;
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
