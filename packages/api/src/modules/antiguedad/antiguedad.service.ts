import {
  type AjustesAntiguedad,
  type AntiguedadSocio,
  anyosParaRecompensas,
  type Candidato,
  type Concesion,
  detalleAntiguedad,
  hoyIso,
  type Periodo,
  type PeriodoEntrada,
  problemaPeriodos,
  type Recompensa,
  type RecompensaEntrada,
  venceEnAnyo,
} from "@fila/domain";
import { DomainError, noEncontrado, prohibido } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import type { PeriodoGuardado } from "../socios/antiguedad.repository.js";
import type { AntiguedadRepository, FilaConcesion } from "./antiguedad.repository.js";
import { diplomaPdf } from "./diploma.pdf.js";

type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId">;

const presentarPeriodo = (p: PeriodoGuardado): Periodo => ({
  id: p.id,
  desde: p.desde,
  hasta: p.hasta,
  tipo: p.idTipoSocio !== null ? { id: p.idTipoSocio, nombre: p.tipoNombre ?? "" } : null,
  infantil: p.infantil,
});

const presentarConcesion = (c: FilaConcesion): Concesion => ({
  id: c.id,
  socio: { id: c.id_socio, nombre: c.nombre, apellidos: c.apellidos, matricula: c.matricula },
  recompensa: { id: c.id_recompensa, nombre: c.recompensa, anyos: c.anyos },
  anyo: c.anyo,
  concedidaEn: c.concedida_en.toISOString(),
});

const soloJunta = (actor: Actor) => {
  if (actor.rol !== "administrador") throw prohibido();
};

/**
 * Seniority (the member's periods, ADR 0031) and awards (issue 49). Periods are written with the
 * member's row locked, so two edits of one member's periods never leave them overlapping.
 */
export class AntiguedadService {
  constructor(private readonly repo: AntiguedadRepository) {}

  /**
   * The member's seniority: the board, or the member on their own record or that of someone they
   * pay for (as the record itself). A member never learns whether another id exists: 403.
   */
  async antiguedad(actor: Actor, idSocio: number, fecha = hoyIso()): Promise<AntiguedadSocio> {
    const socio = await this.repo.socio(idSocio);
    if (actor.rol !== "administrador") {
      const suyo = socio && (socio.id === actor.socioId || socio.id_pagador === actor.socioId);
      if (!actor.socioId || !suyo) throw prohibido();
    }
    if (!socio) throw noEncontrado("no_encontrado.socio");
    const [periodos, cargos, concedidas] = await Promise.all([
      this.repo.periodos(idSocio),
      this.repo.cargosConPesoDe([idSocio]),
      this.repo.concesiones({ idSocio }),
    ]);
    const detalle = detalleAntiguedad(
      { edadFestera: socio.edad_festera, periodos },
      cargos.get(idSocio) ?? [],
      fecha,
    );
    return {
      idSocio,
      fecha,
      ...detalle,
      edadFestera: socio.edad_festera,
      porPeriodos: periodos.length > 0,
      periodos: periodos.map(presentarPeriodo),
      concedidas: concedidas.map((c) => ({
        id: c.id,
        idRecompensa: c.id_recompensa,
        nombre: c.recompensa,
        anyos: c.anyos,
        anyo: c.anyo,
        concedidaEn: c.concedida_en.toISOString(),
      })),
    };
  }

  async periodos(actor: Actor, idSocio: number): Promise<{ items: Periodo[] }> {
    soloJunta(actor);
    if (!(await this.repo.socio(idSocio))) throw noEncontrado("no_encontrado.socio");
    return { items: (await this.repo.periodos(idSocio)).map(presentarPeriodo) };
  }

  crearPeriodo(actor: Actor, idSocio: number, entrada: PeriodoEntrada): Promise<Periodo> {
    return this.escribirPeriodo(actor, idSocio, null, entrada);
  }

  modificarPeriodo(
    actor: Actor,
    idSocio: number,
    idPeriodo: number,
    entrada: PeriodoEntrada,
  ): Promise<Periodo> {
    return this.escribirPeriodo(actor, idSocio, idPeriodo, entrada);
  }

