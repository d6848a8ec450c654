import {
  CAMPOS_IMPORTACION,
  hoyIso,
  type InformeImportacion as InformeComun,
  type MapaImportacion,
  type ModoImportacion,
} from "@fila/domain";
import { DomainError } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon, texto } from "../../errors/mensajes.js";
import {
  type CampoPlano,
  type Catalogo,
  COLUMNA_DE_CAMPO,
  COLUMNAS,
  campoDeCabecera,
  claveImportada,
  mensajeObligatorio,
  NORMALIZADORES,
  type NotaCampo,
  normalizarTexto,
  type SocioImportado,
  validarFila,
  valorExportado,
} from "./socios-io.columnas.js";
import {
  escribirCsv,
  escribirXlsx,
  type Hoja,
  leerHoja,
  TIPO_CSV,
  TIPO_XLSX,
} from "./socios-io.ficheros.js";
import type {
  ClavesImportacion,
  Escritura,
  FiltrosExportacion,
  SocioExistente,
  SociosIoRepository,
} from "./socios-io.repository.js";

export type ConsultaExportacion = FiltrosExportacion & { formato: "csv" | "xlsx" };

export type FicheroExportado = { nombre: string; tipo: string; contenido: Buffer };

export type OpcionesImportacion = {
  confirmar: boolean;
  modo: ModoImportacion;
  /** The board's choice per header; headers it leaves out keep the recognised field. */
  mapa?: MapaImportacion;
};

type Nota = { campo: string; mensaje: string };

export type InformeImportacion = InformeComun & {
  /** Columns the file lacks to import anything: the route answers 400 with the report. */
  faltan?: { mensaje: string; detalles: Nota[] };
};

/** Sample values of a column in the report: the first two, cut to this many characters. */
export const LARGO_EJEMPLO = 60;

const recortar = (valor: string) =>
  valor.length > LARGO_EJEMPLO ? `${valor.slice(0, LARGO_EJEMPLO - 1)}…` : valor;

function catalogo(filas: { id: number; nombre: string }[]): Catalogo {
  return new Map(filas.map((f) => [normalizarTexto(f.nombre), f.id]));
}

type Columna = { indice: number; cabecera: string; campo: CampoPlano | null; ejemplos: string[] };

type Leida = {
  fila: number;
  socio: SocioImportado;
  errores: NotaCampo[];
  avisos: NotaCampo[];
  existente?: SocioExistente;
  cambios?: Partial<SocioImportado>;
};

const errorDeMapa = (detalles: { campo: string; clave: Mensaje }[]) =>
  new DomainError(
    "validacion",
    "socios_io.mapa_no_encaja",
    detalles.map((d) => ({ campo: `mapa.${d.campo}`, clave: d.clave })),
  );

/**
 * Each column of the sheet with its field: the board's `mapa` first, then the recognised
 * headers. A field goes to one column only; a later column recognised as a taken field is
 * not imported (and is listed as such).
 */
