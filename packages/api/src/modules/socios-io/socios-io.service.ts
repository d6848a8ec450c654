import { hoyIso } from "@fila/domain";
import { DomainError } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import {
  type CampoPlano,
  type Catalogo,
  COLUMNAS,
  columnaDeCabecera,
  type ErrorCampo,
  normalizarTexto,
  type SocioImportado,
  validarFila,
  valorExportado,
} from "./socios-io.columnas.js";
import { escribirCsv, escribirXlsx, leerHoja, TIPO_CSV, TIPO_XLSX } from "./socios-io.ficheros.js";
import type { FiltrosExportacion, SociosIoRepository } from "./socios-io.repository.js";

export type ConsultaExportacion = FiltrosExportacion & { formato: "csv" | "xlsx" };

export type FicheroExportado = { nombre: string; tipo: string; contenido: Buffer };

export type InformeImportacion = {
  filas: number;
  validas: number;
  rechazadas: { fila: number; errores: ErrorCampo[] }[];
  importadas: number;
};

export const MAX_FILAS_IMPORTACION = 20_000;

function catalogo(filas: { id: number; nombre: string }[]): Catalogo {
  return new Map(filas.map((f) => [normalizarTexto(f.nombre), f.id]));
}

export class SociosIoService {
  constructor(
    private readonly repo: SociosIoRepository,
    /** After an import: what creating members one by one also does (automatic enrolment). */
    private readonly alImportar: (ids: number[]) => Promise<unknown> = async () => {},
    private readonly hoy: () => string = hoyIso,
  ) {}

  async exportar({ formato, ...filtros }: ConsultaExportacion): Promise<FicheroExportado> {
    const hoy = this.hoy();
    const socios = await this.repo.listar(filtros, hoy);
    const cabeceras = COLUMNAS.map((c) => c.cabecera);
    const filas = socios.map((s) => COLUMNAS.map((c) => valorExportado(s, c)));
    if (formato === "xlsx") {
      return {
        nombre: `socios-${hoy}.xlsx`,
        tipo: TIPO_XLSX,
        contenido: await escribirXlsx(cabeceras, filas),
      };
    }
    return {
      nombre: `socios-${hoy}.csv`,
      tipo: TIPO_CSV,
      contenido: escribirCsv(cabeceras, filas),
    };
  }

  /**
   * Validates every row of the file and, when `confirmar` and no row is rejected, inserts them
   * all in one transaction. With rejected rows nothing is written, dry run or not.
   */
  async importar(
    fichero: Buffer,
    confirmar: boolean,
    idUsuario: number,
  ): Promise<InformeImportacion> {
    const hoja = await leerHoja(fichero);
    const indice = new Map<CampoPlano, number>();
    hoja.cabeceras.forEach((cabecera, i) => {
      const columna = columnaDeCabecera(cabecera);
      if (columna && !indice.has(columna.campo)) indice.set(columna.campo, i);
    });
    const faltan = (["nombre", "apellidos"] as const).filter((c) => !indice.has(c));
    if (faltan.length > 0) {
      throw new DomainError(
        "validacion",
        "socios_io.primera_fila_fichero_debe_tener_cabeceras",
        faltan.map((c) => ({
          campo: c === "nombre" ? "Nombre" : "Apellidos",
          clave: "socios_io.falta_esta_columna",
        })),
      );
    }
    const filas = hoja.filas.filter((f) => f.celdas.some((c) => c.trim() !== ""));
    if (filas.length === 0) {
      throw new DomainError("validacion", "socios_io.fichero_no_tiene_ningun_socio_debajo");
    }
    if (filas.length > MAX_FILAS_IMPORTACION) {
      throw new DomainError(
        "validacion",
        mensajeCon("socios_io.fichero_tiene_filas_como_mucho_pueden", {
          filas: filas.length,
          max: MAX_FILAS_IMPORTACION,
        }),
      );
    }

    const [tipos, formas, existentes] = await Promise.all([
      this.repo.tiposSocio(),
      this.repo.formasPago(),
      this.repo.identificadores(),
    ]);
    const catalogos = { tipos: catalogo(tipos), formas: catalogo(formas) };
    const hoy = this.hoy();

    const leidas = filas.map(({ fila, celdas }) => {
      const porCampo: Partial<Record<CampoPlano, string>> = {};
      for (const [campo, i] of indice) porCampo[campo] = celdas[i] ?? "";
      return { fila, ...validarFila(porCampo, catalogos, hoy) };
    });

    this.comprobarEntreFilas(leidas, existentes);

    const rechazadas = leidas
      .filter((l) => l.errores.length > 0)
      .map((l) => ({ fila: l.fila, errores: l.errores }));
    const informe: InformeImportacion = {
      filas: leidas.length,
      validas: leidas.length - rechazadas.length,
      rechazadas,
      importadas: 0,
    };
    if (!confirmar || rechazadas.length > 0) return informe;

    let ids: number[];
    try {
      ids = await this.repo.insertarTodos(
        leidas.map((l) => l.socio),
        idUsuario,
      );
    } catch (error) {
      if ((error as { code?: string }).code === "23505") {
        throw new DomainError("conflicto", "socios_io.otro_cambio_ha_usado_vez_matricula");
      }
      throw error;
    }
    informe.importadas = ids.length;
    await this.alImportar(ids);
    return informe;
  }