  private async escribirPeriodo(
    actor: Actor,
    idSocio: number,
    idPeriodo: number | null,
    entrada: PeriodoEntrada,
  ): Promise<Periodo> {
    soloJunta(actor);
    return this.repo.transaccion(async (repo) => {
      if (!(await repo.bloquearSocio(idSocio))) throw noEncontrado("no_encontrado.socio");
      const actuales = await repo.periodos(idSocio);
      const antes = idPeriodo === null ? null : actuales.find((p) => p.id === idPeriodo);
      if (idPeriodo !== null && !antes) throw noEncontrado("no_encontrado.periodo");
      if (entrada.idTipoSocio !== null && !(await repo.existeTipo(entrada.idTipoSocio))) {
        throw new DomainError("validacion", "antiguedad.tipo_no_existe", [
          { campo: "idTipoSocio", clave: "antiguedad.tipo_no_existe" },
        ]);
      }
      const resto = actuales.filter((p) => p.id !== idPeriodo);
      if (problemaPeriodos([...resto, entrada])) {
        throw new DomainError("conflicto", "antiguedad.periodos_solapados");
      }
      let id = idPeriodo;
      if (id === null) id = await repo.crearPeriodo(idSocio, entrada);
      else await repo.modificarPeriodo(id, entrada);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "socio",
        idEntidad: idSocio,
        accion: idPeriodo === null ? "periodo_crear" : "periodo_modificar",
        cambios: [
          {
            campo: `periodo ${id}`,
            antes: antes
              ? { desde: antes.desde, hasta: antes.hasta, idTipoSocio: antes.idTipoSocio }
              : null,
            despues: entrada,
          },
        ],
      });
      const guardado = (await repo.periodos(idSocio)).find((p) => p.id === id);
      if (!guardado) throw noEncontrado("no_encontrado.periodo");
      return presentarPeriodo(guardado);
    });
  }

  async borrarPeriodo(actor: Actor, idSocio: number, idPeriodo: number): Promise<void> {
    soloJunta(actor);
    await this.repo.transaccion(async (repo) => {
      if (!(await repo.bloquearSocio(idSocio))) throw noEncontrado("no_encontrado.socio");
      const antes = (await repo.periodos(idSocio)).find((p) => p.id === idPeriodo);
      if (!antes) throw noEncontrado("no_encontrado.periodo");
      await repo.borrarPeriodo(idPeriodo);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "socio",
        idEntidad: idSocio,
        accion: "periodo_borrar",
        cambios: [
          {
            campo: `periodo ${idPeriodo}`,
            antes: { desde: antes.desde, hasta: antes.hasta, idTipoSocio: antes.idTipoSocio },
            despues: null,
          },
        ],
      });
    });
  }

  async ajustes(actor: Actor): Promise<AjustesAntiguedad> {
    soloJunta(actor);
    return { idsTipoInfantil: await this.repo.tiposInfantiles() };
  }

  /** Which member types «cuentan como infantil» (the flag of the member type master). */
  async guardarAjustes(actor: Actor, entrada: AjustesAntiguedad): Promise<AjustesAntiguedad> {
    soloJunta(actor);
    const ids = [...new Set(entrada.idsTipoInfantil)].sort((a, b) => a - b);
    return this.repo.transaccion(async (repo) => {
      if ((await repo.contarTipos(ids)) !== ids.length) {
        throw new DomainError("validacion", "antiguedad.tipo_no_existe", [
          { campo: "idsTipoInfantil", clave: "antiguedad.tipo_no_existe" },
        ]);
      }
      const antes = await repo.tiposInfantiles();
      await repo.marcarInfantiles(ids);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "tipo_socio",
        idEntidad: 0,
        accion: "cuenta_como_infantil",
        cambios: [{ campo: "idsTipoInfantil", antes, despues: ids }],
      });
      return { idsTipoInfantil: ids };
    });
  }

  // --- Awards -------------------------------------------------------------------------------

  async recompensas(actor: Actor): Promise<{ items: Recompensa[] }> {
    soloJunta(actor);
    const filas = await this.repo.recompensas();
    return { items: filas.map((r) => ({ ...r, concedidas: Number(r.concedidas ?? 0) })) };
  }

  async crearRecompensa(actor: Actor, entrada: RecompensaEntrada): Promise<Recompensa> {
    soloJunta(actor);
    return this.repo.transaccion(async (repo) => {
      if (await repo.recompensaPorNombre(entrada.nombre)) {
        throw new DomainError("duplicado", "recompensas.nombre_duplicado");
      }
      const id = await repo.crearRecompensa(entrada);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "recompensa",
        idEntidad: id,
        accion: "crear",
        cambios: [{ campo: "recompensa", antes: null, despues: entrada }],
      });
      return { id, ...entrada, concedidas: 0 };
    });
  }

  async modificarRecompensa(
    actor: Actor,
    id: number,
    entrada: RecompensaEntrada,
  ): Promise<Recompensa> {
    soloJunta(actor);
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.recompensa(id);
      if (!antes) throw noEncontrado("no_encontrado.recompensa");
      if (await repo.recompensaPorNombre(entrada.nombre, id)) {
        throw new DomainError("duplicado", "recompensas.nombre_duplicado");
      }
      await repo.modificarRecompensa(id, entrada);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "recompensa",
        idEntidad: id,
        accion: "modificar",
        cambios: [{ campo: "recompensa", antes, despues: entrada }],
      });
    });
    const r = (await this.repo.recompensas()).find((x) => x.id === id);
    if (!r) throw noEncontrado("no_encontrado.recompensa");
    return { ...r, concedidas: Number(r.concedidas ?? 0) };
  }

  /**
   * Who comes due in `anyo` for each active award and has not received it: the active members
   * whose years counted for awards reach the award's years between 1 January and 31 December of
   * `anyo` (`venceEnAnyo`). Those who reached them earlier and never received it are not here:
   * it came due in its year.
   */
  async candidatos(actor: Actor, anyo: number): Promise<{ anyo: number; items: Candidato[] }> {
    soloJunta(actor);
    const [reglas, socios, concedidas] = await Promise.all([
      this.repo.recompensas(),
      this.repo.sociosActivos(),
      this.repo.clavesConcedidas(),
    ]);
    const activas = reglas.filter((r) => r.activa);
    const ids = socios.map((s) => s.id);
    const [antiguedades, cargos] = await Promise.all([
      this.repo.sociosAntiguedad(ids),
      this.repo.cargosConPesoDe(ids),
    ]);
    const items: Candidato[] = [];
    for (const r of activas) {
      for (const s of socios) {
        if (concedidas.has(`${r.id}:${s.id}`)) continue;
        const datos = antiguedades.get(s.id);
        if (!datos) continue;
        const susCargos = cargos.get(s.id) ?? [];
        const contar = (fecha: string) => anyosParaRecompensas(datos, susCargos, fecha);
        if (!venceEnAnyo(r.anyos, anyo, contar)) continue;
        items.push({
          socio: s,
          recompensa: { id: r.id, nombre: r.nombre, anyos: r.anyos },
          anyosRecompensas: contar(`${anyo}-12-31`),
        });
      }
    }
    return { anyo, items };
  }

  async conceder(
    actor: Actor,
    idRecompensa: number,
    entrada: { idSocio: number; anyo: number },
  ): Promise<Concesion> {
    soloJunta(actor);
    const id = await this.repo.transaccion(async (repo) => {
      const recompensa = await repo.recompensa(idRecompensa);
      if (!recompensa) throw noEncontrado("no_encontrado.recompensa");
      const socio = await repo.socioBreve(entrada.idSocio);
      if (!socio) {
        throw new DomainError("validacion", "comun.socio_elegido_no_existe", [
          { campo: "idSocio", clave: "comun.socio_elegido_no_existe" },
        ]);
      }
      const nuevo = await repo.conceder(idRecompensa, entrada.idSocio, entrada.anyo, actor.id);
      if (nuevo === null) {
        const [previa] = await repo.concesiones({ idRecompensa, idSocio: entrada.idSocio });
        throw new DomainError(
          "conflicto",
          mensajeCon("recompensas.ya_concedida", {
            socio: `${socio.nombre} ${socio.apellidos}`.trim(),
            recompensa: recompensa.nombre,
            anyo: previa?.anyo ?? entrada.anyo,
          }),
        );
      }
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "socio",
        idEntidad: entrada.idSocio,
        accion: "recompensa_conceder",
        cambios: [
          { campo: "recompensa", antes: null, despues: { idRecompensa, anyo: entrada.anyo } },
        ],
      });
      return nuevo;
    });
    return this.concesion(id);
  }

  async retirar(actor: Actor, id: number): Promise<void> {
    soloJunta(actor);
    await this.repo.transaccion(async (repo) => {
      const [c] = await repo.concesiones({ id });
      if (!c) throw noEncontrado("no_encontrado.concesion");
      await repo.borrarConcesion(id);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "socio",
        idEntidad: c.id_socio,
        accion: "recompensa_retirar",
        cambios: [
          {
            campo: "recompensa",
            antes: { idRecompensa: c.id_recompensa, anyo: c.anyo },
            despues: null,
          },
        ],
      });
    });
  }

  async concesiones(actor: Actor, anyo?: number): Promise<{ items: Concesion[] }> {
    soloJunta(actor);
    return { items: (await this.repo.concesiones({ anyo })).map(presentarConcesion) };
  }

  private async concesion(id: number): Promise<Concesion> {
    const [c] = await this.repo.concesiones({ id });
    if (!c) throw noEncontrado("no_encontrado.concesion");
    return presentarConcesion(c);
  }

  /** The diploma of a grant, as a PDF. */
  async diploma(actor: Actor, id: number): Promise<FicheroDescarga> {
    soloJunta(actor);
    const [c] = await this.repo.concesiones({ id });
    if (!c) throw noEncontrado("no_encontrado.concesion");
    const asociacion = await this.repo.asociacion();
    return {
      nombre: `diploma-${c.id}.pdf`,
      tipo: "application/pdf",
      contenido: await diplomaPdf({
        asociacion: asociacion.nombre,
        logo: asociacion.logo,
        socio: `${c.nombre} ${c.apellidos}`.trim(),
        recompensa: c.recompensa,
        anyos: c.anyos,
        anyo: c.anyo,
        fecha: hoyIso(),
      }),
    };
  }
}