export function asignarColumnas(hoja: Hoja, mapa: MapaImportacion = {}): Columna[] {
  // Cells right of the last header are a column too, without a name.
  const ancho = hoja.filas.reduce((n, f) => Math.max(n, f.celdas.length), hoja.cabeceras.length);
  const nombres = Array.from({ length: ancho }, (_, i) => hoja.cabeceras[i] ?? "");
  const cabeceras = new Set(nombres);
  const sinColumna = Object.keys(mapa).filter((c) => !cabeceras.has(c));
  const camposMalos = Object.entries(mapa).filter(
    ([, campo]) => campo !== null && !CAMPOS_IMPORTACION.includes(campo),
  );
  if (sinColumna.length > 0 || camposMalos.length > 0) {
    throw errorDeMapa([
      ...sinColumna.map((c) => ({
        campo: c,
        clave: mensajeCon("socios_io.mapa_sin_columna", { columna: c }),
      })),
      ...camposMalos.map(([c, campo]) => ({
        campo: c,
        clave: mensajeCon("socios_io.mapa_campo_no_existe", { campo: String(campo) }),
      })),
    ]);
  }
  const elegidos = Object.entries(mapa).filter(([, campo]) => campo !== null);
  const repetidos = elegidos.filter(([c, campo]) =>
    elegidos.some(([otra, suyo]) => otra !== c && suyo === campo),
  );
  if (repetidos.length > 0) {
    throw errorDeMapa(
      repetidos.map(([c, campo]) => ({
        campo: c,
        clave: mensajeCon("socios_io.mapa_campo_repetido", { campo: String(campo) }),
      })),
    );
  }

  const reservados = new Set(elegidos.map(([, campo]) => campo));
  const asignados = new Set<CampoPlano>();
  const columnas: Columna[] = [];
  nombres.forEach((cabecera, indice) => {
    const valores = hoja.filas.map((f) => (f.celdas[indice] ?? "").trim()).filter(Boolean);
    if (cabecera === "" && valores.length === 0) return;
    const elegido = Object.hasOwn(mapa, cabecera);
    let campo = elegido ? mapa[cabecera] : campoDeCabecera(cabecera);
    // A repeated header, or a recognised field the board gave to another column.
    const ocupado = elegido ? asignados : new Set([...asignados, ...reservados]);
    if (campo && ocupado.has(campo)) campo = null;
    if (campo) asignados.add(campo);
    columnas.push({ indice, cabecera, campo, ejemplos: valores.slice(0, 2).map(recortar) });
  });
  return columnas;
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
   * Validates every row of the file and, when `confirmar` and no row is rejected, writes them
   * all in one transaction. With rejected rows nothing is written, dry run or not.
   */
  async importar(
    fichero: Buffer,
    { confirmar, modo, mapa }: OpcionesImportacion,
    idUsuario: number,
  ): Promise<InformeImportacion> {
    const hoja = await leerHoja(fichero);
    const columnas = asignarColumnas(hoja, mapa);
    const cabeceraDe = new Map<CampoPlano, string>();
    for (const c of columnas) if (c.campo) cabeceraDe.set(c.campo, c.cabecera);

    const filas = hoja.filas.filter((f) => f.celdas.some((c) => c.trim() !== ""));
    if (filas.length === 0) {
      throw new DomainError("validacion", "socios_io.fichero_no_tiene_ningun_socio_debajo");
    }

    const columnasInforme = columnas.map(({ cabecera, campo, ejemplos }) => ({
      cabecera,
      campo,
      ejemplos,
    }));
    const faltan = columnasQueFaltan(cabeceraDe, modo);
    if (faltan) {
      return { ...informeVacio(filas.length, columnasInforme), faltan };
    }

    const [tipos, formas] = await Promise.all([this.repo.tiposSocio(), this.repo.formasPago()]);
    const catalogos = { tipos: catalogo(tipos), formas: catalogo(formas) };
    const hoy = this.hoy();

    const leidas: Leida[] = filas.map(({ fila, celdas }) => {
      const porCampo: Partial<Record<CampoPlano, string>> = {};
      for (const c of columnas) if (c.campo) porCampo[c.campo] = celdas[c.indice] ?? "";
      return { fila, ...validarFila(porCampo, catalogos, hoy) };
    });
    // Only the members the rows can meet, never every member (issue 51).
    const existentes = await this.repo.existentesDe(clavesDe(leidas));

    comprobarEntreFilas(leidas, existentes, modo, new Set(cabeceraDe.keys()));

    const nombreDe = (campo: CampoPlano) =>
      cabeceraDe.get(campo) ?? COLUMNA_DE_CAMPO.get(campo)?.cabecera ?? campo;
    const rechazadas = leidas
      .filter((l) => l.errores.length > 0)
      .map((l) => ({
        fila: l.fila,
        errores: l.errores.map((e) => ({ campo: nombreDe(e.campo), mensaje: e.mensaje })),
      }));
    const validas = leidas.filter((l) => l.errores.length === 0);
    const escritura: Escritura = {
      nuevos: validas.filter((l) => !l.existente).map((l) => l.socio),
      cambios: validas
        .filter((l) => l.existente && l.cambios && Object.keys(l.cambios).length > 0)
        .map((l) => ({ id: (l.existente as SocioExistente).id, datos: l.cambios ?? {} })),
    };
    const informe: InformeImportacion = {
      filas: leidas.length,
      validas: validas.length,
      nuevas: escritura.nuevos.length,
      actualizadas: escritura.cambios.length,
      sinCambios: validas.length - escritura.nuevos.length - escritura.cambios.length,
      rechazadas,
      columnas: columnasInforme,
      avisos: leidas.flatMap((l) =>
        l.avisos.map((a) => ({ fila: l.fila, campo: nombreDe(a.campo), mensaje: a.mensaje })),
      ),
      importadas: 0,
    };
    if (!confirmar || rechazadas.length > 0) return informe;

    let ids: number[];
    try {
      ids = await this.repo.escribir(escritura, idUsuario);
    } catch (error) {
      if ((error as { code?: string }).code === "23505") {
        throw new DomainError("conflicto", "socios_io.otro_cambio_ha_usado_vez_matricula");
      }
      throw error;
    }
    informe.importadas = ids.length + escritura.cambios.length;
    await this.alImportar(ids);
    return informe;
  }
}

