import type { Idioma } from "@fila/domain";

/**
 * The languages of the UI (issue 38): each has its texts file, `public/assets/i18n/<idioma>.json`
 * with exactly the keys of es.json (src/lib/textos-paridad.test.ts), the `lang` of the page (a tag
 * axe accepts: Valencian is Catalan, region Spain, variant valencia) and the locale whose plural
 * rules and calendar names it uses. A third language is one more entry here and in IDIOMAS.
 * Apart from i18n.ts so that vite.config.ts reads it too (the boot picture's texts, arranque/).
 */
export const IDIOMAS_WEB: Record<Idioma, { lang: string; locale: string; nombre: string }> = {
  es: { lang: "es", locale: "es", nombre: "Castellano" },
  va: { lang: "ca-ES-valencia", locale: "ca", nombre: "Valencià" },
};
