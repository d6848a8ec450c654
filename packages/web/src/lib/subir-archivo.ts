import { ErrorHttp } from "@fila/domain";
import { sesionStore } from "../app/session-store";
import { API_URL } from "./api";

/** POSTs one file as multipart (field `archivo`) with the session; lib/api only sends JSON. */
export async function subirArchivo<T>(ruta: string, archivo: File): Promise<T> {
  const datos = new FormData();
  datos.append("archivo", archivo);
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = sesionStore.obtener().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const respuesta = await fetch(`${API_URL}${ruta}`, {
    method: "POST",
    headers,
    body: datos,
    credentials: "same-origin",
  });
  const cuerpo = await respuesta.json().catch(() => null);
  if (!respuesta.ok) throw new ErrorHttp(respuesta.status, respuesta.statusText, cuerpo);
  return cuerpo as T;
}
