import type { FiltrosSocios } from "@fila/domain";
import type { ExpressionBuilder } from "kysely";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { registrarAuditoria } from "../../services/auditoria.js";
import {
  bloquearMatriculas,
  condicionesSocios,
  ordenSocios,
  siguienteMatricula,
} from "../socios/socios.repository.js";
import type { SocioImportado, SocioPlano } from "./socios-io.columnas.js";

/** The list's filters and sort: the exported file holds exactly what the list shows. */
export type FiltrosExportacion = FiltrosSocios & { sort: string };

export class SociosIoRepository {
  constructor(private readonly db: Database) {}

  async listar(filtros: FiltrosExportacion, hoy: string): Promise<SocioPlano[]> {
    const filas = await this.db
      .selectFrom("socio")
      .leftJoin("tipo_socio as t", "t.id", "socio.id_tipo_socio")
      .leftJoin("forma_pago as f", "f.id", "socio.id_forma_pago")
      .leftJoin("socio as pagador", "pagador.id", "socio.id_pagador")
      .leftJoin("socio as pareja", "pareja.id", "socio.id_pareja")
      .leftJoin("socio as padre", "padre.id", "socio.id_padre")
      .selectAll("socio")
      .select([
        "t.nombre as nombre_tipo",
        "f.nombre as nombre_forma_pago",
        "pagador.matricula as matricula_pagador",
        "pareja.matricula as matricula_pareja",
        "padre.matricula as matricula_padre",
      ])
      // The joins add tables, never columns the list's conditions name.
      .where((eb) =>
        condicionesSocios(eb as unknown as ExpressionBuilder<DB, "socio">, filtros, hoy),
      )
      .orderBy(ordenSocios(filtros.sort))
      .execute();

    return filas.map((s) => ({
      matricula: s.matricula,
      nombre: s.nombre,
      apellidos: s.apellidos,
      nif: s.nif,
      fechaNacimiento: s.fecha_nacimiento,
      sexo: s.sexo,
      direccion: s.direccion,
      poblacion: s.poblacion,
      provincia: s.provincia,
      codPostal: s.cod_postal,
      telefono: s.telefono,
      email: s.email,
      tipo: s.nombre_tipo,
      formaPago: s.nombre_forma_pago,
      tipoPago: s.tipo_pago,
      iban: s.iban,
      bic: s.bic,
      fechaAlta: s.fecha_alta,
      anyoAlta: s.anyo_alta,
      activo: s.activo,
      fechaBaja: s.fecha_baja,
      motivoBaja: s.motivo_baja,
      matriculaPagador: s.matricula_pagador,
      matriculaPareja: s.matricula_pareja,
      matriculaPadre: s.matricula_padre,
      nombreYerno: s.nombre_yerno,
      pagarDerrama: s.pagar_derrama,
      tipoDerrama: s.tipo_derrama,
      anyoDerrama: s.anyo_derrama,
      importeDerrama: s.importe_derrama,
      anyosPagoDerrama: s.anyos_pago_derrama,
      ramell: s.ramell,
      tipoPagoRamell: s.tipo_pago_ramell,
      anyoRamell: s.anyo_ramell,
      ramellPago1: s.ramell_pago1,
      ramellPago2: s.ramell_pago2,
      ramellPago3: s.ramell_pago3,
      ramellPago4: s.ramell_pago4,
      ramellPago5: s.ramell_pago5,
      edadFestera: s.edad_festera,
      numDamas: s.num_damas,
      comentarios: s.comentarios,
    }));
  }

  async tiposSocio(): Promise<{ id: number; nombre: string }[]> {
    return this.db.selectFrom("tipo_socio").select(["id", "nombre"]).execute();
  }

  async formasPago(): Promise<{ id: number; nombre: string }[]> {
    return this.db.selectFrom("forma_pago").select(["id", "nombre"]).execute();
  }

  /** Matrícula and NIF of every member, to check uniqueness and links before inserting. */
  async identificadores(): Promise<{ id: number; matricula: number | null; nif: string | null }[]> {
    return this.db.selectFrom("socio").select(["id", "matricula", "nif"]).execute();
  }

