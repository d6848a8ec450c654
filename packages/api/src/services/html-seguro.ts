import sanitizeHtml from "sanitize-html";

/** Links may only go to the web or to an email address. */
const ENLACE_SEGURO = /^(?:https?:\/\/|mailto:)/i;
/** Images from the web or from our own API (a news cover, a member photo…). */
const IMAGEN_SEGURA = /^(?:https?:\/\/|\/api\/)/i;

const OPCIONES: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "u",
    "s",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "img",
    "code",
    "pre",
    "hr",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // Their text is code or markup, never something to show.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "svg",
    "math",
    "object",
    "embed",
    "template",
    "title",
    "head",
  ],
  transformTags: {
    h1: "h2",
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    a: (_tag, attribs) => {
      const href = (attribs.href ?? "").trim();
      if (!ENLACE_SEGURO.test(href)) return { tagName: "a", attribs: {} };
      const limpios: Record<string, string> = {
        href,
        rel: "noopener noreferrer",
        target: "_blank",
      };
      if (attribs.title) limpios.title = attribs.title;
      return { tagName: "a", attribs: limpios };
    },
    img: (_tag, attribs) => {
      const src = (attribs.src ?? "").trim();
      const limpios: Record<string, string> = {};
      if (IMAGEN_SEGURA.test(src) && !src.startsWith("//")) limpios.src = src;
      if (attribs.alt) limpios.alt = attribs.alt;
      if (attribs.title) limpios.title = attribs.title;
      return { tagName: "img", attribs: limpios };
    },
  },
  // An image without a safe source is dropped whole.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/**
 * The HTML of a news body reduced to an allow-list of harmless markup: no scripts, no event
 * attributes, no styles, no frames, no SVG, links only to http(s)/mailto (opened in a new tab
 * with rel=noopener), images only from http(s) or our own /api/. Pure: same input, same output.
 */
export function htmlSeguro(html: string): string {
  return sanitizeHtml(html, OPCIONES).trim();
}