/** Creating needs a name and surnames; updating needs something to find the member by. */
function columnasQueFaltan(
  cabeceraDe: Map<CampoPlano, string>,
  modo: ModoImportacion,
): InformeImportacion["faltan"] {
  const faltan = (["nombre", "apellidos"] as const).filter((c) => !cabeceraDe.has(c));
  const puedeBuscar = cabeceraDe.has("matricula") || cabeceraDe.has("nif");
  if (faltan.length === 0 || (modo === "actualizar" && puedeBuscar)) return undefined;
  return {
    mensaje: texto(
      modo === "actualizar"
        ? "socios_io.faltan_columnas_para_actualizar"
        : "socios_io.faltan_columnas_para_altas",
    ),
    detalles: faltan.map((c) => ({
      campo: c === "nombre" ? "Nombre" : "Apellidos",
      mensaje: texto("socios_io.falta_esta_columna"),
    })),
  };
}

function informeVacio(filas: number, columnas: InformeImportacion["columnas"]): InformeImportacion {
  return {
    filas,
    validas: 0,
    nuevas: 0,
    actualizadas: 0,
    sinCambios: 0,
    rechazadas: [],
    columnas,
    avisos: [],
    importadas: 0,
  };
}

/**
 * What `comprobarEntreFilas` looks known members up by: every matrícula the rows carry or link
 * to, their NIFs, and the birth dates of the rows with neither (possible duplicates).
 */
function clavesDe(leidas: Leida[]): ClavesImportacion {
  const claves: ClavesImportacion = { matriculas: [], nifs: [], fechasNacimiento: [] };
  for (const { socio } of leidas) {
    const { matricula, nif, fechaNacimiento } = socio;
    for (const m of [
      matricula,
      socio.matriculaPagador,
      socio.matriculaPareja,
      socio.matriculaPadre,
    ]) {
      if (m !== null) claves.matriculas.push(m);
    }
    if (nif !== null) claves.nifs.push(nif);
    if (matricula === null && nif === null && fechaNacimiento !== null) {
      claves.fechasNacimiento.push(fechaNacimiento);
    }
  }
  return claves;
}

const claveDuplicado = (s: { nombre: string; apellidos: string; fechaNacimiento: string | null }) =>
  `${normalizarTexto(s.nombre)}|${normalizarTexto(s.apellidos)}|${s.fechaNacimiento}`;

/**
 * Matches each row with a known member (modo actualizar: by matrícula when the row has one,
 * else by NIF) and checks what a row cannot see on its own: uniqueness of matrícula and NIF
 * (database and file), possible duplicates of rows without either, and links by matrícula.
 * Matched rows get the fields of their columns that differ from the stored ones.
 */
