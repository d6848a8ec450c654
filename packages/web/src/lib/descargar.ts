import { peticion } from "./api";

/** The file name the server chose (Content-Disposition), or `porDefecto`. */
export function nombreDeArchivo(cabecera: string | null, porDefecto: string): string {
  const m = cabecera ? /filename="?([^";]+)"?/i.exec(cabecera) : null;
  return m ? m[1] : porDefecto;
}

/** Hands a blob to the browser as a downloaded file. */
export function guardarBlob(blob: Blob, nombre: string): void {
  const url = URL.createObjectURL(blob);
  const enlace = document.createElement("a");
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads an API file with the session's bearer token (a plain link would go without it):
 * fetch → blob → object URL. Errors reach the caller as the API client's errors.
 */
export async function descargarDeApi(ruta: string, porDefecto: string): Promise<void> {
  const respuesta = await peticion(ruta, { cabeceras: { Accept: "*/*" } });
  const nombre = nombreDeArchivo(respuesta.headers.get("Content-Disposition"), porDefecto);
  guardarBlob(await respuesta.blob(), nombre);
}
