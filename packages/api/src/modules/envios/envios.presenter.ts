import type { DestinatarioEnvio, EnvioSchema } from "@fila/domain";
import type { z } from "zod";
import type { EnviosRepository } from "./envios.repository.js";

type FilaEnvio = NonNullable<Awaited<ReturnType<EnviosRepository["leer"]>>>;
type FilaDestinatario = Awaited<
  ReturnType<EnviosRepository["paginaDestinatarios"]>
>["items"][number];

/** A mailing as the board sees it (the history and its detail). */
export function presentarEnvio(f: FilaEnvio): z.infer<typeof EnvioSchema> {
  return {
    id: f.id,
    asunto: f.asunto,
    cuerpo: f.cuerpo,
    filtro: (typeof f.filtro === "string" ? JSON.parse(f.filtro) : f.filtro) as Record<
      string,
      unknown
    >,
    estado: f.estado,
    enviados: f.enviados,
    fallidos: f.fallidos,
    omitidos: f.omitidos,
    sinEmail: f.sin_email,
    creadoPor: f.creado_por_nombre ?? null,
    creadoEn: new Date(f.creado_en).toISOString(),
  };
}

/** One recipient of a mailing, as fixed at launch, and their state. */
export function presentarDestinatario(f: FilaDestinatario): DestinatarioEnvio {
  return {
    idSocio: f.id_socio,
    nombre: f.nombre,
    apellidos: f.apellidos,
    matricula: f.matricula,
    email: f.email,
    estado: f.estado,
  };
}
