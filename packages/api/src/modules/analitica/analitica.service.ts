import { createHash } from "node:crypto";
import {
  claseDeDispositivo,
  DISPOSITIVOS,
  EVENTOS_ANALITICA,
  esRobot,
  hoyIso,
  type LoteAnalitica,
  MAX_DIAS_RESUMEN,
  type ResumenAnalitica,
} from "@fila/domain";
import { DomainError } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import type { AnaliticaRepository } from "./analitica.repository.js";

/** What the request says about its sender; none of it is stored. */
export type Remitente = { ip: string; userAgent: string; noRastrear: boolean };

/** How long counts are kept: 13 months. */
export const MESES_CONSERVADOS = 13;
const PAGINAS_EN_RESUMEN = 10;
const DIA_MS = 24 * 60 * 60 * 1000;

const contar = (valores: readonly string[]) => {
  const mapa = new Map<string, number>();
  for (const v of valores) mapa.set(v, (mapa.get(v) ?? 0) + 1);
  return mapa;
};

const aFecha = (iso: string) => new Date(`${iso}T00:00:00Z`);
const aIso = (fecha: Date) => fecha.toISOString().slice(0, 10);
const sumarDias = (iso: string, dias: number) =>
  aIso(new Date(aFecha(iso).getTime() + dias * DIA_MS));

/** Monday of the ISO week of `iso`. */
function lunesDe(iso: string): string {
  const diaSemana = (aFecha(iso).getUTCDay() + 6) % 7;
  return sumarDias(iso, -diaSemana);
}

/** `iso` minus `meses` calendar months (the 31st of a short month rolls into the next). */
export function restarMeses(iso: string, meses: number): string {
  const [a, m, d] = iso.split("-").map(Number);
  return aIso(new Date(Date.UTC(a, m - 1 - meses, d)));
}

/**
 * First-party analytics with no personal data. A visitor is a salted hash of IP and User-Agent
 * with a salt of the day, so the same person is one visitor per day and cannot be recognised
 * from one day to the next; after the day, only the count stays (see the migration 0016).
 */
export class AnaliticaService {
  private sal: { dia: string; valor: Promise<string> } | null = null;

  constructor(private readonly repo: AnaliticaRepository) {}

  /** Counts one batch, unless the browser asks not to be tracked or says it is a robot. */
  async registrar(lote: LoteAnalitica, remitente: Remitente, ahora = new Date()): Promise<void> {
    if (remitente.noRastrear || esRobot(remitente.userAgent)) return;
    if (lote.vistas.length === 0 && lote.eventos.length === 0) return;
    const dia = hoyIso(ahora);
    const sal = await this.salDe(dia);
    const hash = createHash("sha256")
      .update(`${sal}\n${remitente.ip}\n${remitente.userAgent}`)
      .digest("base64url")
      .slice(0, 32);
    await this.repo.registrarVisitante(dia, hash, claseDeDispositivo(remitente.userAgent));
    await this.repo.sumarVistas(dia, contar(lote.vistas));
    await this.repo.sumarEventos(dia, contar(lote.eventos));
  }

  private salDe(dia: string): Promise<string> {
    if (this.sal?.dia !== dia) {
      const valor = this.repo.salDelDia(dia);
      this.sal = { dia, valor };
      valor.catch(() => {
        if (this.sal?.valor === valor) this.sal = null;
      });
    }
    return this.sal.valor;
  }

  async resumen(
    filtro: { desde?: string; hasta?: string },
    ahora = new Date(),
  ): Promise<ResumenAnalitica> {
    const hasta = filtro.hasta ?? hoyIso(ahora);
    const desde = filtro.desde ?? sumarDias(hasta, -27);
    if (desde > hasta) {
      throw new DomainError("validacion", "analitica.fecha_inicio_posterior_fin", [
        { campo: "desde", clave: "analitica.tiene_ser_anterior_igual_hasta" },
      ]);
    }
    if (sumarDias(desde, MAX_DIAS_RESUMEN - 1) < hasta) {
      throw new DomainError(
        "validacion",
        mensajeCon("analitica.periodo_no_puede_pasar_dias", { max: MAX_DIAS_RESUMEN }),
        [
          {
            campo: "desde",
            clave: mensajeCon("analitica.como_mucho_dias", { max: MAX_DIAS_RESUMEN }),
          },
        ],
      );
    }

    const [visitantes, vistas, paginas, eventos] = await Promise.all([
      this.repo.visitantes(desde, hasta),
      this.repo.vistasPorDia(desde, hasta),
      this.repo.paginas(desde, hasta, PAGINAS_EN_RESUMEN),
      this.repo.eventos(desde, hasta),
    ]);

    const porDia = new Map<string, { fecha: string; visitantes: number; vistas: number }>();
    for (let dia = desde; dia <= hasta; dia = sumarDias(dia, 1)) {
      porDia.set(dia, { fecha: dia, visitantes: 0, vistas: 0 });
    }
    const porDispositivo = new Map<string, number>();
    for (const v of visitantes) {
      const dia = porDia.get(v.dia);
      if (dia) dia.visitantes += v.visitantes;
      porDispositivo.set(v.dispositivo, (porDispositivo.get(v.dispositivo) ?? 0) + v.visitantes);
    }
    for (const v of vistas) {
      const dia = porDia.get(v.dia);
      if (dia) dia.vistas += v.vistas;
    }

    const porSemana = new Map<string, { fecha: string; visitantes: number; vistas: number }>();
    for (const dia of porDia.values()) {
      const lunes = lunesDe(dia.fecha);
      const semana = porSemana.get(lunes) ?? { fecha: lunes, visitantes: 0, vistas: 0 };
      semana.visitantes += dia.visitantes;
      semana.vistas += dia.vistas;
      porSemana.set(lunes, semana);
    }

    const totalEvento = (nombre: string) => eventos.find((e) => e.nombre === nombre)?.total ?? 0;
    return {
      desde,
      hasta,
      porDia: [...porDia.values()],
      porSemana: [...porSemana.values()],
      paginas,
      dispositivos: DISPOSITIVOS.map((dispositivo) => ({
        dispositivo,
        visitantes: porDispositivo.get(dispositivo) ?? 0,
      })),
      eventos: EVENTOS_ANALITICA.map((nombre) => ({ nombre, total: totalEvento(nombre) })),
      push: {
        entregadas: totalEvento("push_entregada"),
        abiertas: totalEvento("alerta_abierta_push"),
      },
    };
  }

  /**
   * The daily upkeep: closes the days gone by (their hashes become counts, their salt is
   * forgotten) and deletes whatever is older than 13 months.
   */
  async mantener(ahora = new Date()): Promise<void> {
    const hoy = hoyIso(ahora);
    await this.repo.cerrarDiasAnteriores(hoy);
    await this.repo.borrarAnterioresA(restarMeses(hoy, MESES_CONSERVADOS));
  }
}
