import type { FiltrosSocios } from "@fila/domain";
import {
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SqlBool,
  sql,
} from "kysely";
import type { Database } from "../../db/database.js";
import type { DB, SocioTable } from "../../db/schema.js";
import { DomainError } from "../../errors/domain-error.js";
import { diferencias, registrarAuditoria } from "../../services/auditoria.js";
import {
  bloquearMatriculas,
  COLUMNAS_SOCIO,
  condicionesSocios,
  ordenSocios,
  siguienteMatricula,
} from "../socios/socios.repository.js";
import type { SocioImportado, SocioPlano } from "./socios-io.columnas.js";

/** The list's filters and sort: the exported file holds exactly what the list shows. */
export type FiltrosExportacion = FiltrosSocios & { sort: string };

type Enlace = "matriculaPagador" | "matriculaPareja" | "matriculaPadre";
type CampoGuardado = Exclude<keyof SocioImportado, Enlace>;

// The member's own columns, as the member routes write them; the links are ids there.
const {
  tipo,
  idPagador: _pagador,
  idPareja: _pareja,
  idPadre: _padre,
  mandatoId: _mandatoId,
  mandatoFecha: _mandatoFecha,
  ...COLUMNAS_COMUNES
} = COLUMNAS_SOCIO;

/** The column of table `socio` of each field a sheet carries (links aside). */
const COLUMNA_BD: Record<CampoGuardado, keyof SocioTable> = {
  ...COLUMNAS_COMUNES,
  idTipoSocio: tipo,
};

const ENLACES: Record<Enlace, "id_pagador" | "id_pareja" | "id_padre"> = {
  matriculaPagador: "id_pagador",
  matriculaPareja: "id_pareja",
  matriculaPadre: "id_padre",
};

const CAMPOS_GUARDADOS = Object.keys(COLUMNA_BD) as CampoGuardado[];

/** The values of `datos` as columns of table `socio`. */
function aColumnas(datos: Partial<SocioImportado>): Record<string, unknown> {
  const columnas: Record<string, unknown> = {};
  for (const campo of CAMPOS_GUARDADOS) {
    if (campo in datos) columnas[COLUMNA_BD[campo]] = datos[campo];
  }
  return columnas;
}

type FilaConEnlaces = Selectable<SocioTable> & {
  matricula_pagador: number | null;
  matricula_pareja: number | null;
  matricula_padre: number | null;
};

function deColumnas(fila: FilaConEnlaces): SocioImportado {
  const socio: Record<string, unknown> = {
    matriculaPagador: fila.matricula_pagador,
    matriculaPareja: fila.matricula_pareja,
    matriculaPadre: fila.matricula_padre,
  };
  for (const campo of CAMPOS_GUARDADOS) socio[campo] = fila[COLUMNA_BD[campo]];
  return socio as SocioImportado;
}

/** The keys of a file's rows its members are looked up by (`existentesDe`). */
export type ClavesImportacion = {
  matriculas: number[];
  nifs: string[];
  fechasNacimiento: string[];
};

const CLAVES_POR_CONSULTA = 1000;

/** The distinct values in batches of `CLAVES_POR_CONSULTA`. */
function enLotes<T>(valores: T[]): T[][] {
  const distintos = [...new Set(valores)];
  const lotes: T[][] = [];
  for (let i = 0; i < distintos.length; i += CLAVES_POR_CONSULTA) {
    lotes.push(distintos.slice(i, i + CLAVES_POR_CONSULTA));
  }
  return lotes;
}

/** A member already in the database, as a sheet would carry it. */
export type SocioExistente = SocioImportado & { id: number };

/** What an import writes: new members, and the fields that change in known ones. */
export type Escritura = {
  nuevos: SocioImportado[];
  cambios: { id: number; datos: Partial<SocioImportado> }[];
};

export class SociosIoRepository {
  constructor(private readonly db: Database) {}

  /** Members with their links as matrículas (the joins name the linked members). */
  private consultaConEnlaces() {
    return this.db
      .selectFrom("socio")
      .leftJoin("socio as pagador", "pagador.id", "socio.id_pagador")
      .leftJoin("socio as pareja", "pareja.id", "socio.id_pareja")
      .leftJoin("socio as padre", "padre.id", "socio.id_padre")
      .selectAll("socio")
      .select([
        "pagador.matricula as matricula_pagador",
        "pareja.matricula as matricula_pareja",
        "padre.matricula as matricula_padre",
      ]);
  }

  async listar(filtros: FiltrosExportacion, hoy: string): Promise<SocioPlano[]> {
    const filas = await this.consultaConEnlaces()
      .leftJoin("tipo_socio as t", "t.id", "socio.id_tipo_socio")
      .leftJoin("forma_pago as f", "f.id", "socio.id_forma_pago")
      .select(["t.nombre as nombre_tipo", "f.nombre as nombre_forma_pago"])
      // The joins add tables, never columns the list's conditions name.
      .where((eb) =>
        condicionesSocios(eb as unknown as ExpressionBuilder<DB, "socio">, filtros, hoy),
      )
      .orderBy(ordenSocios(filtros.sort))
      .execute();

    return filas.map((s) => {
      const { idTipoSocio, idFormaPago, ...resto } = deColumnas(s);
      return { ...resto, tipo: s.nombre_tipo, formaPago: s.nombre_forma_pago };
    });
  }

  async tiposSocio(): Promise<{ id: number; nombre: string }[]> {
    return this.db.selectFrom("tipo_socio").select(["id", "nombre"]).execute();
  }

  async formasPago(): Promise<{ id: number; nombre: string }[]> {
    return this.db.selectFrom("forma_pago").select(["id", "nombre"]).execute();
  }