  /** Uniqueness of matrícula and NIF (database and file) and links by matrícula. */
  private comprobarEntreFilas(
    leidas: { fila: number; socio: SocioImportado; errores: ErrorCampo[] }[],
    existentes: { matricula: number | null; nif: string | null }[],
  ): void {
    const matriculasBd = new Set(existentes.map((e) => e.matricula).filter((m) => m !== null));
    const nifsBd = new Set(existentes.map((e) => e.nif?.toUpperCase()).filter(Boolean));
    const filasPor = (clave: (s: SocioImportado) => string | number | null) => {
      const mapa = new Map<string | number, number[]>();
      for (const l of leidas) {
        const k = clave(l.socio);
        if (k !== null) mapa.set(k, [...(mapa.get(k) ?? []), l.fila]);
      }
      return mapa;
    };
    const porMatricula = filasPor((s) => s.matricula);
    const porNif = filasPor((s) => s.nif);

    for (const l of leidas) {
      const { matricula, nif } = l.socio;
      if (matricula !== null) {
        if (matriculasBd.has(matricula)) {
          l.errores.push({
            campo: "Matrícula",
            mensaje: `Ya existe un socio con la matrícula ${matricula}`,
          });
        }
        const filas = porMatricula.get(matricula) ?? [];
        if (filas.length > 1) {
          l.errores.push({
            campo: "Matrícula",
            mensaje: `La matrícula ${matricula} está repetida en el fichero (filas ${filas.join(", ")})`,
          });
        }
      }
      if (nif !== null) {
        if (nifsBd.has(nif)) {
          l.errores.push({ campo: "NIF", mensaje: `Ya existe un socio con el NIF ${nif}` });
        }
        const filas = porNif.get(nif) ?? [];
        if (filas.length > 1) {
          l.errores.push({
            campo: "NIF",
            mensaje: `El NIF ${nif} está repetido en el fichero (filas ${filas.join(", ")})`,
          });
        }
      }
      const referencias = [
        ["Pagador (matrícula)", l.socio.matriculaPagador],
        ["Pareja (matrícula)", l.socio.matriculaPareja],
        ["Padre (matrícula)", l.socio.matriculaPadre],
      ] as const;
      for (const [campo, ref] of referencias) {
        if (ref === null) continue;
        if (ref === matricula) {
          l.errores.push({ campo, mensaje: "No puede ser el propio socio" });
        } else if (!matriculasBd.has(ref) && !porMatricula.has(ref)) {
          l.errores.push({
            campo,
            mensaje: `No hay ningún socio con la matrícula ${ref} (ni en la base de datos ni en el fichero)`,
          });
        }
      }
    }
  }
}
