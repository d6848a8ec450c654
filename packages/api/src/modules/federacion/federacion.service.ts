import {
  type AjustesFederacion,
  antiguedadEn,
  type CampoCenso,
  type Censo,
  cambiosCenso,
  type EnvioCenso,
  type FilaCenso,
  hoyIso,
  type Idioma,
  nombresColumnasCenso,
} from "@fila/domain";
import { DomainError, prohibido } from "../../errors/domain-error.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import { exportarInforme } from "../informes/informes.exportar.js";
import type { AjusteFila, EnvioFila, FederacionRepository } from "./federacion.repository.js";

type Actor = Pick<UsuarioAutenticado, "id" | "rol">;
type Formato = "json" | "xlsx" | "csv" | "pdf";

const soloJunta = (actor: Actor) => {
  if (actor.rol !== "administrador") throw prohibido();
};

const presentarAjustes = (a: AjusteFila): AjustesFederacion => ({
  fiestasDesde: a.fiestas_desde,
  fiestasHasta: a.fiestas_hasta,
  idsTipoSocio: a.ids_tipo_socio,
  columnas: a.columnas,
});

const presentarEnvio = (e: EnvioFila): EnvioCenso => ({
  id: e.id,
  anyo: e.anyo,
  enviadoEn: e.enviado_en.toISOString(),
  total: e.total,
  altas: e.altas,
  bajas: e.bajas,
  modificados: e.modificados,
});

/** The columns of the insurance list (what an insurer asks of each insured person). */
const COLUMNAS_SEGURO: readonly CampoCenso[] = [
  "nif",
  "nombre",
  "apellidos",
  "fechaNacimiento",
  "sexo",
  "tipo",
];

const TIPO_COLUMNA: Partial<Record<CampoCenso, "fecha" | "entero">> = {
  fechaNacimiento: "fecha",
  anyoAlta: "entero",
  antiguedad: "entero",
};

/**
 * The federation's census (issue 49): every active festero of the types the federation counts,
 * with the seniority on the reference date (the festival's first day when it is in `anyo`; else
 * today in the current year, 31 December in another), and the changes since the last census
 * sent. A GET records nothing; `enviar` keeps the rows as they were sent.
 */
export class FederacionService {
  constructor(private readonly repo: FederacionRepository) {}

  async ajustes(actor: Actor): Promise<AjustesFederacion> {
    soloJunta(actor);
    return presentarAjustes(await this.repo.ajustes());
  }

