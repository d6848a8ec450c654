import { api } from "./api";

/** POSTs one file as multipart (field `archivo`) through the API client (session, API version). */
export function subirArchivo<T>(ruta: string, archivo: File): Promise<T> {
  const datos = new FormData();
  datos.append("archivo", archivo);
  return api.subir<T>(ruta, datos);
}
