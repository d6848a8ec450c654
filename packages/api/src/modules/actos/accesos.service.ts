import {
  type Acceso,
  type AccesoEntrada,
  type Accesos,
  formatearFecha,
  formatearFechaHora,
  hoyIso,
  type Inscripcion,
  type ResultadoAcceso,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import type { AccesosRepository, InscritoPuerta, SocioPuerta } from "./accesos.repository.js";
import { presentarInscripcion } from "./actos.presenter.js";
import type { Actor } from "./actos.service.js";

/** hh:mm in Madrid. */
const hora = (instante: Date | null) => (instante ? formatearFechaHora(instante).slice(11) : null);

const conflicto = (m: Mensaje) => new DomainError("conflicto", m);

/** A scan's time ahead of the server's clock still taken (as now): the phone's clock drifts. */
const ADELANTO_MAXIMO_MS = 5 * 60_000;
/** How old a scan kept offline may be when it arrives. */
const ANTIGUEDAD_MAXIMA_MS = 24 * 3_600_000;

/**
 * Attendance, which gives the event's points (`inscripcion.asistio`): at the door the board scans
 * a member card (its signed code, modules/carnet) and the enrolment of that member is marked;
 * or the board marks it by hand from the list. A scan's every outcome is an answer, never an
 * error: the door shows it big and goes on scanning.
 */
export class AccesosService {
  constructor(
    private readonly repo: AccesosRepository,
    /** The member a card code names; null for a forged or renewed card. */
    private readonly socioDeCarnet: (codigo: string) => Promise<number | null>,
    private readonly ahora: () => Date = () => new Date(),
  ) {}

  private hoy(): string {
    return hoyIso(this.ahora());
  }

  /**
   * The instant of a scan: when it was read (`leidoEn`, a scan kept offline and sent later), or
   * now. Up to 5 minutes ahead of the server's clock is taken as now; further ahead, or older
   * than 24 hours, is refused (400).
   */
  private instanteDe(leidoEn: string | undefined): Date {
    const ahora = this.ahora();
    if (leidoEn === undefined) return ahora;
    const leido = new Date(leidoEn);
    const adelanto = leido.getTime() - ahora.getTime();
    if (adelanto > ADELANTO_MAXIMO_MS || adelanto < -ANTIGUEDAD_MAXIMA_MS) {
      throw new DomainError("validacion", "actos.lectura_fuera_de_plazo", [
        { campo: "leidoEn", clave: "actos.lectura_fuera_de_plazo" },
      ]);
    }
    return adelanto > 0 ? ahora : leido;
  }

  private async actoAbierto(idActo: number) {
    const acto = await this.repo.acto(idActo);
    if (!acto) throw noEncontrado("no_encontrado.acto");
    if (acto.cancelado) throw conflicto("actos.acto_esta_cancelado_no_marca_asistencia");
    return acto;
  }

  async lista(idActo: number): Promise<Accesos> {
    const acto = await this.repo.acto(idActo);
    if (!acto) throw noEncontrado("no_encontrado.acto");
    const [filas, recuento] = await Promise.all([
      this.repo.lista(idActo),
      this.repo.recuento(idActo),
    ]);
    return {
      fecha: acto.fecha,
      esHoy: acto.fecha === this.hoy(),
      recuento,
      items: filas.map((f) => ({
        idInscripcion: f.id,
        idSocio: f.id_socio,
        nombre: f.nombre,
        apellidos: f.apellidos,
        matricula: f.matricula,
        estado: f.estado,
        asistio: f.asistio,
        hora: hora(f.asistio_en),
        menu: f.menu,
        invitados: f.invitados,
      })),
    };
  }

  /**
   * A scan of `codigo`, read at `leidoEn` (or now): the event must be on that day (Madrid), and
   * the entrance is marked at that time.
   */
  async registrar(
    actor: Actor,
    idActo: number,
    { codigo, leidoEn }: AccesoEntrada,
  ): Promise<Acceso> {
    const instante = this.instanteDe(leidoEn);
    const acto = await this.actoAbierto(idActo);
    const idSocio = await this.socioDeCarnet(codigo);
    const socio = idSocio === null ? undefined : await this.repo.socio(idSocio);
    if (!socio) return this.respuesta(idActo, "carnet_no_valido", null, null, null);
    const inscrito = await this.repo.inscrito(idActo, socio.id);
    if (acto.fecha !== hoyIso(instante)) {
      return this.respuesta(idActo, "otro_dia", socio, inscrito ?? null, null);
    }
    if (!inscrito) return this.respuesta(idActo, "no_inscrito", socio, null, null);
    if (inscrito.estado === "en_espera") {
      return this.respuesta(idActo, "en_espera", socio, inscrito, null);
    }
    const entrada = await this.repo.transaccion(async (repo) => {
      const marcada = await repo.registrar(inscrito.id, instante);
      if (marcada) {
        await repo.auditar(actor.id, inscrito.id, [
          { campo: "asistio", antes: false, despues: true },
          { campo: "via", antes: null, despues: "carnet" },
        ]);
      }
      return marcada;
    });
    if (entrada) return this.respuesta(idActo, "registrado", socio, inscrito, entrada);
    // Already in: read again for the time it was marked (perhaps by the scan that won).
    const ahora = await this.repo.inscrito(idActo, socio.id);
    return this.respuesta(idActo, "repetido", socio, ahora ?? inscrito, ahora?.asistio_en ?? null);
  }

  /**
   * Marks (or unmarks) attendance by hand: only for an enrolment with a place (as the door: the
   * wait-list does not attend), once the event's day has come, and never for a cancelled event.
   * Unmarking is always possible.
   */
  async asistencia(
    actor: Actor,
    idActo: number,
    idInscripcion: number,
    asistio: boolean,
  ): Promise<Inscripcion> {
    return this.repo.transaccion(async (repo) => {
      const inscripcion = await repo.inscripcion(idActo, idInscripcion);
      if (!inscripcion) throw noEncontrado("no_encontrado.inscripcion");
      const acto = await repo.acto(idActo);
      if (!acto) throw noEncontrado("no_encontrado.acto");
      if (asistio && acto.cancelado) {
        throw conflicto("actos.acto_esta_cancelado_no_marca_asistencia");
      }
      if (asistio && inscripcion.estado !== "confirmada") {
        throw conflicto("actos.asistencia_solo_con_plaza");
      }
      if (asistio && acto.fecha > this.hoy()) {
        throw conflicto(
          mensajeCon("actos.acto_aun_no_ha_celebrado_asistencia", {
            fecha: formatearFecha(acto.fecha),
          }),
        );
      }
      if (inscripcion.asistio !== asistio) {
        await repo.marcarAsistencia(idInscripcion, asistio);
        await repo.auditar(actor.id, idInscripcion, [
          { campo: "asistio", antes: inscripcion.asistio, despues: asistio },
        ]);
      }
      return presentarInscripcion({ ...inscripcion, asistio });
    });
  }

  private async respuesta(
    idActo: number,
    resultado: ResultadoAcceso,
    socio: SocioPuerta | null,
    inscrito: InscritoPuerta | null,
    entrada: Date | null,
  ): Promise<Acceso> {
    return {
      resultado,
      idSocio: socio?.id ?? null,
      idInscripcion: inscrito?.id ?? null,
      nombre: socio ? `${socio.nombre} ${socio.apellidos}`.trim() : null,
      matricula: socio?.matricula ?? null,
      imagen: socio?.imagen ?? null,
      menu: inscrito ? inscrito.menu || null : null,
      invitados: inscrito?.invitados ?? null,
      hora: hora(entrada),
      puestoEspera: inscrito?.puesto_espera ?? null,
      recuento: await this.repo.recuento(idActo),
    };
  }
}
