import { ErrorCliente, ErrorHttp, formatearNumero } from "@fila/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { API_URL, api, peticion } from "../../lib/api";
import { guardarBlob, nombreDeArchivo } from "../../lib/descargar";
import { i18n } from "../../lib/i18n";
import { CLAVES, leer } from "../../lib/storage";

export type CopiaAutomatica = { nombre: string; bytes: number; creada: string };
type ListaCopias = { items: CopiaAutomatica[]; total: number; page: number; pageSize: number };
export type ResumenRestauracion = {
  tablas: number;
  filas: number;
  archivos: number;
  /** Accounts whose TOTP came under another installation's key: they must set it up again. */
  totpPorConfigurar: number;
};
export type Progreso = { hechos: number; total: number | null };

export function useCopiasAutomaticas(page: number, pageSize: number) {
  return useQuery({
    queryKey: ["copias-automaticas", page, pageSize],
    queryFn: ({ signal }) =>
      api.get<ListaCopias>(`/utilidades/copias?page=${page}&pageSize=${pageSize}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Downloads an API file reading it piece by piece, so the page can show how far it has got. */
export async function descargarConProgreso(
  ruta: string,
  porDefecto: string,
  alProgreso: (p: Progreso) => void,
): Promise<void> {
  const respuesta = await peticion(ruta, { cabeceras: { Accept: "*/*" } });
  const nombre = nombreDeArchivo(respuesta.headers.get("Content-Disposition"), porDefecto);
  const total = Number(respuesta.headers.get("Content-Length")) || null;
  const lector = respuesta.body?.getReader();
  if (!lector) {
    guardarBlob(await respuesta.blob(), nombre);
    return;
  }
  const trozos: Uint8Array<ArrayBuffer>[] = [];
  let hechos = 0;
  for (;;) {
    const { done, value } = await lector.read();
    if (done) break;
    trozos.push(value);
    hechos += value.byteLength;
    alProgreso({ hechos, total });
  }
  guardarBlob(new Blob(trozos, { type: "application/gzip" }), nombre);
}

/**
 * Sends a backup to restore (multipart, with the administrator's password and the association's
 * name) through XMLHttpRequest: fetch cannot report upload progress.
 */
export function subirRestauracion(
  datos: { archivo: File; password: string; nombre: string },
  alProgreso: (p: Progreso) => void,
): Promise<ResumenRestauracion> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("password", datos.password);
    form.append("nombre", datos.nombre);
    form.append("archivo", datos.archivo);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_URL}/utilidades/restauracion`);
    xhr.setRequestHeader("Accept", "application/json");
    const token = leer("local", CLAVES.token);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) =>
      alProgreso({ hechos: e.loaded, total: e.lengthComputable ? e.total : null });
    xhr.onload = () => {
      let cuerpo: unknown = null;
      try {
        cuerpo = JSON.parse(xhr.responseText);
      } catch {
        // An answer without a body: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(cuerpo as ResumenRestauracion);
      else reject(new ErrorHttp(xhr.status, xhr.statusText, cuerpo));
    };
    xhr.onerror = () => reject(new ErrorCliente(i18n.t("errores.sinConexion")));
    xhr.send(form);
  });
}

/** "12,3 MB" for a size in bytes. */
export function formatearTamanyo(bytes: number): string {
  const unidades = ["B", "KB", "MB", "GB"];
  let valor = bytes;
  let i = 0;
  while (valor >= 1024 && i < unidades.length - 1) {
    valor /= 1024;
    i += 1;
  }
  return `${formatearNumero(valor, i === 0 ? 0 : 1)} ${unidades[i]}`;
}
