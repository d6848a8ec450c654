import { randomInt } from "node:crypto";
import {
  type ComensalMesa,
  codigoMesa,
  comensalesDe,
  type Dieta,
  hoyIso,
  type MiMesa,
  motivoCierre,
  type PlanMesas,
  recuentoDietas,
  sentarAutomaticamente,
  TEXTO_MOTIVO_CIERRE,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import type { ActoFila } from "./actos.repository.js";
import type { Actor } from "./actos.service.js";
import { type ComensalFila, type MesaFila, MesasRepository } from "./mesas.repository.js";

const conflicto = (m: Mensaje) => new DomainError("conflicto", m);

const personasDe = (filas: readonly { invitados: number }[]) =>
  filas.reduce((s, f) => s + 1 + f.invitados, 0);

function comensal(f: ComensalFila): ComensalMesa {
  return {
    idInscripcion: f.id,
    idSocio: f.id_socio,
    nombre: f.nombre,
    apellidos: f.apellidos,
    invitados: f.invitados,
    personas: 1 + f.invitados,
    dietas: f.dietas,
    alergias: f.alergias,
    acompanantes: f.acompanantes,
    sentarCon: f.sentar_con,
    idPagador: f.id_pagador,
  };
}

const recuentoDe = (filas: readonly ComensalFila[], mesa: number | null) =>
  recuentoDietas(
    filas.flatMap((f) =>
      comensalesDe({
        mesa,
        dietas: f.dietas as Dieta[],
        invitados: f.invitados,
        acompanantes: f.acompanantes,
      }),
    ),
  );

/**
 * The tables of a seated dinner (issue 50): members form one from the phone and others join it
 * by its code until it is full; the board moves people and seats the rest automatically keeping
 * families (a payer and those they pay for) and requested companions together. A table's seats
 * are never exceeded: every change of a table's people locks its row first (one table at a time;
 * the automatic seating locks the event and then every table, in number order).
 */
export class MesasService {
  constructor(
    private readonly repo: MesasRepository,
    private readonly hoy: () => string = () => hoyIso(),
  ) {}

  private async actoConMesas(repo: MesasRepository, idActo: number, bloquear = false) {
    const acto = await repo.porId(idActo, bloquear);
    if (!acto) throw noEncontrado("no_encontrado.acto");
    if (acto.plazas_por_mesa === null) throw conflicto("actos.acto_sin_mesas");
    return acto as ActoFila & { plazas_por_mesa: number };
  }

  /** A member acts while the event takes enrolments; the board, unless it is cancelled. */
  private comprobarAbierta(actor: Actor, acto: ActoFila) {
    const motivo = motivoCierre(
      {
        fecha: acto.fecha,
        fechaMaximaInscripcion: acto.fecha_maxima_inscripcion,
        cancelado: acto.cancelado,
      },
      this.hoy(),
    );
    if (motivo === "cancelado" || (motivo && actor.rol !== "administrador")) {
      throw conflicto(mensajeCon("dominio.texto", { texto: TEXTO_MOTIVO_CIERRE[motivo] }));
    }
  }

  /** The account's family enrolled with a place in the event (409 when nobody is). */
  private async familia(repo: MesasRepository, actor: Actor, idActo: number) {
    if (actor.socioId <= 0) throw conflicto("actos.mesa_sin_inscripcion");
    const familia = await repo.familiaEnActo(idActo, actor.socioId);
    if (familia.length === 0) throw conflicto("actos.mesa_sin_inscripcion");
    return familia;
  }

  private async miMesa(repo: MesasRepository, mesa: MesaFila, plazas: number): Promise<MiMesa> {
    return { ...mesa, plazas, ocupadas: await repo.ocupadas(mesa.id) };
  }

  /**
   * «Crear mesa»: a new table, numbered after the last, with a code; a member sits there with
   * their family (the board creates an empty one).
   */
  async crear(actor: Actor, idActo: number): Promise<MiMesa> {
    return this.repo.transaccion(async (repo) => {
      // The event's lock numbers its tables one after another.
      const acto = await this.actoConMesas(repo, idActo, true);
      this.comprobarAbierta(actor, acto);
      const esJunta = actor.rol === "administrador" && actor.socioId <= 0;
      const familia = esJunta ? [] : await this.familia(repo, actor, idActo);
      if (personasDe(familia) > acto.plazas_por_mesa) {
        throw conflicto(
          mensajeCon("actos.mesa_completa", {
            plazas: acto.plazas_por_mesa,
            personas: personasDe(familia),
          }),
        );
      }
      const mesa = await repo.crearMesa(
        idActo,
        await repo.siguienteNumero(idActo),
        codigoMesa((n) => randomInt(n)),
        esJunta ? null : actor.socioId,
      );
      await repo.sentar(
        familia.map((f) => f.id),
        mesa.id,
      );
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "mesa",
        idEntidad: mesa.id,
        accion: "crear",
        cambios: [
          { campo: "idActo", antes: null, despues: idActo },
          { campo: "numero", antes: null, despues: mesa.numero },
          { campo: "inscripciones", antes: null, despues: familia.map((f) => f.id).join(",") },
        ],
      });
      return this.miMesa(repo, mesa, acto.plazas_por_mesa);
    });
  }

  /** Joins a table by its code with the account's family, if they all fit. */
  async unirse(actor: Actor, idActo: number, codigo: string): Promise<MiMesa> {
    return this.repo.transaccion(async (repo) => {
      const acto = await this.actoConMesas(repo, idActo);
      this.comprobarAbierta(actor, acto);
      const mesa = await repo.mesaBloqueada(idActo, { codigo });
      if (!mesa) throw noEncontrado("no_encontrado.mesa");
      const familia = await this.familia(repo, actor, idActo);
      const nuevos = familia.filter((f) => f.id_mesa !== mesa.id);
      const ocupadas = await repo.ocupadas(mesa.id);
      if (ocupadas + personasDe(nuevos) > acto.plazas_por_mesa) {
        throw conflicto(
          mensajeCon("actos.mesa_completa", {
            plazas: acto.plazas_por_mesa - ocupadas,
            personas: personasDe(nuevos),
          }),
        );
      }
      await repo.sentar(
        nuevos.map((f) => f.id),
        mesa.id,
      );
      if (nuevos.length > 0) {
        await repo.auditar({
          idUsuario: actor.id,
          entidad: "mesa",
          idEntidad: mesa.id,
          accion: "unirse",
          cambios: [
            { campo: "inscripciones", antes: null, despues: nuevos.map((f) => f.id).join(",") },
          ],
        });
      }
      return this.miMesa(repo, mesa, acto.plazas_por_mesa);
    });
  }

  /** The board moves one enrolment (with its guests) to a table, or out of any (`null`). */
  async asignar(
    actor: Actor,
    idActo: number,
    idInscripcion: number,
    idMesa: number | null,
  ): Promise<PlanMesas> {
    await this.repo.transaccion(async (repo) => {
      const acto = await this.actoConMesas(repo, idActo);
      if (acto.cancelado) throw conflicto("actos.acto_esta_cancelado");
      const mesa = idMesa === null ? null : await repo.mesaBloqueada(idActo, { id: idMesa });
      if (idMesa !== null && !mesa) throw noEncontrado("no_encontrado.mesa");
      const ins = await repo.inscripcionConfirmada(idActo, idInscripcion);
      if (!ins) throw noEncontrado("no_encontrado.inscripcion");
      if (ins.id_mesa === idMesa) return;
      if (mesa) {
        const ocupadas = await repo.ocupadas(mesa.id);
        if (ocupadas + 1 + ins.invitados > acto.plazas_por_mesa) {
          throw conflicto(
            mensajeCon("actos.mesa_completa", {
              plazas: acto.plazas_por_mesa - ocupadas,
              personas: 1 + ins.invitados,
            }),
          );
        }
      }
      await repo.sentar([idInscripcion], idMesa);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "inscripcion",
        idEntidad: idInscripcion,
        accion: "mesa",
        cambios: [{ campo: "idMesa", antes: ins.id_mesa, despues: idMesa }],
      });
    });
    return this.plan(idActo);
  }

  /** Seats everyone without a table (domain `sentarAutomaticamente`), creating tables as needed. */
  async automatico(actor: Actor, idActo: number) {
    return this.repo.transaccion(async (repo) => {
      const acto = await this.actoConMesas(repo, idActo, true);
      if (acto.cancelado) throw conflicto("actos.acto_esta_cancelado");
      const mesas = await repo.mesas(idActo);
      for (const m of mesas) await repo.mesaBloqueada(idActo, { id: m.id });
      const porId = new Map(mesas.map((m) => [m.id, m.numero]));
      const filas = await repo.comensales([idActo]);
      const { asignaciones, nuevas } = sentarAutomaticamente(
        filas.map((f) => ({
          id: f.id,
          idSocio: f.id_socio,
          idPagador: f.id_pagador,
          personas: 1 + f.invitados,
          mesa: f.id_mesa === null ? null : (porId.get(f.id_mesa) ?? null),
          sentarCon: f.sentar_con,
        })),
        mesas.map((m) => m.numero),
        acto.plazas_por_mesa,
      );
      const idDeNumero = new Map(mesas.map((m) => [m.numero, m.id]));
      for (const numero of nuevas) {
        const creada = await repo.crearMesa(
          idActo,
          numero,
          codigoMesa((n) => randomInt(n)),
          null,
        );
        idDeNumero.set(numero, creada.id);
      }
      const porMesa = new Map<number, number[]>();
      for (const a of asignaciones) {
        const id = idDeNumero.get(a.mesa) as number;
        porMesa.set(id, [...(porMesa.get(id) ?? []), a.id]);
      }
      for (const [id, ids] of porMesa) await repo.sentar(ids, id);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: idActo,
        accion: "sentar_automaticamente",
        cambios: [
          { campo: "sentadas", antes: null, despues: asignaciones.length },
          { campo: "mesasNuevas", antes: null, despues: nuevas.length },
        ],
      });
      return { sentadas: asignaciones.length, mesasNuevas: nuevas.length };
    });
  }

  /** The plan: tables in order with their people and diets, and who is still without one. */
  async plan(idActo: number): Promise<PlanMesas> {
    const acto = await this.repo.porId(idActo);
    if (!acto) throw noEncontrado("no_encontrado.acto");
    const [mesas, filas] = await Promise.all([
      this.repo.mesas(idActo),
      this.repo.comensales([idActo]),
    ]);
    const plazas = acto.plazas_por_mesa ?? 0;
    return {
      idActo,
      nombre: acto.nombre,
      fecha: acto.fecha,
      plazasPorMesa: acto.plazas_por_mesa,
      mesas: mesas.map((m) => {
        const suyas = filas.filter((f) => f.id_mesa === m.id);
        return {
          ...m,
          plazas,
          ocupadas: personasDe(suyas),
          comensales: suyas.map(comensal),
          recuento: recuentoDe(suyas, m.numero),
        };
      }),
      sinMesa: filas.filter((f) => f.id_mesa === null).map(comensal),
      recuento: recuentoDe(filas, null),
    };
  }
}

export { MesasRepository };