function comprobarEntreFilas(
  leidas: Leida[],
  existentes: SocioExistente[],
  modo: ModoImportacion,
  llevadas: Set<CampoPlano>,
): void {
  const porMatriculaBd = new Map<number, SocioExistente>();
  const porNifBd = new Map<string, SocioExistente>();
  const porClaveBd = new Map<string, SocioExistente>();
  for (const s of existentes) {
    if (s.matricula !== null) porMatriculaBd.set(s.matricula, s);
    if (s.nif) porNifBd.set(s.nif.toUpperCase(), s);
    if (s.fechaNacimiento) porClaveBd.set(claveDuplicado(s), s);
  }
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
  const porClave = new Map<string, Leida[]>();
  for (const l of leidas) {
    if (l.socio.fechaNacimiento === null) continue;
    const k = claveDuplicado(l.socio);
    porClave.set(k, [...(porClave.get(k) ?? []), l]);
  }

  for (const l of leidas) {
    const { matricula, nif } = l.socio;
    const error = (campo: CampoPlano, mensaje: string) => l.errores.push({ campo, mensaje });
    if (modo === "actualizar") {
      l.existente =
        matricula !== null
          ? porMatriculaBd.get(matricula)
          : nif !== null
            ? porNifBd.get(nif)
            : undefined;
    }
    if (matricula !== null) {
      if (porMatriculaBd.has(matricula) && !l.existente) {
        error("matricula", `Ya existe un socio con la matrícula ${matricula}`);
      }
      const filas = porMatricula.get(matricula) ?? [];
      if (filas.length > 1) {
        error(
          "matricula",
          `La matrícula ${matricula} está repetida en el fichero (filas ${filas.join(", ")})`,
        );
      }
    }
    if (nif !== null) {
      const conEseNif = porNifBd.get(nif);
      if (conEseNif && conEseNif !== l.existente) {
        error(
          "nif",
          l.existente
            ? `El NIF ${nif} ya es de otro socio (matrícula ${conEseNif.matricula})`
            : `Ya existe un socio con el NIF ${nif}`,
        );
      }
      const filas = porNif.get(nif) ?? [];
      if (filas.length > 1) {
        error("nif", `El NIF ${nif} está repetido en el fichero (filas ${filas.join(", ")})`);
      }
    }
    const sinIdentificar =
      matricula === null &&
      nif === null &&
      !l.errores.some((e) => e.campo === "matricula" || e.campo === "nif");
    if (sinIdentificar && l.socio.fechaNacimiento !== null) {
      const clave = claveDuplicado(l.socio);
      const enBd = porClaveBd.get(clave);
      // Against rows that can be told apart, and against the earlier ones that cannot.
      const otra = (porClave.get(clave) ?? []).find(
        (o) => o !== l && (o.socio.matricula !== null || o.socio.nif !== null || o.fila < l.fila),
      );
      if (enBd) error("nombre", `Posible duplicado de la matrícula ${enBd.matricula}`);
      else if (otra && otra.socio.matricula !== null) {
        error(
          "nombre",
          `Posible duplicado de la matrícula ${otra.socio.matricula} (fila ${otra.fila})`,
        );
      } else if (otra) error("nombre", `Posible duplicado de la fila ${otra.fila}`);
    }
    if (!l.existente) {
      for (const campo of ["nombre", "apellidos"] as const) {
        if (!llevadas.has(campo)) error(campo, mensajeObligatorio(campo));
      }
    }
    const referencias = [
      ["matriculaPagador", l.socio.matriculaPagador],
      ["matriculaPareja", l.socio.matriculaPareja],
      ["matriculaPadre", l.socio.matriculaPadre],
    ] as const;
    const propia = matricula ?? l.existente?.matricula ?? null;
    for (const [campo, ref] of referencias) {
      if (ref === null) continue;
      if (ref === propia) {
        error(campo, "No puede ser el propio socio");
      } else if (!porMatriculaBd.has(ref) && !porMatricula.has(ref)) {
        error(
          campo,
          `No hay ningún socio con la matrícula ${ref} (ni en la base de datos ni en el fichero)`,
        );
      }
    }
    if (l.existente) l.cambios = cambiosDe(l, l.existente, llevadas);
  }
}

/**
 * The fields the row's columns carry whose value differs from the stored one. A stored value
 * that normalises to the row's (a phone written with spaces) is no change, and not reported.
 */
function cambiosDe(
  l: Leida,
  existente: SocioExistente,
  llevadas: Set<CampoPlano>,
): Partial<SocioImportado> {
  const cambios: Record<string, unknown> = {};
  for (const campo of llevadas) {
    const clave = claveImportada(campo);
    const nuevo = l.socio[clave];
    const actual = existente[clave];
    // The matrícula found the member: an empty one (matched by NIF) does not erase it.
    if (campo === "matricula" && nuevo === null) continue;
    const normalizador = NORMALIZADORES[campo];
    const equivalente =
      normalizador && typeof actual === "string" && normalizador.normalizar(actual) === nuevo;
    if (equivalente) {
      l.avisos = l.avisos.filter((a) => a.campo !== campo);
    } else if (nuevo !== actual) {
      cambios[clave] = nuevo;
    }
  }
  return cambios;
}
