/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

type PayloadPush = {
  titulo?: string;
  mensaje?: string;
  imagen?: string;
  enlace?: string;
  idAlerta?: number;
};

/** Message posted to a focused page, which shows it in the foreground push card. */
export type MensajeDelServiceWorker = {
  tipo: "push";
  notification: { title: string; body: string; image: string };
  data: { idAlerta: number };
};

// The app shell (HTML, JS, CSS, texts, icons) comes from the cache, so the app opens offline.
// The texts are requested as es.json?v=<version>: the precache revision already versions them.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^v$/] });
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/manifest\.webmanifest$/, /^\/assets\/config\.json$/],
  }),
);

self.addEventListener("install", () => {
  void self.skipWaiting();
});
self.addEventListener("activate", (evento) => {
  evento.waitUntil(self.clients.claim());
});

function leerPayload(evento: PushEvent): PayloadPush {
  try {
    return (evento.data?.json() ?? {}) as PayloadPush;
  } catch {
    return { titulo: evento.data?.text() ?? "" };
  }
}

/** The in-app address an alert opens: its own link, or the alert in the alerts page. */
function rutaDe(payload: PayloadPush): string {
  if (payload.enlace?.startsWith("/") && !payload.enlace.startsWith("//")) return payload.enlace;
  return payload.idAlerta ? `/alertas?id=${payload.idAlerta}` : "/alertas";
}

self.addEventListener("push", (evento) => {
  const payload = leerPayload(evento);
  const titulo = payload.titulo || "Filà";
  evento.waitUntil(
    (async () => {
      const ventanas = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const enPrimerPlano = ventanas.find((c) => c.focused && c.visibilityState === "visible");
      if (enPrimerPlano) {
        const mensaje: MensajeDelServiceWorker = {
          tipo: "push",
          notification: { title: titulo, body: payload.mensaje ?? "", image: payload.imagen ?? "" },
          data: { idAlerta: payload.idAlerta ?? 0 },
        };
        enPrimerPlano.postMessage(mensaje);
        return;
      }
      await self.registration.showNotification(titulo, {
        body: payload.mensaje ?? "",
        icon: "/icons/icono-192.png",
        badge: "/icons/icono-192.png",
        tag: payload.idAlerta ? `alerta-${payload.idAlerta}` : undefined,
        data: { url: `/#${rutaDe(payload)}`, image: payload.imagen },
        ...(payload.imagen ? { image: payload.imagen } : {}),
      } as NotificationOptions);
    })(),
  );
});

/**
 * Counts an alert opened from a push notification (first-party analytics, no personal data:
 * no token goes with it). A browser with Global Privacy Control on sends nothing; the server
 * also drops requests carrying DNT or Sec-GPC.
 */
async function contarAperturaDePush(): Promise<void> {
  if (
    (self.navigator as WorkerNavigator & { globalPrivacyControl?: boolean }).globalPrivacyControl
  ) {
    return;
  }
  await fetch("/api/analitica", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ eventos: ["alerta_abierta_push"] }),
    credentials: "omit",
    keepalive: true,
  }).catch(() => undefined);
}

self.addEventListener("notificationclick", (evento) => {
  evento.notification.close();
  evento.waitUntil(contarAperturaDePush());
  const url = new URL(
    (evento.notification.data as { url?: string } | null)?.url ?? "/#/alertas",
    self.location.origin,
  ).href;
  evento.waitUntil(
    (async () => {
      const ventanas = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const propia = ventanas.find((c) => new URL(c.url).origin === self.location.origin);
      if (propia) {
        await propia.focus();
        await propia.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
