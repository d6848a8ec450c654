import { ErrorCliente, ErrorHttp } from "@fila/domain";
import { marcarConexionApi } from "./conexion";
import { i18n } from "./i18n";
import { CLAVES, leer } from "./storage";

export const API_URL = (import.meta.env.VITE_API_URL ?? "/api").replace(/\/+$/, "");

type Metodo = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type OpcionesPeticion = {
  metodo?: Metodo;
  cuerpo?: unknown;
  senal?: AbortSignal;
  cabeceras?: Record<string, string>;
};

type ConfiguracionApi = {
  obtenerToken: () => string | null;
  /** Called on every 401, before the error reaches the caller. */
  alNoAutorizado: () => void;
};

const configuracion: ConfiguracionApi = {
  obtenerToken: () => leer("local", CLAVES.token),
  alNoAutorizado: () => {},
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
 * Sends a request to the API and returns the raw response when it is 2xx.
 * Non-2xx → ErrorHttp(status, statusText, parsed body or null); no connection → ErrorCliente.
 */
export async function peticion(ruta: string, opciones: OpcionesPeticion = {}): Promise<Response> {
  const { metodo = "GET", cuerpo, senal, cabeceras } = opciones;
  const headers: Record<string, string> = { Accept: "application/json", ...cabeceras };
  if (cuerpo !== undefined) headers["Content-Type"] = "application/json";
  const token = configuracion.obtenerToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let respuesta: Response;
  try {
    respuesta = await fetch(`${API_URL}${ruta}`, {
      method: metodo,
      headers,
      body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
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
};
