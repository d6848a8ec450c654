import {
  aEuros,
  type ColumnaInforme,
  describirMotivoDevolucion,
  hoyIso,
  type Idioma,
  type Informe,
  type InformeCatalogo,
  type InformeQuery,
} from "@fila/domain";
import { DomainError } from "../../errors/domain-error.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import { exportarInforme } from "./informes.exportar.js";
import { ANYO_EN_CURSO } from "./informes.piezas.js";
import {
  type Contexto,
  type DefinicionInforme,
  errorDeFiltro,
  INFORMES,
  type Plan,
} from "./informes.registro.js";
import type { FilaSql, InformesConsultasRepository } from "./informes-consultas.repository.js";

/**
 * The reports of the Informes page (administrador): JSON pages and XLSX/CSV/PDF files. What each
 * report is lives in its entry of INFORMES; this runs any of them the same way.
 */
export class InformesTablasService {
  constructor(
    private readonly repo: InformesConsultasRepository,
    private readonly hoy: () => string = () => hoyIso(),
  ) {}

  catalogo(): InformeCatalogo[] {
    const anyoActual = this.hoy().slice(0, 4);
    return INFORMES.map(({ id, grupo, titulo, descripcion, filtros, grafico }) => ({
      id,
      grupo,
      titulo,
      descripcion,
      filtros: filtros.map((f) =>
        f.porDefecto === ANYO_EN_CURSO ? { ...f, porDefecto: anyoActual } : f,
      ),
      conGrafico: grafico !== undefined,
    }));
  }

  async generar(id: string, q: InformeQuery): Promise<Informe> {
    const { definicion, ctx, plan } = await this.preparar(id, q);
    const pagina = { page: q.page, pageSize: q.pageSize };
    // One run of the report's query for the page and its totals; a second only for an empty page.
    const { filas, ...totales } = (await this.repo.paginaConTotales(plan.consulta, pagina)) ?? {
      filas: [],
      ...(await this.repo.totales(plan.consulta)),
    };
    // A chart drawn from every row reuses the page when the page is every row.
    const todas = q.page === 1 && totales.total <= filas.length ? filas : null;
    return {
      id: definicion.id,
      titulo: definicion.titulo,
      filtros: plan.filtros,
      columnas: plan.columnas,
      filas: filas.map((f) => presentarFila(f, plan.columnas)),
      total: totales.total,
      page: q.page,
      pageSize: q.pageSize,
      totales: presentarTotales(totales.sumas, plan.columnas),
      grafico: await this.grafico(definicion, { q, ctx, plan, sumas: totales.sumas }, todas),
    };
  }

  /** The whole report as a file: XLSX and CSV streamed in batches, PDF up to MAX_FILAS_PDF rows. */
  async exportar(
    id: string,
    q: InformeQuery,
    formato: "xlsx" | "csv" | "pdf",
    idioma: Idioma = "es",
  ): Promise<FicheroDescarga> {
    const { definicion, ctx, plan } = await this.preparar(id, q);
    const totales = await this.repo.totales(plan.consulta);
    const grafico = await this.grafico(definicion, { q, ctx, plan, sumas: totales.sumas });
    const { nombre, logo } = await this.repo.asociacion();
    const presentar = (filas: FilaSql[]) => filas.map((f) => presentarFila(f, plan.columnas));
    const repo = this.repo;
    return exportarInforme(
      {
        id: definicion.id,
        titulo: definicion.titulo,
        filtros: plan.filtros,
        columnas: plan.columnas,
        total: totales.total,
        totales: presentarTotales(totales.sumas, plan.columnas),
        grafico,
      },
      {
        tandas: async function* () {
          for await (const tanda of repo.tandas(plan.consulta)) yield presentar(tanda);
        },
        primeras: async (n) => presentar(await repo.filas(plan.consulta, { page: 1, pageSize: n })),
      },
      formato,
      { asociacion: nombre, logo, hoy: ctx.hoy, idioma },
    );
  }

  private async grafico(
    definicion: DefinicionInforme,
    datos: { q: InformeQuery; ctx: Contexto; plan: Plan; sumas: Record<string, number> },
    todas: FilaSql[] | null = null,
  ) {
    if (!definicion.grafico) return null;
    return definicion.grafico({
      ...datos,
      filas: async () => todas ?? this.repo.filas(datos.plan.consulta),
    });
  }

  private async preparar(id: string, q: InformeQuery) {
    const definicion = INFORMES.find((i) => i.id === id);
    if (!definicion) throw new DomainError("no_encontrado", "informes.ese_informe_no_existe");
    const ctx = await this.contexto(q);
    return { definicion, ctx, plan: definicion.plan(q, ctx) };
  }

  private async contexto(q: InformeQuery): Promise<Contexto> {
    const hoy = this.hoy();
    const anyoActual = Number(hoy.slice(0, 4));
    return {
      hoy,
      anyoActual,
      anyo: typeof q.anyo === "number" ? q.anyo : anyoActual,
      repo: this.repo,
      enPalabras: {
        tipo: await this.tipoEnPalabras(q),
        activo:
          q.activo === undefined
            ? []
            : [{ etiqueta: "Estado", valor: q.activo ? "Activos" : "Bajas" }],
      },
    };
  }

  private async tipoEnPalabras(q: InformeQuery): Promise<Informe["filtros"]> {
    if (q.tipo === undefined) return [];
    const nombre = await this.repo.nombreTipo(q.tipo);
    if (nombre === undefined) throw errorDeFiltro("tipo", "informes.ese_tipo_socio_no_existe");
    return [{ etiqueta: "Tipo de socio", valor: nombre }];
  }
}

/** A SQL row as the API gives it: cents to euros, bigint strings to numbers, codes to words. */
function presentarFila(fila: FilaSql, columnas: ColumnaInforme[]): Informe["filas"][number] {
  const salida: Informe["filas"][number] = {};
  for (const c of columnas) {
    const v = fila[c.clave];
    if (v === null || v === undefined) salida[c.clave] = null;
    else if (Array.isArray(v))
      salida[c.clave] = v.map(String).map(describirMotivoDevolucion).join("; ");
    else if (c.tipo === "euros") salida[c.clave] = aEuros(Number(v));
    else if (c.tipo === "entero" || c.tipo === "porcentaje") salida[c.clave] = Number(v);
    else salida[c.clave] = String(v);
  }
  return salida;
}

function presentarTotales(
  sumas: Record<string, number>,
  columnas: ColumnaInforme[],
): Informe["totales"] {
  const claves = Object.keys(sumas);
  if (claves.length === 0) return null;
  const totales: Record<string, number | string | null> = {};
  for (const c of columnas) {
    if (claves.includes(c.clave))
      totales[c.clave] = c.tipo === "euros" ? aEuros(sumas[c.clave]) : sumas[c.clave];
  }
  return totales;
}
