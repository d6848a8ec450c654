import {
  type ActoRestauracion,
  type EnlaceRestauracion,
  formatearFecha,
  hoyIso,
  type Restauracion,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { hashToken, nuevoToken } from "../../lib/tokens.js";
import type { ActosRepository } from "./actos.repository.js";
import type { Actor } from "./actos.service.js";

const MAX_ACTOS = 100;

/** Catering view: upcoming events with head-counts by menu and allergies (first names only). */
export class RestauracionService {
  constructor(
    private readonly repo: ActosRepository,
    private readonly publicUrl: string,
    private readonly hoy: () => string = () => hoyIso(),
  ) {}

  async vista(): Promise<Restauracion> {
    const { filas } = await this.repo.listar({
      desde: this.hoy(),
      orden: { columna: "fecha", desc: false },
      page: 1,
      pageSize: MAX_ACTOS,
      soloVisibles: { incluirInternos: true },
    });
    const resumen = await this.repo.resumenRestauracion(filas.map((f) => f.id));
    const items: ActoRestauracion[] = filas.map((f) => {
      const porMenu = resumen.menus
        .filter((m) => m.id_acto === f.id)
        .map((m) => ({ menu: m.menu, personas: m.personas }));
      return {
        id: f.id,
        nombre: f.nombre,
        fecha: f.fecha,
        hora: f.hora,
        lugar: f.lugar,
        personas: porMenu.reduce((s, m) => s + m.personas, 0),
        porMenu,
        alergias: resumen.alergias
          .filter((a) => a.id_acto === f.id)
          .map((a) => ({ nombre: a.nombre.trim(), alergias: a.alergias })),
      };
    });
    return { items };
  }

  async crearEnlace(actor: Actor, dias: number) {
    const { token, hash } = nuevoToken();
    const expira = new Date(Date.now() + dias * 86_400_000);
    const fila = await this.repo.transaccion(async (repo) => {
      const creado = await repo.crearEnlaceRestauracion(hash, expira, actor.id);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "enlace_restauracion",
        idEntidad: creado.id,
        accion: "crear",
        cambios: [{ campo: "expiraEn", antes: null, despues: expira.toISOString() }],
      });
      return creado;
    });
    return {
      id: fila.id,
      token,
      url: `${this.publicUrl}/api/restauracion/publico/${token}?formato=html`,
      expiraEn: fila.expira_en.toISOString(),
    };
  }

  async enlaces(): Promise<{ items: EnlaceRestauracion[] }> {
    const ahora = new Date();
    const filas = await this.repo.enlacesRestauracion();
    return {
      items: filas.map((f) => ({
        id: f.id,
        creadoEn: f.creado_en.toISOString(),
        expiraEn: f.expira_en.toISOString(),
        revocadoEn: f.revocado_en?.toISOString() ?? null,
        creadoPor: f.creado_por ?? "",
        activo: f.revocado_en === null && f.expira_en > ahora,
      })),
    };
  }

  async revocar(actor: Actor, id: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      if (!(await repo.existeEnlaceRestauracion(id))) throw noEncontrado("El enlace");
      if (!(await repo.revocarEnlaceRestauracion(id))) {
        throw new DomainError("conflicto", "El enlace ya estaba revocado");
      }
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "enlace_restauracion",
        idEntidad: id,
        accion: "revocar",
      });
    });
  }

  /** The view behind a shared link; unknown, revoked or expired links all look the same (404). */
  async publico(token: string): Promise<Restauracion> {
    if (!(await this.repo.enlaceRestauracionVigente(hashToken(token)))) {
      throw noEncontrado("El enlace");
    }
    return this.vista();
  }
}

const escapar = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A printable HTML page of the catering view (for the caterer's shared link). */
export function restauracionHtml(vista: Restauracion, titulo: string): string {
  const actos = vista.items
    .map((a) => {
      const menus = a.porMenu.length
        ? `<ul>${a.porMenu.map((m) => `<li>${escapar(m.menu || "Sin menú")}: <b>${m.personas}</b></li>`).join("")}</ul>`
        : "<p>Sin inscritos todavía.</p>";
      const alergias = a.alergias.length
        ? `<h3>Alergias</h3><ul>${a.alergias.map((x) => `<li>${escapar(x.nombre)}: ${escapar(x.alergias)}</li>`).join("")}</ul>`
        : "";
      const cuando = [formatearFecha(a.fecha), a.hora, a.lugar]
        .filter(Boolean)
        .map(escapar)
        .join(" · ");
      return `<section><h2>${escapar(a.nombre)}</h2><p>${cuando}</p><p>Personas: <b>${a.personas}</b></p>${menus}${alergias}</section>`;
    })
    .join("");
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapar(titulo)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}section{border-top:1px solid #ccc;padding:.5rem 0;break-inside:avoid}</style></head><body><h1>${escapar(titulo)}</h1>${actos || "<p>No hay actos próximos.</p>"}</body></html>`;
}
