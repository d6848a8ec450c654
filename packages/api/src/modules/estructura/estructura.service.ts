import {
  anyoFestivoDe,
  type CaboEntrada,
  type Cargo,
  type CargoCambio,
  type CargoEntrada,
  type CargoSocio,
  type CargoSocioEntrada,
  type CopiaEscuadras,
  type CopiaEscuadrasResultado,
  type EscuadraCambio,
  type EscuadraEntrada,
  type EstructuraSocio,
  type Grupo,
  type GrupoEntrada,
  hoyIso,
  type Idioma,
  type ListaCargos,
  type ListaCargosSocio,
  type ListaGrupos,
  type ListaGruposQuery,
  limitesAnyoFestivo,
  type MiEscuadra,
  type MiembroEscuadraEntrada,
  type MiembroGrupoEntrada,
  type OrdenDesfile,
  ordenarComposicion,
} from "@fila/domain";
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import { diferencias } from "../../services/auditoria.js";
import type { Actor } from "../actos/actos.service.js";
import { pdfComposicion } from "./estructura.pdf.js";
import type { CargoSocioFila, EstructuraRepository, GrupoFila } from "./estructura.repository.js";

const conflicto = (m: Mensaje) => new DomainError("conflicto", m);
const validacion = (campo: string, m: Mensaje) =>
  new DomainError("validacion", m, [{ campo, clave: m }]);

/** Is this a unique violation of PostgreSQL (23505)? */
function esDuplicado(e: unknown): boolean {
  return (e as { code?: string } | null)?.code === "23505";
}

function presentarCargo(c: {
  id: number;
  codigo: string;
  nombre: string;
  nombre_va: string;
  peso: number;
  orden: number;
  activo: boolean;
}): Cargo {
  return {
    id: c.id,
    codigo: c.codigo,
    nombre: c.nombre,
    nombreVa: c.nombre_va,
    peso: c.peso,
    orden: c.orden,
    activo: c.activo,
  };
}

function presentarCargoSocio(c: CargoSocioFila): CargoSocio {
  return {
    id: c.id,
    idSocio: c.id_socio,
    nombreSocio: c.nombre_socio,
    apellidosSocio: c.apellidos_socio,
    idCargo: c.id_cargo,
    codigo: c.codigo,
    cargo: c.cargo,
    cargoVa: c.cargo_va,
    desde: c.desde,
    hasta: c.hasta,
    idGrupo: c.id_grupo,
    escuadra: c.escuadra,
    notas: c.notas,
  };
}

/** Groups, escuadras and cargos (issue 49). The board's; the festero reads their own escuadra. */
export class EstructuraService {
  constructor(private readonly repo: EstructuraRepository) {}

  // ── Presentation ──────────────────────────────────────────────────────────────────────────

  private async presentar(filas: GrupoFila[], conMiembros = true): Promise<Grupo[]> {
    const ids = filas.map((g) => g.id);
    const [miembros, cabos, desfiles] = await Promise.all([
      conMiembros ? this.repo.miembros(ids) : Promise.resolve([]),
      this.repo.cabos(ids),
      this.repo.desfiles(ids),
    ]);
    return filas.map((g) => {
      const idCabo = cabos.get(g.id) ?? null;
      const suyos = miembros
        .filter((m) => m.id_grupo === g.id)
        .map((m) => ({
          idSocio: m.id_socio,
          nombre: m.nombre,
          apellidos: m.apellidos,
          matricula: m.matricula,
          rol: m.rol,
          esCabo: m.id_socio === idCabo,
        }));
      return {
        id: g.id,
        clase: g.clase,
        anyo: g.anyo,
        nombre: g.nombre,
        tipo: g.tipo,
        traje: g.traje,
        banda: g.banda,
        descripcion: g.descripcion,
        idResponsable: g.id_responsable,
        responsable: g.responsable,
        orden: g.orden,
        activo: g.activo,
        idCabo,
        desfiles: Object.fromEntries(
          desfiles.filter((d) => d.id_grupo === g.id).map((d) => [d.desfile, d.orden]),
        ),
        miembros: g.clase === "escuadra" ? ordenarComposicion(suyos) : suyos,
      };
    });
  }

