import {
  type ActoRestauracion,
  comensalesDe,
  type EnlaceRestauracion,
  hoyIso,
  type Restauracion,
  recuentoDietas,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { hashToken, nuevoToken } from "../../lib/tokens.js";
import type { ActosRepository } from "./actos.repository.js";
import type { Actor } from "./actos.service.js";
import { MesasRepository } from "./mesas.repository.js";

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
    const ids = filas.map((f) => f.id);
    const [resumen, comensales, mesas] = await Promise.all([
      this.repo.resumenRestauracion(ids),
      this.repo.con(MesasRepository).comensales(ids),
      this.repo.con(MesasRepository).numerosDeMesas(ids),
    ]);
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
        personasEnEspera: resumen.enEspera.find((e) => e.id_acto === f.id)?.personas ?? 0,
        // Menus by diet, in all and by table (issue 50).
        dietas: recuentoDietas(
          comensales
            .filter((c) => c.id_acto === f.id)
            .flatMap((c) =>
              comensalesDe({
                mesa: c.id_mesa === null ? null : (mesas.get(c.id_mesa) ?? null),
                dietas: c.dietas,
                invitados: c.invitados,
                acompanantes: c.acompanantes,
              }),
            ),
        ),
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
      // The app's read-only page; it reads GET /api/restauracion/publico/:token.
      url: `${this.publicUrl}/#/restauracion-home?token=${encodeURIComponent(token)}`,
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
      if (!(await repo.existeEnlaceRestauracion(id))) throw noEncontrado("no_encontrado.enlace");
      if (!(await repo.revocarEnlaceRestauracion(id))) {
        throw new DomainError("conflicto", "actos.enlace_estaba_revocado");
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
      throw noEncontrado("no_encontrado.enlace");
    }
    return this.vista();
  }
}
