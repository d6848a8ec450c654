import i18n from "i18next";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";

export const IDIOMA = "es";

/** Loads /assets/i18n/es.json; every text of the UI comes from there. */
export async function iniciarI18n(): Promise<void> {
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: IDIOMA,
      fallbackLng: IDIOMA,
      supportedLngs: [IDIOMA],
      load: "currentOnly",
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      backend: {
        loadPath: "/assets/i18n/{{lng}}.json",
        // A new build must not read an older cached text file.
        queryStringParams: { v: __APP_VERSION__ },
      },
    });
}

export { i18n };