  /**
   * Inserts every member in one transaction, then links payer/partner/parent by matrícula
   * (the file's own members included) and audits each one. Any failure undoes all of it.
   */
  /** Inserts the rows in one transaction; the new members' ids, in the file's order. */
  async insertarTodos(filas: SocioImportado[], idUsuario: number): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      // Rows without a matrícula get the next free numbers, above the file's own ones too.
      await bloquearMatriculas(trx);
      let siguiente = filas.reduce(
        (n, s) => Math.max(n, (s.matricula ?? 0) + 1),
        await siguienteMatricula(trx),
      );
      const socios = filas.map((s) =>
        s.matricula === null ? { ...s, matricula: siguiente++ } : s,
      );
      const ids: number[] = [];
      for (const s of socios) {
        const { id } = await trx
          .insertInto("socio")
          .values({
            matricula: s.matricula,
            nombre: s.nombre,
            apellidos: s.apellidos,
            nif: s.nif,
            fecha_nacimiento: s.fechaNacimiento,
            sexo: s.sexo,
            direccion: s.direccion,
            poblacion: s.poblacion,
            provincia: s.provincia,
            cod_postal: s.codPostal,
            telefono: s.telefono,
            email: s.email,
            id_tipo_socio: s.idTipoSocio,
            id_forma_pago: s.idFormaPago,
            tipo_pago: s.tipoPago,
            iban: s.iban,
            bic: s.bic,
            fecha_alta: s.fechaAlta,
            anyo_alta: s.anyoAlta,
            activo: s.activo,
            fecha_baja: s.fechaBaja,
            motivo_baja: s.motivoBaja,
            nombre_yerno: s.nombreYerno,
            pagar_derrama: s.pagarDerrama,
            tipo_derrama: s.tipoDerrama,
            anyo_derrama: s.anyoDerrama,
            importe_derrama: s.importeDerrama,
            anyos_pago_derrama: s.anyosPagoDerrama,
            ramell: s.ramell,
            tipo_pago_ramell: s.tipoPagoRamell,
            anyo_ramell: s.anyoRamell,
            ramell_pago1: s.ramellPago1,
            ramell_pago2: s.ramellPago2,
            ramell_pago3: s.ramellPago3,
            ramell_pago4: s.ramellPago4,
            ramell_pago5: s.ramellPago5,
            edad_festera: s.edadFestera,
            num_damas: s.numDamas,
            comentarios: s.comentarios,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(id);
      }

      const referidas = [
        ...new Set(
          socios.flatMap((s) => [s.matriculaPagador, s.matriculaPareja, s.matriculaPadre]),
        ),
      ].filter((m): m is number => m !== null);
      const idPorMatricula = new Map<number, number>();
      if (referidas.length > 0) {
        const filas = await trx
          .selectFrom("socio")
          .select(["id", "matricula"])
          .where("matricula", "in", referidas)
          .execute();
        for (const f of filas) if (f.matricula !== null) idPorMatricula.set(f.matricula, f.id);
      }
      const idDe = (m: number | null) => (m === null ? null : (idPorMatricula.get(m) ?? null));

      for (const [i, s] of socios.entries()) {
        const enlaces = {
          id_pagador: idDe(s.matriculaPagador),
          id_pareja: idDe(s.matriculaPareja),
          id_padre: idDe(s.matriculaPadre),
        };
        if (enlaces.id_pagador || enlaces.id_pareja || enlaces.id_padre) {
          await trx.updateTable("socio").set(enlaces).where("id", "=", ids[i]).execute();
        }
        const { matriculaPagador, matriculaPareja, matriculaPadre, ...resto } = s;
        const datos: Record<string, unknown> = {
          ...resto,
          idPagador: enlaces.id_pagador,
          idPareja: enlaces.id_pareja,
          idPadre: enlaces.id_padre,
        };
        await registrarAuditoria(trx, {
          idUsuario,
          entidad: "socio",
          idEntidad: ids[i],
          accion: "importar",
          cambios: Object.entries(datos)
            .filter(([, v]) => v !== null && v !== "")
            .map(([campo, despues]) => ({ campo, antes: null, despues })),
        });
      }
      return ids;
    });
  }
}
