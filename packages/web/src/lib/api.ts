import { CABECERA_VERSION_API, ErrorCliente, ErrorHttp, VERSION_API } from "@fila/domain";
import { marcarConexionApi } from "./conexion";
import { i18n } from "./i18n";
import { CLAVES, escribir, leer } from "./storage";

export const API_URL = (import.meta.env.VITE_API_URL ?? "/api").replace(/\/+$/, "");

type Metodo = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type OpcionesPeticion = {
  metodo?: Metodo;
  cuerpo?: unknown;
  senal?: AbortSignal;
  cabeceras?: Record<string, string>;
};

/**
 * 426 (the API no longer serves this bundle's version): reload once to get the current bundle.
 * The API version reloaded for is remembered for the tab, so a cache still serving the old
 * bundle cannot cause a reload loop; the caller sees the API's message meanwhile.
 */
export function recargarPorVersionAntigua(
  versionApi: string | null,
  recargar: () => void = () => window.location.reload(),
): boolean {
  const version = versionApi ?? "desconocida";
  if (leer("session", CLAVES.versionApiRecargada) === version) return false;
  escribir("session", CLAVES.versionApiRecargada, version);
  recargar();
  return true;
}

type ConfiguracionApi = {
  obtenerToken: () => string | null;
  /** Called on every 401, before the error reaches the caller. */
  alNoAutorizado: () => void;
  /** Called on every 426 with the API's version, before the error reaches the caller. */
  alVersionAntigua: (versionApi: string | null) => void;
  /** Called on a 403 `totp_pendiente` (an administrator must turn two-factor codes on first). */
  alTotpPendiente: () => void;
};

const configuracion: ConfiguracionApi = {
  obtenerToken: () => leer("local", CLAVES.token),
  alNoAutorizado: () => {},
  alVersionAntigua: (versionApi) => {
    recargarPorVersionAntigua(versionApi);
  },
  alTotpPendiente: () => {},
};

export function configurarApi(opciones: Partial<ConfiguracionApi>): void {
  Object.assign(configuracion, opciones);
}

async function leerCuerpo(respuesta: Response): Promise<unknown> {
  const texto = await respuesta.text().catch(() => "");
  if (texto === "") return null;
  try {
    return JSON.parse(texto);
  } catch {
    return null;
  }
}

/**
 * Sends a request to the API and returns the raw response when it is 2xx. Every call states
 * the API version it speaks (SPEC §9). A FormData body goes as multipart, anything else as JSON.
 * Non-2xx → ErrorHttp(status, statusText, parsed body or null); no connection → ErrorCliente.
 */
export async function peticion(ruta: string, opciones: OpcionesPeticion = {}): Promise<Response> {
  const { metodo = "GET", cuerpo, senal, cabeceras } = opciones;
  const headers: Record<string, string> = {
    Accept: "application/json",
    [CABECERA_VERSION_API]: String(VERSION_API),
    ...cabeceras,
  };
  const multipart = cuerpo instanceof FormData;
  if (cuerpo !== undefined && !multipart) headers["Content-Type"] = "application/json";
  const token = configuracion.obtenerToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let respuesta: Response;
  try {
    respuesta = await fetch(`${API_URL}${ruta}`, {
      method: metodo,
      headers,
      body: cuerpo === undefined ? undefined : multipart ? cuerpo : JSON.stringify(cuerpo),
      signal: senal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (senal?.aborted) throw error;
    marcarConexionApi(false);
    throw new ErrorCliente(i18n.t("errores.sinConexion"));
  }
  marcarConexionApi(true);

  if (!respuesta.ok) {
    const cuerpoError = await leerCuerpo(respuesta);
    if (respuesta.status === 401) configuracion.alNoAutorizado();
    if (respuesta.status === 426) {
      configuracion.alVersionAntigua(respuesta.headers.get(CABECERA_VERSION_API));
    }
    if (
      respuesta.status === 403 &&
      (cuerpoError as { error?: unknown } | null)?.error === "totp_pendiente"
    ) {
      configuracion.alTotpPendiente();
    }
    throw new ErrorHttp(respuesta.status, respuesta.statusText, cuerpoError);
  }
  return respuesta;
}

export async function llamar<T>(ruta: string, opciones: OpcionesPeticion = {}): Promise<T> {
  const respuesta = await peticion(ruta, opciones);
  if (respuesta.status === 204) return undefined as T;
  return (await leerCuerpo(respuesta)) as T;
}

export const api = {
  get: <T>(ruta: string, senal?: AbortSignal) => llamar<T>(ruta, { senal }),
  post: <T>(ruta: string, cuerpo?: unknown) => llamar<T>(ruta, { metodo: "POST", cuerpo }),
  put: <T>(ruta: string, cuerpo?: unknown) => llamar<T>(ruta, { metodo: "PUT", cuerpo }),
  patch: <T>(ruta: string, cuerpo?: unknown) => llamar<T>(ruta, { metodo: "PATCH", cuerpo }),
  delete: <T>(ruta: string) => llamar<T>(ruta, { metodo: "DELETE" }),
  /** Multipart upload (a file in `datos`). */
  subir: <T>(ruta: string, datos: FormData) => llamar<T>(ruta, { metodo: "POST", cuerpo: datos }),
};
