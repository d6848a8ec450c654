import { ErrorHttp } from "@fila/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sesionStore } from "../../app/session-store";
import { API_URL, api } from "../../lib/api";
import { CLAVE_TEXTOS, type TextosAsociacion } from "../asociacion/use-textos-asociacion";

export type TextosEntrada = {
  condiciones: string;
  privacidad: string;
  /** In Valencian (issue 38): '' = none; the server stores an emptied editor as ''. */
  condicionesVa: string;
  privacidadVa: string;
  nuevaVersion: boolean;
};

/** Multipart upload of the logo (field `archivo`); lib/api only sends JSON bodies. */
async function subirLogo(archivo: File): Promise<TextosAsociacion> {
  const datos = new FormData();
  datos.append("archivo", archivo);
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = sesionStore.obtener().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const respuesta = await fetch(`${API_URL}/asociacion/logo`, {
    method: "PUT",
    headers,
    body: datos,
    credentials: "same-origin",
  });
  const cuerpo = await respuesta.json().catch(() => null);
  if (!respuesta.ok) throw new ErrorHttp(respuesta.status, respuesta.statusText, cuerpo);
  return cuerpo as TextosAsociacion;
}

/** Saving the terms and privacy texts and changing the logo; the public texts refresh after. */
export function useMutacionesTextos() {
  const cliente = useQueryClient();
  const alGuardar = (textos: TextosAsociacion) => cliente.setQueryData(CLAVE_TEXTOS, textos);
  return {
    guardar: useMutation({
      mutationFn: (datos: TextosEntrada) => api.put<TextosAsociacion>("/asociacion/textos", datos),
      onSuccess: alGuardar,
    }),
    subir: useMutation({ mutationFn: subirLogo, onSuccess: alGuardar }),
    quitar: useMutation({
      mutationFn: () => api.delete<TextosAsociacion>("/asociacion/logo"),
      onSuccess: alGuardar,
    }),
  };
}

/** The plain text of a fresh installation as paragraphs for the editor. */
export function comoHtml(texto: string): string {
  if (texto.trimStart().startsWith("<")) return texto;
  const escapar = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\n/g, "<br>");
  return texto
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => `<p>${escapar(p)}</p>`)
    .join("");
}
