import {
  type Acto,
  type ActoCancelado,
  type ActoCopia,
  type ActoEntrada,
  aCentimos,
  aEuros,
  type DevolucionActo,
  formatearFecha,
  formatearImporte,
  hoyIso,
  type Idioma,
  type ListaActosQuery,
  type MisPuntos,
  type RankingPuntos,
  sumarDias,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias } from "../../services/auditoria.js";
import { presentarActo } from "./actos.presenter.js";
import type { ActoFila, ActosRepository, DatosActo } from "./actos.repository.js";
import { textoActos } from "./actos.textos.js";
import type { InscripcionesService } from "./inscripciones.service.js";

export type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId">;

export const MOTIVO_ACTO_CANCELADO = "Acto cancelado";

/** An alert to the board, in Spanish and Valencian (each account reads its own). */
export type AvisoJunta = { titulo: string; mensaje: string; tituloVa: string; mensajeVa: string };

/** The lines of the refunds alert, at most: its message stays readable (and a push short). */
const DEVOLUCIONES_EN_AVISO = 25;

/** The refunds alert of a cancelled event, in one language. */
function avisoDevoluciones(
  acto: Pick<Acto, "nombre" | "fecha">,
  devoluciones: DevolucionActo[],
  idioma: Idioma,
): { titulo: string; mensaje: string } {
  const euros = (importe: number) => formatearImporte(aCentimos(importe));
  const lineas: string[] = [];
  for (const d of devoluciones.slice(0, DEVOLUCIONES_EN_AVISO)) {
    const socio = `${d.nombre} ${d.apellidos}`.trim();
    if (d.pagado > 0) {
      lineas.push(
        `- ${textoActos("devolucionPagado", { socio, pagado: euros(d.pagado) }, idioma)}`,
      );
    }
    if (d.enRemesa > 0) {
      const importe = euros(d.enRemesa);
      lineas.push(`- ${textoActos("devolucionEnRemesa", { socio, importe }, idioma)}`);
    }
  }
  const resto = devoluciones.length - DEVOLUCIONES_EN_AVISO;
  if (resto > 0) lineas.push(textoActos("devolucionesMas", { n: String(resto) }, idioma));
  return {
    titulo: textoActos("devolucionesTitulo", { acto: acto.nombre }, idioma),
    mensaje: textoActos(
      "devolucionesMensaje",
      { acto: acto.nombre, fecha: formatearFecha(acto.fecha), lista: lineas.join("\n") },
      idioma,
    ),
  };
}

const conflicto = (m: Mensaje) => new DomainError("conflicto", m);
const validacion = (campo: string, m: Mensaje) =>
  new DomainError("validacion", m, [{ campo, clave: m }]);

/** The account belongs to a member: role socio, or any account linked to a member. */
export const esDeSocio = (actor: Pick<Actor, "rol" | "socioId">) =>
  actor.rol === "socio" || actor.socioId > 0;

function aDatos(e: ActoEntrada, listaEspera: boolean): DatosActo {
  return {
    lista_espera: listaEspera,
    nombre: e.nombre,
    fecha: e.fecha,
    hora: e.hora,
    lugar: e.lugar,
    inscripcion_automatica: e.inscripcionAutomatica,
    se_paga: e.sePaga,
    es_interno: e.esInterno,
    puntos: e.puntos,
    observaciones: e.observaciones,
    fecha_maxima_inscripcion: e.fechaMaximaInscripcion,
    id_tipo_acto: e.idTipoActo,
    descripcion: e.descripcion,
    descripcion_va: e.descripcionVa,
    imagen: e.imagen,
    aforo: e.aforo,
    invitados_max: e.invitadosMax,
    precio_invitado: aCentimos(e.precioInvitado),
    menus: e.menus,
    turnos: e.turnos,
    plazo_pago_horas: e.plazoPagoHoras,
    plazas_por_mesa: e.plazasPorMesa,
  };
}

/** What the board edits of an event: its row without id, timestamps, state and counters. */
function datosDe(fila: ActoFila): DatosActo {
  const { id, creado_en, actualizado_en, cancelado, ocupadas, en_espera, ...datos } = fila;
  return datos;
}

const diasEntre = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** An event as answered (with its prices), read through `repo` (perhaps in a transaction). */
export async function actoPresentado(repo: ActosRepository, id: number): Promise<Acto> {
  const fila = await repo.porId(id);
  if (!fila) throw noEncontrado("no_encontrado.acto");
  return presentarActo(fila, await repo.precios([id]));
}

/**
 * The event itself: created, edited, copied, cancelled, deleted; and the points its attendance
 * gives. Enrolments live in inscripciones.service.ts, the door in accesos.service.ts.
 */
export class ActosService {
  constructor(
    private readonly repo: ActosRepository,
    /** Through it an event enrols everyone and moves its wait-list up, in the event's transaction. */
    private readonly inscripciones: InscripcionesService,
    private readonly hoy: () => string = () => hoyIso(),
    private readonly avisos: {
      /** After a commit: a failed notice must not undo nor fail what was done. */
      avisarJunta?: (aviso: AvisoJunta) => Promise<void>;
    } = {},
  ) {}

