import { aEuros, hoyIso, type ResumenAdmin } from "@fila/domain";
import type { ActosRepository } from "../actos/actos.repository.js";
import type { AlertasRepository } from "../alertas/alertas.repository.js";
import type { InformesRepository } from "./informes.repository.js";

const NUM_PROXIMOS_ACTOS = 5;
const NUM_ULTIMAS_ALERTAS = 3;

/**
 * The administrator's dashboard. Events and alerts come from their own modules' queries
 * (places taken = members + guests, recipients/read counts), the rest from InformesRepository.
 */
export class InformesService {
  constructor(
    private readonly repo: InformesRepository,
    private readonly actos: ActosRepository,
    private readonly alertas: AlertasRepository,
    private readonly hoy: () => string = () => hoyIso(),
  ) {}

  /** The periodic task that keeps `pago_resumen` at one row per state and day. */
  compactarResumen(): Promise<void> {
    return this.repo.compactarResumenPagos();
  }

  async resumen(): Promise<ResumenAdmin> {
    const hoy = this.hoy();
    const anyo = Number(hoy.slice(0, 4));
    const cuenta = await this.repo.cuentaSocios();
    const porTipo = await this.repo.sociosPorTipo();
    const deuda = await this.repo.deuda(hoy);
    const cobrado = await this.repo.cobradoEntre(`${anyo}-01-01`, `${anyo + 1}-01-01`);
    const remesasPendientes = await this.repo.remesasSinCobrar();
    return {
      socios: {
        ...cuenta,
        porTipo: porTipo.map((f) => ({
          idTipoSocio: f.idTipoSocio,
          nombre: f.nombre ?? "Sin tipo",
          color: f.color ?? "",
          activos: f.activos,
        })),
      },
      deuda: {
        pendiente: aEuros(deuda.pendiente),
        devuelto: aEuros(deuda.devuelto),
        numCargosPendientes: deuda.numCargosPendientes,
        vencida: aEuros(deuda.vencida),
      },
      cobradoAnyo: aEuros(cobrado),
      proximosActos: await this.proximosActos(hoy),
      ultimasAlertas: await this.ultimasAlertas(),
      remesasPendientes,
    };
  }

  private async proximosActos(hoy: string): Promise<ResumenAdmin["proximosActos"]> {
    const { filas } = await this.actos.listar({
      desde: hoy,
      orden: { columna: "fecha", desc: false },
      page: 1,
      pageSize: NUM_PROXIMOS_ACTOS,
      soloVisibles: { incluirInternos: true },
    });
    return filas.map((a) => ({
      id: a.id,
      nombre: a.nombre,
      fecha: a.fecha,
      hora: a.hora,
      aforo: a.aforo,
      numInscritos: a.ocupadas,
      plazasLibres: a.aforo === null ? null : Math.max(0, a.aforo - a.ocupadas),
    }));
  }

  private async ultimasAlertas(): Promise<ResumenAdmin["ultimasAlertas"]> {
    const { items } = await this.alertas.listar({
      page: 1,
      pageSize: NUM_ULTIMAS_ALERTAS,
      sort: "-creadaEn",
    });
    return items.map((a) => ({
      id: a.id,
      titulo: a.titulo,
      creadaEn: a.creadaEn.toISOString(),
      destinatarios: a.destinatarios,
      leidas: a.leidas,
    }));
  }
}
