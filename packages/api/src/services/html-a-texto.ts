import { convert } from "html-to-text";

/**
 * The plain text of a sanitised HTML body: the text part of a mail and the printed letters of a
 * mailing. A link keeps its address after its text (`texto [https://…]`, once when they are the
 * same), because a member reading it on paper has nothing to click; lists keep their bullets and
 * numbers; headings keep their case; lines are not wrapped (the mail client and the PDF do it).
 */
export function htmlATexto(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      { selector: "img", format: "skip" },
      { selector: "ul", options: { itemPrefix: " • " } },
      ...(["h1", "h2", "h3", "h4", "h5", "h6"] as const).map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
    ],
  });
}