  /**
   * The known members a file's rows can meet, as a sheet would carry them: to match rows, check
   * uniqueness and compare. Those with one of its matrículas (its rows' own and those their links
   * name), one of its NIFs (compared in capitals) or one of its birth dates (possible
   * duplicates): indexed lookups of only the file's keys, in batches, so the cost follows the
   * file and not the filà (issue 51). Each member once, in id order.
   */
  async existentesDe(claves: ClavesImportacion): Promise<SocioExistente[]> {
    const porId = new Map<number, SocioExistente>();
    const buscar = async (
      condicion: (eb: ExpressionBuilder<DB, "socio">) => Expression<SqlBool>,
    ) => {
      const filas = await this.consultaConEnlaces()
        .where((eb) => condicion(eb as unknown as ExpressionBuilder<DB, "socio">))
        .execute();
      for (const f of filas) if (!porId.has(f.id)) porId.set(f.id, { ...deColumnas(f), id: f.id });
    };
    for (const lote of enLotes(claves.matriculas)) {
      await buscar((eb) => eb("socio.matricula", "in", lote));
    }
    for (const lote of enLotes(claves.nifs)) {
      await buscar((eb) => eb(sql<string>`upper(${eb.ref("socio.nif")})`, "in", lote));
    }
    for (const lote of enLotes(claves.fechasNacimiento)) {
      await buscar((eb) => eb("socio.fecha_nacimiento", "in", lote));
    }
    return [...porId.values()].sort((a, b) => a.id - b.id);
  }

  /**
   * Inserts the new members and updates the known ones in one transaction, then links
   * payer/partner/parent by matrícula (the file's own members included) and audits each one.
   * Any failure undoes all of it. Returns the new members' ids, in the file's order.
   */
  async escribir({ nuevos, cambios }: Escritura, idUsuario: number): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      // Rows without a matrícula get the next free numbers, above the file's own ones too.
      await bloquearMatriculas(trx);
      let siguiente = nuevos.reduce(
        (n, s) => Math.max(n, (s.matricula ?? 0) + 1),
        await siguienteMatricula(trx),
      );
      const socios = nuevos.map((s) =>
        s.matricula === null ? { ...s, matricula: siguiente++ } : s,
      );
      const ids: number[] = [];
      for (const s of socios) {
        const { id } = await trx
          .insertInto("socio")
          .values(aColumnas(s) as never)
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(id);
      }

      // Known members: locked, so the audit's «before» is what the update replaces.
      const antes = new Map<number, Record<string, unknown>>();
      if (cambios.length > 0) {
        const bloqueadas = await trx
          .selectFrom("socio")
          .selectAll()
          .where(
            "id",
            "in",
            cambios.map((c) => c.id),
          )
          .forUpdate()
          .execute();
        for (const f of bloqueadas) {
          const previo: Record<string, unknown> = {
            idPagador: f.id_pagador,
            idPareja: f.id_pareja,
            idPadre: f.id_padre,
          };
          for (const campo of CAMPOS_GUARDADOS) previo[campo] = f[COLUMNA_BD[campo]];
          antes.set(f.id, previo);
        }
      }

      const referidas = [
        ...new Set(
          [...socios, ...cambios.map((c) => c.datos)].flatMap((s) =>
            (Object.keys(ENLACES) as Enlace[]).map((e) => s[e] ?? null),
          ),
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
      /** The id columns of the links `datos` carries. */
      const enlacesDe = (datos: Partial<SocioImportado>) => {
        const enlaces: Record<string, number | null> = {};
        for (const [campo, columna] of Object.entries(ENLACES) as [Enlace, string][]) {
          if (!(campo in datos)) continue;
          const m = datos[campo] ?? null;
          enlaces[columna] = m === null ? null : (idPorMatricula.get(m) ?? null);
        }
        return enlaces;
      };
      const paraAuditar = (datos: Partial<SocioImportado>, enlaces: Record<string, unknown>) => {
        const { matriculaPagador, matriculaPareja, matriculaPadre, ...resto } = datos;
        return {
          ...resto,
          ...("id_pagador" in enlaces ? { idPagador: enlaces.id_pagador } : {}),
          ...("id_pareja" in enlaces ? { idPareja: enlaces.id_pareja } : {}),
          ...("id_padre" in enlaces ? { idPadre: enlaces.id_padre } : {}),
        };
      };

      for (const [i, s] of socios.entries()) {
        const enlaces = enlacesDe(s);
        if (Object.values(enlaces).some((id) => id !== null)) {
          await trx.updateTable("socio").set(enlaces).where("id", "=", ids[i]).execute();
        }
        await registrarAuditoria(trx, {
          idUsuario,
          entidad: "socio",
          idEntidad: ids[i],
          accion: "importar",
          cambios: diferencias(null, paraAuditar(s, enlaces)).filter((c) => c.despues !== ""),
        });
      }

      for (const { id, datos } of cambios) {
        const previo = antes.get(id);
        if (!previo) {
          throw new DomainError("conflicto", "socios_io.otro_cambio_ha_borrado_socio");
        }
        const enlaces = enlacesDe(datos);
        await trx
          .updateTable("socio")
          .set({ ...aColumnas(datos), ...enlaces, actualizado_en: new Date() } as never)
          .where("id", "=", id)
          .execute();
        await registrarAuditoria(trx, {
          idUsuario,
          entidad: "socio",
          idEntidad: id,
          accion: "importar",
          cambios: diferencias(previo, paraAuditar(datos, enlaces)),
        });
      }
      return ids;
    });
  }
}
