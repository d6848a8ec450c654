import "@mantine/core/styles.css";
import dayjs from "dayjs";
import "dayjs/locale/es";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { comprobarVersion } from "./app/version-check";
import { registrarEvento, vaciarAlOcultar } from "./features/analitica/registro-analitica";
import { aplicarColorDelManifiesto } from "./features/pwa/color-tema";
import { registrarServiceWorker } from "./features/pwa/registrar-service-worker";
import { iniciarI18n } from "./lib/i18n";

dayjs.locale("es");

vaciarAlOcultar();
window.addEventListener("appinstalled", () => registrarEvento("app_instalada"));

if (!import.meta.env.DEV) {
  void comprobarVersion();
  registrarServiceWorker();
  void aplicarColorDelManifiesto();
}

const raiz = document.getElementById("root");
if (raiz) {
  // Texts first: every string on screen comes from /assets/i18n/es.json.
  void iniciarI18n().then(() => {
    createRoot(raiz).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
