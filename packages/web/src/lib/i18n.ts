import i18n from "i18next";
import { initReactI18next } from "react-i18next";

export const IDIOMA = "es";

/**
 * The texts file of this build. Same URL and fetch mode as the `<link rel="preload">` that
 * vite.config.ts puts in index.html, so it is downloaded once, alongside the entry script; the
 * version stops a new build from reading an older cached file.
 */
export const urlTextos = () => `/assets/i18n/${IDIOMA}.json?v=${__APP_VERSION__}`;

async function leerTextos(): Promise<Record<string, unknown>> {
  try {
    const respuesta = await fetch(urlTextos());
    if (respuesta.ok) return (await respuesta.json()) as Record<string, unknown>;
  } catch {
    // Without the file the keys show instead of the texts, as i18next does with no resources.
  }
  return {};
}

/** Loads /assets/i18n/es.json; every text of the UI comes from there. */
export async function iniciarI18n(): Promise<void> {
  const textos = await leerTextos();
  await i18n.use(initReactI18next).init({
    lng: IDIOMA,
    fallbackLng: IDIOMA,
    supportedLngs: [IDIOMA],
    load: "currentOnly",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    resources: { [IDIOMA]: { translation: textos } },
  });
}

export { i18n };
