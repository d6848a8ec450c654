import "./app/estilos-iniciales";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { aplicarHojaInicial } from "./app/hoja-inicial";
import { comprobarVersion } from "./app/version-check";
import { registrarEvento, vaciarAlOcultar } from "./features/analitica/registro-analitica";
import { aplicarColorDelManifiesto } from "./features/pwa/color-tema";
import { registrarServiceWorker } from "./features/pwa/registrar-service-worker";
import { iniciarI18n } from "./lib/i18n";

vaciarAlOcultar();
window.addEventListener("appinstalled", () => registrarEvento("app_instalada"));

if (!import.meta.env.DEV) {
  void comprobarVersion();
  registrarServiceWorker();
  void aplicarColorDelManifiesto();
}

const raiz = document.getElementById("root");
if (raiz) {
  // Texts first: every string on screen comes from /assets/i18n/es.json. And the stylesheet,
  // which index.html only preloads so that the boot picture paints without waiting for it.
  void Promise.all([iniciarI18n(), aplicarHojaInicial()]).then(() => {
    const raizReact = createRoot(raiz);
    // The first render as a transition: React yields to the browser every few milliseconds
    // instead of holding the main thread until the whole page is built.
    startTransition(() =>
      raizReact.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
}
