import {
  type EventoAnalitica,
  type LoteAnalitica,
  MAX_EVENTOS_LOTE,
  MAX_VISTAS_LOTE,
  RUTAS_ANALITICA,
  type RutaAnalitica,
} from "@fila/domain";
import { API_URL } from "../../lib/api";

/**
 * First-party analytics (issue 13): page views (the route pattern, never its query or ids) and
 * a few events go in batches to `POST /api/analitica`, with `navigator.sendBeacon` so that a
 * batch still leaves when the page is hidden or closed. No token, no cookie, nothing of the
 * person: the server counts per day. A browser that asks not to be tracked sends nothing.
 */

/** A batch leaves this long after its first record, or at once when the page is hidden. */
export const ESPERA_LOTE_MS = 5000;

const rutasConocidas = new Set<string>(RUTAS_ANALITICA);

/** The route pattern of an app path (`/socios/ficha/12` → `/socios/ficha/:id`), or null. */
export function rutaDeAnalitica(pathname: string): RutaAnalitica | null {
  const limpia = `/${pathname.split(/[?#]/)[0].replace(/^\/+|\/+$/g, "")}`;
  // An online order's number (#/pago-online/{numero}, back from the bank) is not an id, and a
  // lottery participation's signed code (#/participacion/{codigo}) is never counted as itself.
  const patron = limpia
    .replace(/^\/pago-online\/[^/]+$/, "/pago-online/:numero")
    .replace(/^\/participacion\/[^/]+$/, "/participacion/:codigo")
    .replace(/\/\d+(?=\/|$)/g, "/:id");
  return rutasConocidas.has(patron) ? (patron as RutaAnalitica) : null;
}

type Navegador = Navigator & { globalPrivacyControl?: boolean };

/** Do Not Track or Global Privacy Control on: not counted (the server checks the headers too). */
export function pideNoRastrear(nav: Navegador = navigator): boolean {
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

type Envio = (url: string, lote: LoteAnalitica) => void;

/** Every browser the app supports has sendBeacon; without it (jsdom) nothing is counted. */
const hayBeacon = () =>
  typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function";

function enviarConBeacon(url: string, lote: LoteAnalitica): void {
  const cuerpo = new Blob([JSON.stringify(lote)], { type: "application/json" });
  if (navigator.sendBeacon(url, cuerpo)) return;
  // The browser refused to queue it (its beacon quota is full): a keepalive fetch instead.
  void fetch(url, {
    method: "POST",
    body: cuerpo,
    headers: { "Content-Type": "application/json" },
    keepalive: true,
    credentials: "omit",
  }).catch(() => undefined);
}

export class RegistroAnalitica {
  private vistas: RutaAnalitica[] = [];
  private eventos: EventoAnalitica[] = [];
  private temporizador: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly enviar: Envio = enviarConBeacon,
    private readonly activo: () => boolean = () => hayBeacon() && !pideNoRastrear(),
    private readonly url = `${API_URL}/analitica`,
  ) {}

  vista(ruta: RutaAnalitica): void {
    if (!this.activo()) return;
    this.vistas.push(ruta);
    this.programar();
  }

  evento(nombre: EventoAnalitica): void {
    if (!this.activo()) return;
    this.eventos.push(nombre);
    this.programar();
  }

  /** Sends what is queued, in batches the API accepts. */
  vaciar(): void {
    if (this.temporizador) clearTimeout(this.temporizador);
    this.temporizador = null;
    while (this.vistas.length > 0 || this.eventos.length > 0) {
      this.enviar(this.url, {
        vistas: this.vistas.splice(0, MAX_VISTAS_LOTE),
        eventos: this.eventos.splice(0, MAX_EVENTOS_LOTE),
      });
    }
  }

  private programar(): void {
    if (this.vistas.length >= MAX_VISTAS_LOTE || this.eventos.length >= MAX_EVENTOS_LOTE) {
      this.vaciar();
      return;
    }
    this.temporizador ??= setTimeout(() => this.vaciar(), ESPERA_LOTE_MS);
  }
}

export const registroAnalitica = new RegistroAnalitica();

/** Sends the queue when the page is hidden (tab switched, app closed, navigation away). */
export function vaciarAlOcultar(registro: RegistroAnalitica = registroAnalitica): () => void {
  const alCambiar = () => {
    if (document.visibilityState === "hidden") registro.vaciar();
  };
  const alSalir = () => registro.vaciar();
  document.addEventListener("visibilitychange", alCambiar);
  window.addEventListener("pagehide", alSalir);
  return () => {
    document.removeEventListener("visibilitychange", alCambiar);
    window.removeEventListener("pagehide", alSalir);
  };
}

export const registrarEvento = (nombre: EventoAnalitica) => registroAnalitica.evento(nombre);
