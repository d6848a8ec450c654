import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import dayjs from "dayjs";
import "dayjs/locale/es";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { comprobarVersion } from "./app/version-check";
import { iniciarI18n } from "./lib/i18n";

dayjs.locale("es");

if (!import.meta.env.DEV) void comprobarVersion();

async function arrancar(): Promise<void> {
  await iniciarI18n();
  // The app (and with it the router, which starts loading the first page) comes after the texts.
  const { App } = await import("./app/app");
  const raiz = document.getElementById("root");
  if (!raiz) return;
  createRoot(raiz).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void arrancar();