  private async unGrupo(id: number): Promise<Grupo> {
    const fila = await this.repo.grupo(id);
    if (!fila) throw noEncontrado("no_encontrado.grupo");
    return (await this.presentar([fila]))[0] as Grupo;
  }

  private async escuadraFila(id: number): Promise<GrupoFila> {
    const fila = await this.repo.grupo(id);
    if (!fila || fila.clase !== "escuadra") throw noEncontrado("no_encontrado.escuadra");
    return fila;
  }

  private async grupoLibreFila(id: number): Promise<GrupoFila> {
    const fila = await this.repo.grupo(id);
    if (!fila || fila.clase === "escuadra") throw noEncontrado("no_encontrado.grupo");
    return fila;
  }

  private async exigirSocio(id: number, campo = "idSocio"): Promise<void> {
    if (!(await this.repo.socioExiste(id))) {
      throw validacion(campo, "no_encontrado.socio");
    }
  }

  private duplicado(nombre: string, anyo: number | null): DomainError {
    return new DomainError(
      "duplicado",
      mensajeCon("estructura.nombre_duplicado", { nombre, anyo: anyo ? ` en ${anyo}` : "" }),
    );
  }

  // ── Escuadras ─────────────────────────────────────────────────────────────────────────────

  async escuadras(anyo: number): Promise<ListaGrupos> {
    const filas = await this.repo.grupos({ clase: "escuadra", anyo });
    return { items: await this.presentar(filas) };
  }

  async escuadra(id: number): Promise<Grupo> {
    await this.escuadraFila(id);
    return this.unGrupo(id);
  }