  // ── Events ──────────────────────────────────────────────────────────────────────────

  async listar(query: ListaActosQuery) {
    const hoy = this.hoy();
    const cuando = query.cuando;
    const sort = query.sort ?? (cuando === "proximos" ? "fecha" : "-fecha");
    const desc = sort.startsWith("-");
    const columna = (desc ? sort.slice(1) : sort) as "fecha" | "nombre" | "id";
    const { filas, total } = await this.repo.listar({
      desde: cuando === "proximos" ? hoy : undefined,
      antesDe: cuando === "pasados" ? hoy : undefined,
      q: query.q || undefined,
      orden: { columna, desc },
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      items: await this.presentar(filas),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  private async presentar(filas: ActoFila[]): Promise<Acto[]> {
    const precios = await this.repo.precios(filas.map((f) => f.id));
    return filas.map((f) => presentarActo(f, precios));
  }

  obtener(id: number, repo = this.repo): Promise<Acto> {
    return actoPresentado(repo, id);
  }

  private async comprobarReferencias(repo: ActosRepository, e: ActoEntrada): Promise<void> {
    if (e.idTipoActo !== null && !(await repo.existeTipoActo(e.idTipoActo))) {
      throw validacion("idTipoActo", "actos.tipo_acto_no_existe");
    }
    const tipos = await repo.existenTiposSocio(e.precios.map((p) => p.idTipoSocio));
    const productos = await repo.existenProductos(
      e.precios.flatMap((p) => (p.idProducto === null ? [] : [p.idProducto])),
    );
    e.precios.forEach((p, i) => {
      if (!tipos.has(p.idTipoSocio)) {
        throw validacion(`precios.${i}.idTipoSocio`, "actos.tipo_socio_no_existe");
      }
      if (p.idProducto !== null && !productos.has(p.idProducto)) {
        throw validacion(`precios.${i}.idProducto`, "actos.producto_no_existe");
      }
    });
  }

  private preciosDe(e: ActoEntrada) {
    return e.precios.map((p) => ({
      id_tipo_socio: p.idTipoSocio,
      id_producto: p.idProducto,
      precio: aCentimos(p.precio),
    }));
  }

  async crear(actor: Actor, entrada: ActoEntrada): Promise<Acto> {
    return this.repo.transaccion(async (repo) => {
      await this.comprobarReferencias(repo, entrada);
      const datos = aDatos(entrada, entrada.listaEspera ?? entrada.aforo !== null);
      const id = await repo.crear(datos);
      await repo.reemplazarPrecios(id, this.preciosDe(entrada));
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: id,
        accion: "crear",
        cambios: diferencias(null, { ...datos, precios: entrada.precios }),
      });
      await this.inscripciones.inscribirATodos(repo, id);
      return this.obtener(id, repo);
    });
  }

  async actualizar(actor: Actor, id: number, entrada: ActoEntrada): Promise<Acto> {
    const { acto, avisar } = await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id, true);
      if (!antes) throw noEncontrado("no_encontrado.acto");
      await this.comprobarReferencias(repo, entrada);
      const datos = aDatos(entrada, entrada.listaEspera ?? antes.lista_espera);
      if (datos.aforo !== null) {
        // The row is locked: its counter is the latest committed count.
        if (antes.ocupadas > datos.aforo) {
          throw validacion(
            "aforo",
            mensajeCon("actos.aforo_no_puede_ser_menor_plazas", { ocupadas: antes.ocupadas }),
          );
        }
      }
      const preciosAntes = (await repo.precios([id])).map((p) => ({
        idTipoSocio: p.id_tipo_socio,
        idProducto: p.id_producto,
        precio: aEuros(p.precio),
      }));
      await repo.actualizar(id, datos);
      await repo.reemplazarPrecios(id, this.preciosDe(entrada));
      const previo = datosDe(antes);
      const cambios = diferencias(
        { ...previo, precios: preciosAntes },
        { ...datos, precios: entrada.precios.map((p) => ({ ...p })) },
      );
      if (cambios.length > 0) {
        await repo.auditar({ idUsuario: actor.id, idEntidad: id, accion: "modificar", cambios });
      }
      if (datos.inscripcion_automatica && !antes.inscripcion_automatica) {
        await this.inscripciones.inscribirATodos(repo, id);
      }
      // A higher aforo (or none) frees places: the wait-list moves up in this transaction.
      const avisar = await this.inscripciones.promoverEn(repo, actor, [id]);
      return { acto: await this.obtener(id, repo), avisar };
    });
    await avisar();
    return acto;
  }

  async borrar(actor: Actor, id: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const acto = await repo.porId(id, true);
      if (!acto) throw noEncontrado("no_encontrado.acto");
      if ((await repo.cuentaInscripciones(id)) > 0) {
        throw conflicto("actos.no_puede_borrar_tiene_inscripciones_cargos");
      }
      // Its assembly (issue 48) keeps the call, the census and the minutes: it is not deleted.
      if (await repo.tieneAsamblea(id)) throw conflicto("actos.no_puede_borrar_tiene_asamblea");
      await repo.borrar(id);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: id,
        accion: "borrar",
        cambios: [{ campo: "nombre", antes: acto.nombre, despues: null }],
      });
    });
  }

  async copiar(actor: Actor, id: number, copia: ActoCopia): Promise<Acto> {
    return this.repo.transaccion(async (repo) => {
      const original = await repo.porId(id);
      if (!original) throw noEncontrado("no_encontrado.acto");
      const fecha = copia.fecha ?? original.fecha;
      let fechaMaxima = original.fecha_maxima_inscripcion;
      if (copia.fechaMaximaInscripcion !== undefined) {
        fechaMaxima = copia.fechaMaximaInscripcion;
      } else if (fechaMaxima !== null) {
        // Keep the same distance to the event as the original had.
        fechaMaxima = sumarDias(fecha, -diasEntre(fechaMaxima, original.fecha));
      }
      if (fechaMaxima !== null && fechaMaxima > fecha) {
        throw validacion("fechaMaximaInscripcion", "actos.fecha_maxima_inscripcion_no_puede_ser");
      }
      const datos: DatosActo = {
        ...datosDe(original),
        fecha,
        fecha_maxima_inscripcion: fechaMaxima,
        // The turns keep their distance to the event too.
        turnos: original.turnos.map((t) => ({
          ...t,
          desde: `${sumarDias(t.desde.slice(0, 10), diasEntre(original.fecha, fecha))}${t.desde.slice(10)}`,
        })),
      };
      const nuevo = await repo.crear(datos);
      const precios = await repo.precios([id]);
      await repo.reemplazarPrecios(
        nuevo,
        precios.map((p) => ({
          id_tipo_socio: p.id_tipo_socio,
          id_producto: p.id_producto,
          precio: p.precio,
        })),
      );
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: nuevo,
        accion: "copiar",
        cambios: [{ campo: "copiaDe", antes: null, despues: id }],
      });
      await this.inscripciones.inscribirATodos(repo, nuevo);
      return this.obtener(nuevo, repo);
    });
  }

  /**
   * Marks the event cancelled and annuls what its enrolments still owed (pending charges outside
   * a remittance). What was collected — a charge paid whole, or the parts of a partial payment at
   * the desk or of an online payment for less — is never annulled: it is the board's to refund.
   * The answer lists those members (and the charges in a remittance not collected yet), the audit
   * keeps the list, and the board gets it as an alert.
   */
  async cancelar(actor: Actor, id: number): Promise<ActoCancelado> {
    const cancelado = await this.repo.transaccion(async (repo) => {
      const acto = await repo.porId(id, true);
      if (!acto) throw noEncontrado("no_encontrado.acto");
      if (acto.cancelado) throw conflicto("actos.acto_esta_cancelado");
      await repo.actualizar(id, { cancelado: true });
      const anulados = await repo.anularCargosPendientesDeActo(id, MOTIVO_ACTO_CANCELADO);
      const devoluciones: DevolucionActo[] = (await repo.dineroConservadoDeActo(id)).map((f) => ({
        idInscripcion: f.id_inscripcion,
        idSocio: f.id_socio,
        nombre: f.nombre,
        apellidos: f.apellidos,
        idPago: f.id_pago,
        pagado: aEuros(f.pagado),
        enRemesa: aEuros(f.en_remesa),
      }));
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: id,
        accion: "cancelar",
        cambios: [
          { campo: "cancelado", antes: false, despues: true },
          { campo: "cargosAnulados", antes: null, despues: anulados },
          ...(devoluciones.length > 0
            ? [
                {
                  campo: "devoluciones",
                  antes: null,
                  despues: devoluciones.map(({ idSocio, idPago, pagado, enRemesa }) => ({
                    idSocio,
                    idPago,
                    pagado,
                    enRemesa,
                  })),
                },
              ]
            : []),
        ],
      });
      return { ...(await this.obtener(id, repo)), devoluciones };
    });
    const avisar = this.avisos.avisarJunta;
    if (avisar && cancelado.devoluciones.length > 0) {
      const es = avisoDevoluciones(cancelado, cancelado.devoluciones, "es");
      const va = avisoDevoluciones(cancelado, cancelado.devoluciones, "va");
      await avisar({ ...es, tituloVa: va.titulo, mensajeVa: va.mensaje });
    }
    return cancelado;
  }

  // ── Points ──────────────────────────────────────────────────────────────────────────

  async ranking(anyo: number | null, page: number, pageSize: number): Promise<RankingPuntos> {
    const { filas, total } = await this.repo.ranking(anyo, page, pageSize);
    return { anyo, items: filas, total, page, pageSize };
  }

  async misPuntos(actor: Actor): Promise<MisPuntos> {
    const anyo = Number(this.hoy().slice(0, 4));
    if (actor.socioId <= 0) return { idSocio: null, anyo, puntosAnyo: 0, puntosTotal: 0 };
    const [puntosAnyo, puntosTotal] = await Promise.all([
      this.repo.puntosDe(actor.socioId, anyo),
      this.repo.puntosDe(actor.socioId, null),
    ]);
    return { idSocio: actor.socioId, anyo, puntosAnyo, puntosTotal };
  }
}
