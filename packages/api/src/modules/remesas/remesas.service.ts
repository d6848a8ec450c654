import {
  calcularIdentificadorAcreedor,
  type DevolucionesResultado,
  esCifValido,
  esDocumentoValido,
  esIbanValido,
  esIdentificadorAcreedorValido,
  esMotivoDevolucion,
  hoyIso,
  type MotivoOmisionDevolucion,
  type OmisionDevolucion,
  type Remesa,
  type RemesaEntrada,
} from "@fila/domain";
import type { ExcluidoRemesa } from "../../db/schema.js";
import { type Detalle, DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { registrarAuditoria } from "../../services/auditoria.js";
import { leerPain002 } from "../../services/sepa/pain002.js";
import { type AcreedorSepa, generarPain008 } from "../../services/sepa/pain008.js";
import { anotarMovimientoAutomatico } from "../tesoreria/tesoreria.automaticos.js";
import { presentarRemesa, presentarResumen } from "./remesas.presenter.js";
import type {
  FilaAdeudo,
  FilaPagoRemesa,
  FiltroRemesas,
  OrdenRemesas,
  PagadorElegible,
  RemesasRepository,
} from "./remesas.repository.js";

const noExiste = () => noEncontrado("no_encontrado.remesa");

const conflicto = (m: Mensaje, detalles: Detalle[] = []) =>
  new DomainError("conflicto", m, detalles);

/** Why a payer cannot be debited, or null when they can. */
export function motivoExclusion(
  c: Pick<PagadorElegible, "iban" | "mandatoId" | "mandatoFecha">,
): string | null {
  if (!c.iban) return "No tiene IBAN";
  if (!esIbanValido(c.iban)) return "El IBAN no es válido";
  if (!c.mandatoId || !c.mandatoFecha) return "No tiene mandato SEPA (referencia y fecha de firma)";
  return null;
}

/** A payer left out of a remittance, with why. */
function excluidoDe(p: PagadorElegible): ExcluidoRemesa {
  return {
    idSocio: p.idPagador,
    nombre: `${p.nombre} ${p.apellidos}`.trim(),
    // Left out by the statement for what motivoExclusion checks, or for its IBAN.
    motivo: motivoExclusion(p) ?? "El IBAN no es válido",
    importe: p.total,
  };
}

/** 409 when there is no charge to debit, or nobody who can be debited (listing why). */
function exigirAdeudos(numIncluidos: number, excluidos: ExcluidoRemesa[]): void {
  if (numIncluidos + excluidos.length === 0) {
    throw conflicto("remesas.no_hay_cargos_pendientes_domiciliados_hasta");
  }
  if (numIncluidos === 0) {
    throw conflicto(
      "remesas.ningun_pagador_cargos_pendientes_tiene_iban",
      excluidos.map((e) => ({
        campo: `socio ${e.idSocio}`,
        mensaje: `${e.nombre}: ${e.motivo}`,
      })),
    );
  }
}

/** "FILA-R12-20261121T101500": unique (it carries the remittance id), at most 35 characters. */
function mensajeId(idRemesa: number, ahora: Date): string {
  const sello = ahora.toISOString().slice(0, 19).replace(/[-:]/g, "");
  return `FILA-R${idRemesa}-${sello}`;
}

type DevolucionElegida = { idPago: number; motivo: string; campo: string };

/** The returns to register, and those of the bank's file left alone (with why). */
type Eleccion = { items: DevolucionElegida[]; omitidos: OmisionDevolucion[] };

/**
 * Why a charge of a rejected debit is not returned, or null when it is: a charge comes back
 * once. Returned before, it is still returned, or was paid or cancelled since (not owed).
 */
function omisionDe(p: FilaPagoRemesa): MotivoOmisionDevolucion | null {
  if (p.estado === "devuelto") return "cargo_devuelto";
  if (p.fecha_devolucion === null) return null;
  return p.estado === "anulado" ? "anulado_tras_devolucion" : "pagado_tras_devolucion";
}

export class RemesasService {
  constructor(private readonly repo: RemesasRepository) {}

  /** Creditor data; 409 naming each missing field when the settings are incomplete. */
  private async acreedor(repo: RemesasRepository): Promise<AcreedorSepa> {
    const a = await repo.asociacion();
    const faltan: Detalle[] = [];
    if (!a?.nombre.trim())
      faltan.push({ campo: "nombre", clave: "remesas.falta_nombre_asociacion" });
    const cifValido = Boolean(a && (esCifValido(a.cif) || esDocumentoValido(a.cif)));
    if (!cifValido) faltan.push({ campo: "cif", clave: "remesas.falta_cif_valido_asociacion" });
    if (!a || !esIbanValido(a.iban)) {
      faltan.push({ campo: "iban", clave: "remesas.falta_iban_valido_asociacion" });
    }
    let identificador = "";
    if (a && cifValido) {
      try {
        identificador = calcularIdentificadorAcreedor(a.cif, a.sufijo_acreedor);
      } catch {
        identificador = "";
      }
      if (!esIdentificadorAcreedorValido(identificador)) {
        faltan.push({
          campo: "sufijoAcreedor",
          clave: "remesas.no_puede_calcular_identificador_acreedor_revisa",
        });
      }
    }
    if (!a || faltan.length > 0) {
      throw conflicto("remesas.completa_datos_bancarios_asociacion_antes_genera", faltan);
    }
    return { nombre: a.nombre, iban: a.iban, bic: a.bic, identificador };
  }

  async generar(actor: Pick<UsuarioAutenticado, "id">, entrada: RemesaEntrada): Promise<Remesa> {
    return this.obtener(await this.generarSinLeer(actor, entrada));
  }

  /**
   * The checks of a generation that write nothing, answered at once (400/409) before the job is
   * launched; the job runs them again under the lock.
   */
  async comprobarGeneracion(entrada: RemesaEntrada): Promise<void> {
    this.comprobarFecha(entrada);
    await this.acreedor(this.repo);
    // Enough that one payer can be debited: a few with an IBAN and a mandate, checked here.
    // Only when none can, every payer is read, for the 409 that lists why.
    const candidatos = await this.repo.pagadoresConDatos(entrada.hasta, 20);
    if (candidatos.some((p) => !motivoExclusion(p))) return;
    this.separar(await this.repo.pagadoresElegibles(entrada.hasta));
  }

  /** Generating as a background job (issue 37): its result is the summary, `id` and `excluidos`. */
  async generarResumen(actor: Pick<UsuarioAutenticado, "id">, entrada: RemesaEntrada) {
    const id = await this.generarSinLeer(actor, entrada);
    const fila = await this.repo.porId(id);
    if (!fila) throw noExiste();
    const remesa = presentarRemesa(fila, [], []);
    return { ...presentarResumen(fila), excluidos: remesa.excluidos };
  }

  /** Marking collected as a background job: 404/409 at once, before it is launched. */
  async comprobarCobro(id: number): Promise<void> {
    const remesa = await this.repo.porId(id);
    if (!remesa) throw noExiste();
    if (remesa.estado === "cobrada") throw conflicto("remesas.remesa_esta_marcada_como_cobrada");
  }

  private comprobarFecha(entrada: RemesaEntrada) {
    if (entrada.fechaCobro < hoyIso()) {
      const mensaje = "remesas.fecha_cobro_pasada";
      throw new DomainError("validacion", mensaje, [{ campo: "fechaCobro", clave: mensaje }]);
    }
  }

  /** The payers who can be debited and those who cannot (apart). 409 when nobody can. */
  private separar(pagadores: PagadorElegible[]) {
    const incluidos: PagadorElegible[] = [];
    const excluidos: ExcluidoRemesa[] = [];
    for (const p of pagadores) {
      if (motivoExclusion(p)) excluidos.push(excluidoDe(p));
      else incluidos.push(p);
    }
    exigirAdeudos(incluidos.length, excluidos);
    return { incluidos, excluidos };
  }

  /**
   * Generates the remittance in one transaction. The debits and the charges' links are written
   * by one set-based statement (`incluirEnRemesa`: the eligible charges locked and added up per
   * payer by the database, each debit's IBAN then checked here); only the debits (one row per
   * payer) and the payers left out come back, to write the pain.008 and the summary.
   */
  async generarSinLeer(
    actor: Pick<UsuarioAutenticado, "id">,
    entrada: RemesaEntrada,
  ): Promise<number> {
    this.comprobarFecha(entrada);
    return this.repo.transaccion(async (repo, tx) => {
      const acreedor = await this.acreedor(repo);
      await repo.bloquearGeneracion();

      const ahora = new Date();
      const idRemesa = await repo.crearRemesa({
        mensajeId: `FILA-R-${ahora.getTime()}-${actor.id}`,
        fechaCobro: entrada.fechaCobro,
        hasta: entrada.hasta,
        idUsuario: actor.id,
        creadaEn: ahora,
        acreedor,
      });
      const { adeudos, excluidos: fuera } = await repo.incluirEnRemesa(
        idRemesa,
        entrada.hasta,
        (a) => !motivoExclusion(a),
      );
      const excluidos = fuera.map(excluidoDe);
      // Nobody to debit: 409, and the transaction (the remittance's row too) is undone.
      exigirAdeudos(adeudos.length, excluidos);
      // The pain.008 is written at download (`xml`) from what this wrote: the debits with their
      // debtor's name and concept, and the creditor and time of the remittance.
      const total = adeudos.reduce((s, a) => s + a.importe, 0);
      await repo.completarRemesa(idRemesa, {
        mensajeId: mensajeId(idRemesa, ahora),
        numAdeudos: adeudos.length,
        total,
        excluidos,
      });
      await registrarAuditoria(tx, {
        idUsuario: actor.id,
        entidad: "remesa",
        idEntidad: idRemesa,
        accion: "crear",
        cambios: [
          { campo: "fechaCobro", antes: null, despues: entrada.fechaCobro },
          { campo: "hasta", antes: null, despues: entrada.hasta },
          { campo: "numAdeudos", antes: null, despues: adeudos.length },
          { campo: "total", antes: null, despues: total },
          { campo: "excluidos", antes: null, despues: excluidos.length },
        ],
      });
      return idRemesa;
    });
  }

  async listar(filtro: FiltroRemesas & { page: number; pageSize: number; sort: OrdenRemesas }) {
    const { items, total } = await this.repo.listar(filtro);
    return {
      items: items.map(presentarResumen),
      total,
      page: filtro.page,
      pageSize: filtro.pageSize,
    };
  }

  async obtener(id: number): Promise<Remesa> {
    // The three reads at once: on PostgreSQL each on its own connection.
    const [fila, adeudos, pagos] = await Promise.all([
      this.repo.porId(id),
      this.repo.adeudos(id),
      this.repo.pagos(id),
    ]);
    if (!fila) throw noExiste();
    return presentarRemesa(fila, adeudos, pagos);
  }

  /**
   * The remittance's pain.008, written from what its generation stored (the same file at every
   * download); the ones generated before migration 0032 kept their file, served as stored.
   */
  async xml(id: number): Promise<string> {
    const datos = await this.repo.paraXml(id);
    if (!datos) throw noExiste();
    const { remesa, adeudos } = datos;
    if (remesa.xml !== "") return remesa.xml;
    if (!remesa.acreedor) throw new Error(`remesa ${id}: sin fichero ni acreedor`);
    return generarPain008({
      mensajeId: remesa.mensaje_id,
      creadaEn: new Date(remesa.creada_en),
      fechaCobro: remesa.fecha_cobro,
      acreedor: remesa.acreedor,
      adeudos,
    });
  }

  async borrar(actor: UsuarioAutenticado, id: number): Promise<void> {
    await this.repo.transaccion(async (repo, tx) => {
      const remesa = await repo.porId(id, true);
      if (!remesa) throw noExiste();
      if (remesa.estado !== "generada") {
        throw conflicto("remesas.no_puede_borrar_remesa_cobrada");
      }
      const adeudos = await repo.adeudos(id);
      if (adeudos.some((a) => a.estado !== "incluido")) {
        throw conflicto("remesas.no_puede_borrar_remesa_tiene_devoluciones");
      }
      const liberados = await repo.borrar(id);
      await registrarAuditoria(tx, {
        idUsuario: actor.id,
        entidad: "remesa",
        idEntidad: id,
        accion: "borrar",
        cambios: [
          { campo: "mensajeId", antes: remesa.mensaje_id, despues: null },
          { campo: "numAdeudos", antes: remesa.num_adeudos, despues: null },
          { campo: "total", antes: Number(remesa.total), despues: null },
          { campo: "pagosLiberados", antes: liberados.length, despues: null },
        ],
      });
    });
  }

  async marcarCobrada(actor: Pick<UsuarioAutenticado, "id">, id: number): Promise<Remesa> {
    await this.cobrarSinLeer(actor, id);
    return this.obtener(id);
  }

  /** Marking collected as a background job: its result is the summary only. */
  async cobrarResumen(actor: Pick<UsuarioAutenticado, "id">, id: number) {
    await this.cobrarSinLeer(actor, id);
    const fila = await this.repo.porId(id);
    if (!fila) throw noExiste();
    return presentarResumen(fila);
  }

  /**
   * Its charges to paid and ONE audit entry for the remittance listing them (`pagos`): a
   * charge's history shows «cobrado en la remesa N» from it (registros.repository.ts).
   */
  private async cobrarSinLeer(actor: Pick<UsuarioAutenticado, "id">, id: number): Promise<void> {
    await this.repo.transaccion(async (repo, tx) => {
      const remesa = await repo.porId(id, true);
      if (!remesa) throw noExiste();
      if (remesa.estado === "cobrada") throw conflicto("remesas.remesa_esta_marcada_como_cobrada");
      const pagados = await repo.marcarCobrada(id, remesa.fecha_cobro);
      // One movement for what the bank paid in: the charges just paid (those returned before
      // the collection were never paid, so they are not in it).
      await anotarMovimientoAutomatico(repo.tesoreria(), {
        tipo: "remesa",
        idRemesa: id,
        idsPago: pagados,
        fecha: remesa.fecha_cobro,
        idUsuario: actor.id,
      });
      await registrarAuditoria(tx, {
        idUsuario: actor.id,
        entidad: "remesa",
        idEntidad: id,
        accion: "cobro",
        cambios: [
          { campo: "estado", antes: "generada", despues: "cobrada" },
          { campo: "cobro", antes: null, despues: `cobrado en la remesa ${id}` },
          { campo: "fechaPago", antes: null, despues: remesa.fecha_cobro },
          { campo: "pagosCobrados", antes: null, despues: pagados.length },
          { campo: "pagos", antes: null, despues: pagados },
        ],
      });
    });
  }

  /** Returns entered by hand: charges of this remittance with an ISO reason code. */
  devolverManual(
    actor: UsuarioAutenticado,
    id: number,
    lista: { idPago: number; motivo: string }[],
  ) {
    return this.devolver(actor, id, () => ({
      items: lista.map((d, i) => ({ ...d, campo: `devoluciones.${i}` })),
      omitidos: [],
    }));
  }

  /**
   * Returns read from the bank's pain.002: every charge of each rejected debit, once. The same
   * file imported again returns nothing twice: a debit already returned, and a charge returned
   * before (paid or cancelled since), are left alone and listed in `omitidos`.
   */
  devolverPain002(actor: UsuarioAutenticado, id: number, fichero: Buffer) {
    const rechazos = leerPain002(fichero);
    if (rechazos.length === 0) {
      const mensaje = "remesas.sin_devoluciones_en_fichero";
      throw new DomainError("validacion", mensaje, [{ campo: "archivo", clave: mensaje }]);
    }
    return this.devolver(actor, id, (adeudos, pagos) => {
      const errores: Detalle[] = [];
      const items: DevolucionElegida[] = [];
      const omitidos: OmisionDevolucion[] = [];
      for (const r of rechazos) {
        const adeudo = adeudos.find((a) => a.end_to_end_id === r.endToEndId);
        if (!adeudo) {
          errores.push({
            campo: "archivo",
            clave: mensajeCon("remesas.adeudo_no_pertenece_esta_remesa", {
              endToEndId: r.endToEndId,
            }),
          });
          continue;
        }
        const { endToEndId } = r;
        if (adeudo.estado === "devuelto") {
          omitidos.push({ endToEndId, idPago: null, motivo: "adeudo_devuelto" });
          continue;
        }
        for (const p of pagos.filter((x) => x.id_adeudo === adeudo.id)) {
          const motivo = omisionDe(p);
          if (motivo) omitidos.push({ endToEndId, idPago: p.id, motivo });
          else items.push({ idPago: p.id, motivo: r.motivo, campo: `archivo ${endToEndId}` });
        }
      }
      if (errores.length > 0) throw devolucionesNoValidas(errores);
      return { items, omitidos };
    });
  }

  private async devolver(
    actor: UsuarioAutenticado,
    id: number,
    elegir: (adeudos: FilaAdeudo[], pagos: FilaPagoRemesa[]) => Eleccion,
  ): Promise<DevolucionesResultado> {
    const omitidos = await this.repo.transaccion(async (repo, tx) => {
      const remesa = await repo.porId(id, true);
      if (!remesa) throw noExiste();
      const adeudos = await repo.adeudos(id);
      const pagos = await repo.pagos(id, true);
      const { items, omitidos } = elegir(adeudos, pagos);
      const porId = new Map(pagos.map((p) => [p.id, p]));
      const vistos = new Set<number>();
      const errores: Detalle[] = [];
      for (const d of items) {
        const pago = porId.get(d.idPago);
        if (!esMotivoDevolucion(d.motivo)) {
          errores.push({
            campo: d.campo,
            clave: mensajeCon("remesas.no_codigo_motivo_devolucion_valido", { motivo: d.motivo }),
          });
        } else if (!pago || pago.id_adeudo === null) {
          errores.push({
            campo: d.campo,
            clave: mensajeCon("remesas.cargo_no_esta_esta_remesa", { idPago: d.idPago }),
          });
        } else if (vistos.has(d.idPago)) {
          errores.push({
            campo: d.campo,
            clave: mensajeCon("remesas.cargo_esta_repetido", { idPago: d.idPago }),
          });
        } else if (pago.estado === "devuelto") {
          errores.push({
            campo: d.campo,
            clave: mensajeCon("remesas.cargo_esta_devuelto", { idPago: d.idPago }),
          });
        } else if (pago.estado === "pagado" && pago.fecha_devolucion !== null) {
          errores.push({
            campo: d.campo,
            clave: mensajeCon("remesas.cargo_pagado_tras_devolucion", { idPago: d.idPago }),
          });
        } else if (pago.estado !== "pendiente" && pago.estado !== "pagado") {
          errores.push({
            campo: d.campo,
            clave: mensajeCon("remesas.cargo_esta_no_puede_devolver", {
              idPago: d.idPago,
              estado: pago.estado,
            }),
          });
        }
        vistos.add(d.idPago);
      }
      if (errores.length > 0) throw devolucionesNoValidas(errores);
      // The file brought only returns already registered: nothing to write, and no error.
      if (items.length === 0 && omitidos.length > 0) return omitidos;
      if (items.length === 0) {
        throw devolucionesNoValidas([
          { campo: "devoluciones", clave: "remesas.no_hay_ningun_cargo_devolver" },
        ]);
      }

      const fecha = hoyIso();
      await repo.devolverPagos(items, fecha);
      // A charge that was paid (the remittance collected) takes its money back out of the bank;
      // one returned before the collection never came in.
      for (const d of items) {
        const pago = porId.get(d.idPago);
        if (pago?.estado !== "pagado" || pago.id_adeudo === null) continue;
        await anotarMovimientoAutomatico(repo.tesoreria(), {
          tipo: "devolucion",
          idPago: d.idPago,
          idAdeudo: pago.id_adeudo,
          idRemesa: id,
          importe: Number(pago.importe),
          fecha,
          idUsuario: actor.id,
        });
      }
      const motivoPorAdeudo = new Map<number, string>();
      for (const d of items)
        motivoPorAdeudo.set(porId.get(d.idPago)?.id_adeudo as number, d.motivo);
      await repo.devolverAdeudosCompletos(id, motivoPorAdeudo);
      for (const d of items) {
        const antes = porId.get(d.idPago)?.estado;
        await repo.auditarPagos(actor.id, [d.idPago], "devolucion", [
          { campo: "estado", antes, despues: "devuelto" },
          { campo: "motivoDevolucion", antes: "", despues: d.motivo },
          { campo: "fechaDevolucion", antes: null, despues: fecha },
        ]);
      }
      await registrarAuditoria(tx, {
        idUsuario: actor.id,
        entidad: "remesa",
        idEntidad: id,
        accion: "devoluciones",
        cambios: items.map((d) => ({ campo: `pago ${d.idPago}`, antes: null, despues: d.motivo })),
      });
      return omitidos;
    });
    return { ...(await this.obtener(id)), omitidos };
  }
}

function devolucionesNoValidas(detalles: Detalle[]) {
  return new DomainError(
    "validacion",
    "remesas.no_ha_registrado_ninguna_devolucion_revisa",
    detalles,
  );
}