  async crearEscuadra(actor: Actor, e: EscuadraEntrada): Promise<Grupo> {
    if (await this.repo.nombreDuplicado("escuadra", e.anyo, e.nombre, null)) {
      throw this.duplicado(e.nombre, e.anyo);
    }
    const id = await this.crearConNombreUnico(e.nombre, e.anyo, () =>
      this.repo.crearGrupo({
        clase: "escuadra",
        anyo: e.anyo,
        nombre: e.nombre,
        tipo: e.tipo,
        traje: e.traje,
        banda: e.banda,
        descripcion: e.descripcion,
        id_responsable: null,
        orden: e.orden,
        activo: true,
      }),
    );
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "escuadra",
      idEntidad: id,
      accion: "crear",
      cambios: diferencias(null, { ...e }),
    });
    return this.unGrupo(id);
  }

  private async crearConNombreUnico(
    nombre: string,
    anyo: number | null,
    crear: () => Promise<number>,
  ): Promise<number> {
    try {
      return await crear();
    } catch (e) {
      if (esDuplicado(e)) throw this.duplicado(nombre, anyo);
      throw e;
    }
  }

  async actualizarEscuadra(actor: Actor, id: number, e: EscuadraCambio): Promise<Grupo> {
    const antes = await this.escuadraFila(id);
    if (await this.repo.nombreDuplicado("escuadra", antes.anyo, e.nombre, id)) {
      throw this.duplicado(e.nombre, antes.anyo);
    }
    await this.crearConNombreUnico(e.nombre, antes.anyo, async () => {
      await this.repo.actualizarGrupo(id, { ...e });
      return id;
    });
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "escuadra",
      idEntidad: id,
      accion: "modificar",
      cambios: diferencias(
        {
          nombre: antes.nombre,
          tipo: antes.tipo,
          traje: antes.traje,
          banda: antes.banda,
          descripcion: antes.descripcion,
          orden: antes.orden,
        },
        { ...e },
      ),
    });
    return this.unGrupo(id);
  }

  async borrarGrupo(actor: Actor, id: number, clase: "escuadra" | "otro"): Promise<void> {
    const fila = clase === "escuadra" ? await this.escuadraFila(id) : await this.grupoLibreFila(id);
    await this.repo.transaccion(async (trx) => {
      await this.repo.bloquearGrupo(trx, id);
      await this.repo.borrarGrupo(id, trx);
      await this.repo.auditar(
        {
          idUsuario: actor.id,
          entidad: fila.clase === "escuadra" ? "escuadra" : "grupo",
          idEntidad: id,
          accion: "borrar",
          cambios: [{ campo: "nombre", antes: fila.nombre, despues: null }],
        },
        trx,
      );
    });
  }

  /**
   * Puts a member in an escuadra. In another of the same year: 409 naming it, or with `mover` the
   * member leaves it (and its cabo, if they were) in the same transaction. The member's row is
   * locked first: simultaneous requests for one festero queue, and the unique index (id_socio,
   * anyo) of escuadras keeps one escuadra per year whatever happens.
   */
  async anyadirAEscuadra(actor: Actor, id: number, m: MiembroEscuadraEntrada): Promise<Grupo> {
    await this.escuadraFila(id);
    await this.exigirSocio(m.idSocio);
    await this.repo.transaccion((trx) => this.meterEnEscuadra(trx, actor, id, m));
    return this.unGrupo(id);
  }

  private async meterEnEscuadra(
    trx: Transaction<DB>,
    actor: Actor,
    id: number,
    m: MiembroEscuadraEntrada,
  ): Promise<void> {
    const socio = await this.repo.bloquearSocio(trx, m.idSocio);
    if (!socio) throw validacion("idSocio", "no_encontrado.socio");
    const g = await this.repo.bloquearGrupo(trx, id);
    if (!g || g.clase !== "escuadra" || g.anyo === null) {
      throw noEncontrado("no_encontrado.escuadra");
    }
    const anyo = g.anyo;
    const actual = await this.repo.escuadraDe(m.idSocio, anyo, trx);
    if (actual?.id === id) {
      await this.repo.cambiarRol(id, m.idSocio, m.rol, trx);
      return;
    }
    if (actual && !m.mover) {
      throw conflicto(
        mensajeCon("estructura.en_otra_escuadra", {
          socio: `${socio.nombre} ${socio.apellidos}`.trim(),
          escuadra: actual.nombre,
          anyo,
        }),
      );
    }
    if (actual) await this.repo.quitarCaboDelAnyo(m.idSocio, anyo, trx);
    await this.repo.moverAEscuadra({ id, anyo }, m.idSocio, m.rol, trx);
    await this.repo.auditar(
      {
        idUsuario: actor.id,
        entidad: "escuadra",
        idEntidad: id,
        accion: actual ? "mover_miembro" : "anyadir_miembro",
        cambios: [
          { campo: "idSocio", antes: null, despues: m.idSocio },
          ...(actual ? [{ campo: "desde", antes: null, despues: actual.nombre }] : []),
        ],
      },
      trx,
    );
  }

  async quitarDeGrupo(
    actor: Actor,
    id: number,
    idSocio: number,
    clase: "escuadra" | "otro",
  ): Promise<void> {
    if (clase === "escuadra") await this.escuadraFila(id);
    else await this.grupoLibreFila(id);
    const quitado = await this.repo.transaccion(async (trx) => {
      await this.repo.bloquearSocio(trx, idSocio);
      const ok = await this.repo.quitarMiembro(id, idSocio, trx);
      if (ok) {
        await this.repo.auditar(
          {
            idUsuario: actor.id,
            entidad: clase === "escuadra" ? "escuadra" : "grupo",
            idEntidad: id,
            accion: "quitar_miembro",
            cambios: [{ campo: "idSocio", antes: idSocio, despues: null }],
          },
          trx,
        );
      }
      return ok;
    });
    if (!quitado) throw noEncontrado("no_encontrado.miembro");
  }

  /**
   * The escuadra's cabo: that member's cargo «cabo» for the escuadra's year (one row of
   * `socio_cargo`). A member of no escuadra that year enters this one; of another: 409.
   */
  async ponerCabo(actor: Actor, id: number, c: CaboEntrada): Promise<Grupo> {
    const fila = await this.escuadraFila(id);
    const anyo = fila.anyo as number;
    if (c.idSocio !== null) await this.exigirSocio(c.idSocio);
    await this.repo.transaccion(async (trx) => {
      const antes = (await this.repo.cabos([id], trx)).get(id) ?? null;
      if (c.idSocio === null) {
        await this.repo.bloquearGrupo(trx, id);
        await this.repo.quitarCabo(id, trx);
      } else {
        const cargo = await this.repo.cargoCabo(trx);
        if (!cargo) throw conflicto("estructura.sin_cargo_cabo");
        // The member first, then the group (the order of every change of an escuadra): read
        // after the lock, the membership cannot move away before the cabo is written.
        await this.repo.bloquearSocio(trx, c.idSocio);
        if (!(await this.repo.miembro(id, c.idSocio, trx))) {
          await this.meterEnEscuadra(trx, actor, id, { idSocio: c.idSocio, rol: "", mover: false });
        } else {
          await this.repo.bloquearGrupo(trx, id);
        }
        const { desde, hasta } = limitesAnyoFestivo(anyo);
        await this.repo.ponerCabo(id, c.idSocio, cargo.id, desde, hasta, trx);
      }
      await this.repo.auditar(
        {
          idUsuario: actor.id,
          entidad: "escuadra",
          idEntidad: id,
          accion: "cabo",
          cambios: [{ campo: "cabo", antes, despues: c.idSocio }],
        },
        trx,
      );
    });
    return this.unGrupo(id);
  }

  /** The order of a parade of the year: every escuadra listed, from the first to the last. */
  async ordenarDesfile(actor: Actor, desfile: string, o: OrdenDesfile): Promise<ListaGrupos> {
    const filas = await this.repo.grupos({ ids: o.idsGrupo });
    for (const idGrupo of o.idsGrupo) {
      const g = filas.find((f) => f.id === idGrupo);
      if (!g || g.clase !== "escuadra" || g.anyo !== o.anyo) {
        throw validacion(
          "idsGrupo",
          mensajeCon("estructura.desfile_otro_anyo", { id: idGrupo, anyo: o.anyo }),
        );
      }
    }
    await this.repo.transaccion(async (trx) => {
      await this.repo.ordenarDesfile(desfile, o.anyo, o.idsGrupo, trx);
      await this.repo.auditar(
        {
          idUsuario: actor.id,
          entidad: "desfile",
          idEntidad: o.anyo,
          accion: "ordenar",
          cambios: [{ campo: desfile, antes: null, despues: o.idsGrupo }],
        },
        trx,
      );
    });
    return this.escuadras(o.anyo);
  }

  /** Copies a year's escuadras (and their active members, without cabos) to another year. */
  async copiarEscuadras(actor: Actor, c: CopiaEscuadras): Promise<CopiaEscuadrasResultado> {
    if (c.desde === c.hasta) throw validacion("hasta", "estructura.mismo_anyo");
    return this.repo.transaccion(async (trx) => {
      const origen = await this.repo.grupos({ clase: "escuadra", anyo: c.desde }, trx);
      const existentes = await this.repo.grupos({ clase: "escuadra", anyo: c.hasta }, trx);
      const nombres = new Set(existentes.map((g) => g.nombre.toLowerCase()));
      const miembros = c.miembros
        ? await this.repo.miembros(
            origen.map((g) => g.id),
            trx,
          )
        : [];
      const activos = new Set(
        miembros.length === 0
          ? []
          : (
              await trx
                .selectFrom("socio")
                .select("id")
                .where(
                  "id",
                  "in",
                  miembros.map((m) => m.id_socio),
                )
                .where("activo", "=", true)
                .execute()
            ).map((s) => s.id),
      );
      let escuadras = 0;
      let copiados = 0;
      let omitidas = 0;
      for (const g of origen) {
        if (nombres.has(g.nombre.toLowerCase())) {
          omitidas += 1;
          continue;
        }
        const id = await this.repo.crearGrupo(
          {
            clase: "escuadra",
            anyo: c.hasta,
            nombre: g.nombre,
            tipo: g.tipo,
            traje: g.traje,
            banda: g.banda,
            descripcion: g.descripcion,
            id_responsable: null,
            orden: g.orden,
            activo: true,
          },
          trx,
        );
        escuadras += 1;
        for (const m of miembros.filter((x) => x.id_grupo === g.id && activos.has(x.id_socio))) {
          // One escuadra per year: someone already placed in the target year stays where they are.
          const r = await trx
            .insertInto("grupo_miembro")
            .values({
              id_grupo: id,
              clase: "escuadra",
              anyo: c.hasta,
              id_socio: m.id_socio,
              rol: m.rol,
            })
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst();
          copiados += Number(r.numInsertedOrUpdatedRows ?? 0);
        }
      }
      await this.repo.auditar(
        {
          idUsuario: actor.id,
          entidad: "escuadra",
          idEntidad: c.hasta,
          accion: "copiar",
          cambios: [
            { campo: "desde", antes: null, despues: c.desde },
            { campo: "escuadras", antes: null, despues: escuadras },
          ],
        },
        trx,
      );
      return { escuadras, miembros: copiados, omitidas };
    });
  }

  async pdfEscuadras(anyo: number, idioma: Idioma): Promise<FicheroDescarga> {
    const { items } = await this.escuadras(anyo);
    const asociacion = await this.repo.db
      .selectFrom("asociacion")
      .select(["nombre"])
      .where("id", "=", 1)
      .executeTakeFirst();
    return pdfComposicion(asociacion?.nombre ?? "", anyo, items, idioma);
  }

  /** The festero's home: the escuadra and cabo this year of them and the members they pay for. */
  async miEscuadra(actor: Actor): Promise<MiEscuadra> {
    const anyo = anyoFestivoDe(hoyIso());
    if (actor.socioId <= 0) return { anyo, items: [] };
    const socios = await this.repo.sociosDeCuenta(actor.socioId);
    const items: MiEscuadra["items"] = [];
    for (const s of socios) {
      const e = await this.repo.escuadraDe(s.id, anyo);
      if (!e) continue;
      const [g] = await this.presentar((await this.repo.grupos({ ids: [e.id] })) as GrupoFila[]);
      if (!g) continue;
      const cabo = g.miembros.find((m) => m.esCabo);
      items.push({
        idSocio: s.id,
        nombreSocio: `${s.nombre} ${s.apellidos}`.trim(),
        idGrupo: g.id,
        escuadra: g.nombre,
        traje: g.traje,
        banda: g.banda,
        cabo: cabo ? `${cabo.nombre} ${cabo.apellidos}`.trim() : null,
        esCabo: cabo?.idSocio === s.id,
        miembros: g.miembros.length,
      });
    }
    return { anyo, items };
  }

  // ── Other groups ──────────────────────────────────────────────────────────────────────────

  async grupos(q: ListaGruposQuery): Promise<ListaGrupos> {
    const filas = await this.repo.grupos({ clase: q.clase, anyo: q.anyo });
    return { items: await this.presentar(filas, q.miembros) };
  }

  async grupoLibre(id: number): Promise<Grupo> {
    await this.grupoLibreFila(id);
    return this.unGrupo(id);
  }

  async crearGrupo(actor: Actor, g: GrupoEntrada): Promise<Grupo> {
    if (g.idResponsable !== null) await this.exigirSocio(g.idResponsable, "idResponsable");
    if (await this.repo.nombreDuplicado(g.clase, g.anyo, g.nombre, null)) {
      throw this.duplicado(g.nombre, g.anyo);
    }
    const id = await this.crearConNombreUnico(g.nombre, g.anyo, () =>
      this.repo.crearGrupo({
        clase: g.clase,
        anyo: g.anyo,
        nombre: g.nombre,
        tipo: null,
        traje: "",
        banda: "",
        descripcion: g.descripcion,
        id_responsable: g.idResponsable,
        orden: g.orden,
        activo: g.activo,
      }),
    );
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "grupo",
      idEntidad: id,
      accion: "crear",
      cambios: diferencias(null, { ...g }),
    });
    return this.unGrupo(id);
  }

  /** Changes a group; its class and year stay (its members are of them). */
  async actualizarGrupo(actor: Actor, id: number, g: GrupoEntrada): Promise<Grupo> {
    const antes = await this.grupoLibreFila(id);
    if (g.clase !== antes.clase || g.anyo !== antes.anyo) {
      // Class and year are part of the membership's key: a new group, not a change.
      throw validacion("clase", "estructura.escuadra_en_grupos");
    }
    if (g.idResponsable !== null) await this.exigirSocio(g.idResponsable, "idResponsable");
    if (await this.repo.nombreDuplicado(antes.clase, antes.anyo, g.nombre, id)) {
      throw this.duplicado(g.nombre, antes.anyo);
    }
    const datos = {
      nombre: g.nombre,
      descripcion: g.descripcion,
      id_responsable: g.idResponsable,
      orden: g.orden,
      activo: g.activo,
    };
    await this.crearConNombreUnico(g.nombre, antes.anyo, async () => {
      await this.repo.actualizarGrupo(id, datos);
      return id;
    });
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "grupo",
      idEntidad: id,
      accion: "modificar",
      cambios: diferencias(
        {
          nombre: antes.nombre,
          descripcion: antes.descripcion,
          id_responsable: antes.id_responsable,
          orden: antes.orden,
          activo: antes.activo,
        },
        datos,
      ),
    });
    return this.unGrupo(id);
  }

  async anyadirAGrupo(actor: Actor, id: number, m: MiembroGrupoEntrada): Promise<Grupo> {
    const g = await this.grupoLibreFila(id);
    await this.exigirSocio(m.idSocio);
    await this.repo.transaccion(async (trx) => {
      const nuevo = await this.repo.anyadirMiembro(g, m.idSocio, m.rol, trx);
      if (!nuevo) await this.repo.cambiarRol(id, m.idSocio, m.rol, trx);
      await this.repo.auditar(
        {
          idUsuario: actor.id,
          entidad: "grupo",
          idEntidad: id,
          accion: nuevo ? "anyadir_miembro" : "modificar_miembro",
          cambios: [
            { campo: "idSocio", antes: null, despues: m.idSocio },
            { campo: "rol", antes: null, despues: m.rol },
          ],
        },
        trx,
      );
    });
    return this.unGrupo(id);
  }

  async cambiarRol(
    actor: Actor,
    id: number,
    idSocio: number,
    rol: string,
    clase: "escuadra" | "otro",
  ): Promise<Grupo> {
    if (clase === "escuadra") await this.escuadraFila(id);
    else await this.grupoLibreFila(id);
    const antes = await this.repo.miembro(id, idSocio);
    if (!antes || !(await this.repo.cambiarRol(id, idSocio, rol))) {
      throw noEncontrado("no_encontrado.miembro");
    }
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: clase === "escuadra" ? "escuadra" : "grupo",
      idEntidad: id,
      accion: "modificar_miembro",
      cambios: [{ campo: `rol:${idSocio}`, antes: antes.rol, despues: rol }],
    });
    return this.unGrupo(id);
  }

  // ── Cargos ────────────────────────────────────────────────────────────────────────────────

  async cargos(): Promise<ListaCargos> {
    return { items: (await this.repo.cargos()).map(presentarCargo) };
  }

  async crearCargo(actor: Actor, c: CargoEntrada): Promise<Cargo> {
    let fila: Awaited<ReturnType<EstructuraRepository["cargo"]>>;
    try {
      fila = await this.repo.db
        .insertInto("cargo")
        .values({
          codigo: c.codigo,
          nombre: c.nombre,
          nombre_va: c.nombreVa,
          peso: c.peso,
          orden: c.orden,
          activo: c.activo,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (e) {
      if (esDuplicado(e)) {
        throw new DomainError(
          "duplicado",
          mensajeCon("estructura.codigo_duplicado", { codigo: c.codigo }),
        );
      }
      throw e;
    }
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "cargo",
      idEntidad: fila.id,
      accion: "crear",
      cambios: diferencias(null, { ...c }),
    });
    return presentarCargo(fila);
  }

  async actualizarCargo(actor: Actor, id: number, c: CargoCambio): Promise<Cargo> {
    const antes = await this.repo.cargo(id);
    if (!antes) throw noEncontrado("no_encontrado.cargo_estructura");
    const fila = await this.repo.db
      .updateTable("cargo")
      .set({
        nombre: c.nombre,
        nombre_va: c.nombreVa,
        peso: c.peso,
        orden: c.orden,
        activo: c.activo,
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "cargo",
      idEntidad: id,
      accion: "modificar",
      cambios: diferencias(presentarCargo(antes), presentarCargo(fila)),
    });
    return presentarCargo(fila);
  }

  /** The cargos held some day of `anyo`: the board view. */
  async cargosDelAnyo(anyo: number): Promise<ListaCargosSocio> {
    return { items: (await this.repo.cargosDelAnyo(anyo)).map(presentarCargoSocio) };
  }

  async cargosDeSocio(idSocio: number): Promise<ListaCargosSocio> {
    if (!(await this.repo.socioExiste(idSocio))) throw noEncontrado("no_encontrado.socio");
    return { items: (await this.repo.cargosDeSocio(idSocio)).map(presentarCargoSocio) };
  }

  private async cargoAsignable(idCargo: number): Promise<void> {
    const cargo = await this.repo.cargo(idCargo);
    if (!cargo) throw validacion("idCargo", "no_encontrado.cargo_estructura");
    if (cargo.codigo === "cabo") throw validacion("idCargo", "estructura.cabo_desde_escuadra");
  }

  async asignarCargo(actor: Actor, idSocio: number, c: CargoSocioEntrada): Promise<CargoSocio> {
    if (!(await this.repo.socioExiste(idSocio))) throw noEncontrado("no_encontrado.socio");
    await this.cargoAsignable(c.idCargo);
    const fila = await this.repo.db
      .insertInto("socio_cargo")
      .values({
        id_socio: idSocio,
        id_cargo: c.idCargo,
        desde: c.desde,
        hasta: c.hasta,
        notas: c.notas,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "socio",
      idEntidad: idSocio,
      accion: "cargo",
      cambios: diferencias(null, { ...c }),
    });
    return presentarCargoSocio((await this.repo.cargoSocio(fila.id)) as CargoSocioFila);
  }

  private async cargoDeSocio(idSocio: number, id: number): Promise<CargoSocioFila> {
    const fila = await this.repo.cargoSocio(id);
    if (!fila || fila.id_socio !== idSocio) throw noEncontrado("no_encontrado.cargo_socio");
    return fila;
  }

  async actualizarCargoSocio(
    actor: Actor,
    idSocio: number,
    id: number,
    c: CargoSocioEntrada,
  ): Promise<CargoSocio> {
    const antes = await this.cargoDeSocio(idSocio, id);
    if (antes.id_grupo !== null) {
      throw conflicto(
        mensajeCon("estructura.cabo_no_editable", { escuadra: antes.escuadra ?? "" }),
      );
    }
    await this.cargoAsignable(c.idCargo);
    await this.repo.db
      .updateTable("socio_cargo")
      .set({ id_cargo: c.idCargo, desde: c.desde, hasta: c.hasta, notas: c.notas })
      .where("id", "=", id)
      .execute();
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "socio",
      idEntidad: idSocio,
      accion: "cargo",
      cambios: diferencias(
        { idCargo: antes.id_cargo, desde: antes.desde, hasta: antes.hasta, notas: antes.notas },
        { ...c },
      ),
    });
    return presentarCargoSocio((await this.repo.cargoSocio(id)) as CargoSocioFila);
  }

  /** Removes a cargo of a member (the cabo's too: the escuadra is left without cabo). */
  async quitarCargoSocio(actor: Actor, idSocio: number, id: number): Promise<void> {
    const antes = await this.cargoDeSocio(idSocio, id);
    await this.repo.db.deleteFrom("socio_cargo").where("id", "=", id).execute();
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "socio",
      idEntidad: idSocio,
      accion: "quitar_cargo",
      cambios: [
        { campo: antes.codigo, antes: `${antes.desde}…${antes.hasta ?? ""}`, despues: null },
      ],
    });
  }

  /** A member's escuadras, groups and cargos, every year (the member's record). */
  async estructuraDeSocio(idSocio: number): Promise<EstructuraSocio> {
    if (!(await this.repo.socioExiste(idSocio))) throw noEncontrado("no_encontrado.socio");
    const [grupos, cargos] = await Promise.all([
      this.repo.gruposDeSocio(idSocio),
      this.repo.cargosDeSocio(idSocio),
    ]);
    const cabos = new Set(cargos.filter((c) => c.id_grupo !== null).map((c) => c.id_grupo));
    return {
      escuadras: grupos
        .filter((g) => g.clase === "escuadra" && g.rol !== null)
        .map((g) => ({
          anyo: g.anyo as number,
          idGrupo: g.id,
          nombre: g.nombre,
          rol: g.rol ?? "",
          esCabo: cabos.has(g.id),
        })),
      grupos: grupos
        .filter((g) => g.clase !== "escuadra")
        .map((g) => ({
          idGrupo: g.id,
          clase: g.clase,
          anyo: g.anyo,
          nombre: g.nombre,
          rol: g.rol ?? "",
          esResponsable: g.id_responsable === idSocio,
          activo: g.activo,
        })),
      cargos: cargos.map(presentarCargoSocio),
    };
  }
}