  async guardarAjustes(actor: Actor, entrada: AjustesFederacion): Promise<AjustesFederacion> {
    soloJunta(actor);
    const ids = [...new Set(entrada.idsTipoSocio)].sort((a, b) => a - b);
    const columnas = Object.fromEntries(
      Object.entries(entrada.columnas).filter(([, v]) => typeof v === "string" && v.trim() !== ""),
    ) as Record<string, string>;
    return this.repo.transaccion(async (repo) => {
      if ((await repo.contarTipos(ids)) !== ids.length) {
        throw new DomainError("validacion", "federacion.tipo_no_existe", [
          { campo: "idsTipoSocio", clave: "federacion.tipo_no_existe" },
        ]);
      }
      const antes = await repo.ajustes(true);
      const nuevos: AjusteFila = {
        fiestas_desde: entrada.fiestasDesde,
        fiestas_hasta: entrada.fiestasHasta,
        ids_tipo_socio: ids,
        columnas,
      };
      await repo.guardarAjustes(nuevos);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "federacion_ajuste",
        idEntidad: 1,
        accion: "modificar",
        cambios: [
          { campo: "ajustes", antes: presentarAjustes(antes), despues: presentarAjustes(nuevos) },
        ],
      });
      return presentarAjustes(nuevos);
    });
  }

  /** The reference date of `anyo`'s seniority. */
  private fechaReferencia(anyo: number, ajustes: AjusteFila): string {
    if (ajustes.fiestas_desde?.startsWith(`${anyo}-`)) return ajustes.fiestas_desde;
    const hoy = hoyIso();
    return hoy.startsWith(`${anyo}-`) ? hoy : `${anyo}-12-31`;
  }

  private async filas(
    repo: FederacionRepository,
    anyo: number,
    ajustes: AjusteFila,
  ): Promise<FilaCenso[]> {
    const socios = await repo.socios(anyo, ajustes.ids_tipo_socio);
    const antiguedades = await repo.sociosAntiguedad(socios.map((s) => s.idSocio));
    const fecha = this.fechaReferencia(anyo, ajustes);
    return socios.map((s) => {
      const datos = antiguedades.get(s.idSocio);
      return { ...s, antiguedad: datos ? antiguedadEn(datos, fecha) : 0 };
    });
  }

  private async calcular(repo: FederacionRepository, anyo: number, ajustes: AjusteFila) {
    const [filas, ultimo] = await Promise.all([
      this.filas(repo, anyo, ajustes),
      repo.ultimoEnvio(),
    ]);
    return { filas, ultimo, cambios: cambiosCenso(ultimo?.filas ?? null, filas) };
  }

  async censo(actor: Actor, anyo: number): Promise<Censo> {
    soloJunta(actor);
    const ajustes = await this.repo.ajustes();
    const { filas, ultimo, cambios } = await this.calcular(this.repo, anyo, ajustes);
    return {
      anyo,
      columnas: nombresColumnasCenso(ajustes.columnas).map(([campo, nombre]) => ({
        campo,
        nombre,
      })),
      filas,
      ultimoEnvio: ultimo
        ? {
            id: ultimo.id,
            anyo: ultimo.anyo,
            enviadoEn: ultimo.enviado_en.toISOString(),
            total: ultimo.total,
          }
        : null,
      cambios,
    };
  }

  async exportarCenso(
    actor: Actor,
    anyo: number,
    formato: Exclude<Formato, "json">,
    idioma: Idioma = "es",
  ): Promise<FicheroDescarga> {
    const censo = await this.censo(actor, anyo);
    return this.fichero(
      `censo-federacion-${anyo}`,
      `Censo de la federación ${anyo}`,
      censo.columnas.map((c) => [c.campo, c.nombre]),
      censo.filas,
      [
        { etiqueta: "Altas", valor: String(censo.cambios.altas.length) },
        { etiqueta: "Bajas", valor: String(censo.cambios.bajas.length) },
        { etiqueta: "Datos cambiados", valor: String(censo.cambios.modificados.length) },
      ],
      formato,
      idioma,
    );
  }

  /**
   * The insurance list: the census's festeros who are in the filà some day of the festival's
   * dates (a period that overlaps them); without dates, the whole census.
   */
  async seguro(actor: Actor, anyo: number) {
    soloJunta(actor);
    const ajustes = await this.repo.ajustes();
    const filas = await this.filas(this.repo, anyo, ajustes);
    const { fiestas_desde: desde, fiestas_hasta: hasta } = ajustes;
    let cubiertos = filas;
    if (desde && hasta) {
      const periodos = await this.repo.periodosDe(filas.map((f) => f.idSocio));
      cubiertos = filas.filter((f) => {
        const suyos = periodos.get(f.idSocio) ?? [];
        return (
          suyos.length === 0 ||
          suyos.some((p) => p.desde <= hasta && (p.hasta === null || p.hasta >= desde))
        );
      });
    }
    return { anyo, fiestasDesde: desde, fiestasHasta: hasta, filas: cubiertos, ajustes };
  }

  async exportarSeguro(
    actor: Actor,
    anyo: number,
    formato: Exclude<Formato, "json">,
    idioma: Idioma = "es",
  ): Promise<FicheroDescarga> {
    const s = await this.seguro(actor, anyo);
    const nombres = new Map(nombresColumnasCenso(s.ajustes.columnas));
    const fechas = s.fiestasDesde && s.fiestasHasta ? `${s.fiestasDesde} — ${s.fiestasHasta}` : "—";
    return this.fichero(
      `seguro-fiestas-${anyo}`,
      `Seguro de las fiestas ${anyo}`,
      COLUMNAS_SEGURO.map((c) => [c, nombres.get(c) ?? c]),
      s.filas,
      [{ etiqueta: "Fiestas", valor: fechas }],
      formato,
      idioma,
    );
  }

  private async fichero(
    id: string,
    titulo: string,
    columnas: [CampoCenso, string][],
    filas: FilaCenso[],
    filtros: { etiqueta: string; valor: string }[],
    formato: Exclude<Formato, "json">,
    idioma: Idioma,
  ): Promise<FicheroDescarga> {
    const { nombre, logo } = await this.repo.asociacion();
    const presentadas = filas.map((f) =>
      Object.fromEntries(columnas.map(([c]) => [c, f[c] ?? null])),
    ) as Record<string, string | number | null>[];
    return exportarInforme(
      {
        id,
        titulo,
        filtros,
        columnas: columnas.map(([clave, t]) => ({
          clave,
          titulo: t,
          tipo: TIPO_COLUMNA[clave] ?? "texto",
        })),
        total: presentadas.length,
        totales: null,
        grafico: null,
      },
      {
        tandas: async function* () {
          yield presentadas;
        },
        primeras: async (n) => presentadas.slice(0, n),
      },
      formato,
      { asociacion: nombre, logo, hoy: hoyIso(), idioma },
    );
  }

  /**
   * Records the census of `anyo` as sent: its rows as they are now, from which the next
   * «changes since» counts. The settings' row is locked first: two sends never read the same
   * «last census» and both count their changes from it.
   */
  async enviar(actor: Actor, anyo: number): Promise<EnvioCenso> {
    soloJunta(actor);
    return this.repo.transaccion(async (repo) => {
      const ajustes = await repo.ajustes(true);
      const { filas, cambios } = await this.calcular(repo, anyo, ajustes);
      const envio = await repo.registrarEnvio({
        anyo,
        filas,
        altas: cambios.altas.length,
        bajas: cambios.bajas.length,
        modificados: cambios.modificados.length,
        enviadoPor: actor.id,
      });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "federacion_censo_envio",
        idEntidad: envio.id,
        accion: "enviar",
        cambios: [
          {
            campo: "censo",
            antes: null,
            despues: { anyo, total: envio.total, altas: envio.altas, bajas: envio.bajas },
          },
        ],
      });
      return presentarEnvio(envio);
    });
  }

  async envios(actor: Actor): Promise<{ items: EnvioCenso[] }> {
    soloJunta(actor);
    return { items: (await this.repo.envios()).map(presentarEnvio) };
  }
}
