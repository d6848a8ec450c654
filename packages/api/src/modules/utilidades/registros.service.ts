import {
  type CorreoSaliente,
  type EntradaActividad,
  type ExportarActividadQuery,
  type FiltrosActividad,
  formatearFechaHora,
  hoyIso,
  type Idioma,
  type ListaActividad,
  type ListaActividadQuery,
  type ListaCorreos,
  type ListaCorreosQuery,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import type { MailService } from "../../services/mail.js";
import { neutralizar, type ValorCelda } from "../socios-io/socios-io.columnas.js";
import { escribirCsv, escribirXlsx, TIPO_CSV, TIPO_XLSX } from "../socios-io/socios-io.ficheros.js";
import type { ActividadFila, CorreoFila, RegistrosRepository } from "./registros.repository.js";

/** At most this many entries go into one export: narrow the filters for more. */
export const MAX_EXPORTACION_ACTIVIDAD = 20_000;

function presentarCorreo(c: CorreoFila): CorreoSaliente {
  return {
    id: c.id,
    para: c.para,
    asunto: c.asunto,
    estado: c.estado,
    error: c.error,
    creadoEn: c.creado_en.toISOString(),
    enviadoEn: c.enviado_en ? c.enviado_en.toISOString() : null,
  };
}

function presentarActividad(f: ActividadFila): EntradaActividad {
  return {
    id: f.id,
    fecha: f.creado_en.toISOString(),
    idUsuario: f.id_usuario,
    usuario: f.nombre || f.email || "Sistema",
    entidad: f.entidad,
    idEntidad: f.id_entidad,
    accion: f.accion,
    cambios: f.cambios,
  };
}

/** A before/after value as one cell: text as it is, anything else as JSON, nothing empty. */
function valorCelda(v: unknown): ValorCelda {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  return neutralizar(typeof v === "string" ? v : JSON.stringify(v));
}

const CABECERAS = ["Fecha", "Persona", "Entidad", "Id", "Acción", "Campo", "Antes", "Después"];

/** Correo saliente and Registro de actividad (issue 11 §3). */
export class RegistrosService {
  constructor(
    private readonly repo: RegistrosRepository,
    private readonly mail: MailService,
  ) {}

  async listarCorreos(q: ListaCorreosQuery): Promise<ListaCorreos> {
    const { items, total } = await this.repo.listarCorreos(q);
    return {
      items: items.map(presentarCorreo),
      total,
      page: q.page,
      pageSize: q.pageSize,
      conSmtp: this.mail.conSmtp,
    };
  }

  /** Sends a failed email again and answers with its new state (sent, or failed again). */
  async reenviar(idUsuario: number, id: number): Promise<CorreoSaliente> {
    const antes = await this.repo.correo(id);
    if (!antes) throw noEncontrado("no_encontrado.correo");
    if (antes.estado !== "error") {
      throw new DomainError("conflicto", "utilidades.solo_reenvian_correos_no_pudieron_enviar");
    }
    if (!this.mail.conSmtp) {
      throw new DomainError("conflicto", "utilidades.no_hay_servidor_correo_configurado_smtp");
    }
    await this.mail.reenviar(id);
    const despues = await this.repo.correo(id);
    if (!despues) throw noEncontrado("no_encontrado.correo");
    await this.repo.auditar({
      idUsuario,
      entidad: "correo_saliente",
      idEntidad: id,
      accion: "reenviar",
      cambios: [
        { campo: "estado", antes: antes.estado, despues: despues.estado },
        { campo: "error", antes: antes.error, despues: despues.error },
      ],
    });
    return presentarCorreo(despues);
  }

  async listarActividad(q: ListaActividadQuery): Promise<ListaActividad> {
    const { page, pageSize, ...filtros } = q;
    const [filas, total] = await Promise.all([
      this.repo.listarActividad(filtros, { page, pageSize }),
      this.repo.contarActividad(filtros),
    ]);
    return { items: filas.map(presentarActividad), total, page, pageSize };
  }

  async filtrosActividad(): Promise<FiltrosActividad> {
    const [entidades, usuarios] = await Promise.all([this.repo.entidades(), this.repo.personas()]);
    return { entidades, usuarios };
  }

  /** One row per changed field (an entry without fields, such as a sign-in, is one row). */
  async exportarActividad(
    q: ExportarActividadQuery,
    idioma: Idioma = "es",
  ): Promise<FicheroDescarga> {
    const { formato, ...filtros } = q;
    const entradas = (
      await this.repo.listarActividad(filtros, { page: 1, pageSize: MAX_EXPORTACION_ACTIVIDAD })
    ).map(presentarActividad);
    const filas: ValorCelda[][] = entradas.flatMap((e) => {
      const base: ValorCelda[] = [
        formatearFechaHora(e.fecha),
        neutralizar(e.usuario),
        neutralizar(e.entidad),
        e.idEntidad,
        neutralizar(e.accion),
      ];
      if (e.cambios.length === 0) return [[...base, null, null, null]];
      return e.cambios.map((c) => [
        ...base,
        neutralizar(c.campo),
        valorCelda(c.antes),
        valorCelda(c.despues),
      ]);
    });
    const nombre = `actividad-${hoyIso()}.${formato}`;
    if (formato === "xlsx") {
      return {
        nombre,
        tipo: TIPO_XLSX,
        contenido: await escribirXlsx(CABECERAS, filas, "Actividad", idioma),
      };
    }
    return { nombre, tipo: TIPO_CSV, contenido: escribirCsv(CABECERAS, filas, idioma) };
  }
}
