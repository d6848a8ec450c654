import {
  CAMPOS_BANCO,
  CAMPOS_CONTACTO,
  type FamiliaSocio,
  hoyIso,
  type ListaSociosQuery,
  type SocioCambios,
  type SocioEntrada,
  type SocioPropioCambios,
  type SocioPropioVista,
  type SocioVista,
} from "@fila/domain";
import type { Database } from "../../db/database.js";
import { type Detalle, DomainError, noEncontrado, prohibido } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import { CachePorVersion } from "../../lib/cache-por-version.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias } from "../../services/auditoria.js";
import type { ImagenesSocio } from "./socios.imagenes.js";
import { presentarHistorial, presentarSocio, type Vista } from "./socios.presenter.js";
import type { ImpedimentosBorrado, SocioGuardado, SociosRepository } from "./socios.repository.js";

type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId">;

export type PaginaSocios = {
  items: SocioVista[];
  total: number;
  page: number;
  pageSize: number;
};

/** Pages of the member list kept at once (up to 200 members each: a few MB at most). */
const PAGINAS_GUARDADAS = 32;

/** The same filters, order and page on the same day give the same key, whatever their order. */
function claveDePagina(hoy: string, query: ListaSociosQuery): string {
  return JSON.stringify([hoy, Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1))]);
}

const sinFicha = () => new DomainError("no_encontrado", "socios.cuenta_sin_ficha");

/**
 * What a member may change of their own record (Mis Datos). A `usuario` changes contact and bank
 * data and their photo. A `socio` (a limited login, often a young or dependent member whose
 * fees someone else pays) changes only contact data: bank data and photo are read-only for them.
 * Bank fields a `socio` sends are ignored (one Mis Datos form serves both roles); any field outside
 * Mis Datos is refused by the route's validation (400 naming it).
 */
export function camposPropiosEditables(rol: Actor["rol"]): readonly string[] {
  return rol === "socio" ? CAMPOS_CONTACTO : [...CAMPOS_CONTACTO, ...CAMPOS_BANCO];
}

const REFERENCIAS_SOCIO = [
  ["idPagador", "Un socio no puede ser su propio pagador."],
  ["idPadre", "Un socio no puede ser su propio padre o madre."],
  ["idPareja", "Un socio no puede ser su propia pareja."],
] as const;

/** The stored member in write shape (tipo as id), to compare with what is being written. */
function comoEntrada(s: SocioGuardado): Record<string, unknown> {
  return { ...s, tipo: s.tipo?.id ?? null, matricula: s.matricula || null };
}

function normalizar<T extends Partial<SocioEntrada>>(datos: T): T {
  return datos.matricula === 0 ? { ...datos, matricula: null } : datos;
}

const veces = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

/** Why a member cannot be deleted, in Spanish, one phrase per reason («tiene 3 pagos»). */
export function motivosParaNoBorrar(i: ImpedimentosBorrado): string[] {
  const motivos: string[] = [];
  if (i.pagos > 0) motivos.push(`tiene ${veces(i.pagos, "pago", "pagos")}`);
  if (i.asistencias > 0) {
    motivos.push(`tiene ${veces(i.asistencias, "asistencia", "asistencias")} a actos`);
  }
  if (i.pagaA > 0) motivos.push(`es el pagador de ${veces(i.pagaA, "socio", "socios")}`);
  if (i.hijos > 0) motivos.push(`es el padre o la madre de ${veces(i.hijos, "socio", "socios")}`);
  if (i.parejas > 0) motivos.push(`es la pareja de ${veces(i.parejas, "socio", "socios")}`);
  if (i.cuentas === 1) motivos.push("tiene una cuenta de acceso a la aplicación");
  if (i.cuentas > 1) motivos.push(`tiene ${i.cuentas} cuentas de acceso a la aplicación`);
  return motivos;
}

/** «a», «a y b», «a, b y c». */
function enumerar(partes: string[]): string {
  if (partes.length <= 1) return partes.join("");
  return `${partes.slice(0, -1).join(", ")} y ${partes.at(-1)}`;
}

export class SociosService {
  /** Pages of the list already written, for the version of the data they were read at. */
  private readonly paginas = new CachePorVersion<Buffer>(PAGINAS_GUARDADAS);

  constructor(
    private readonly repo: SociosRepository,
    private readonly imagenes: ImagenesSocio,
    /** Called after a member is created (e.g. automatic enrolment in upcoming events). */
    private readonly alCrearSocio: (idSocio: number) => Promise<unknown> = async () => {},
    /**
     * Called in the deleting transaction with the events whose enrolments of the member were
     * deleted (the events' wait-lists move up there); what it returns runs after the commit.
     */
    private readonly alBorrarInscripciones: (
      trx: Database,
      actor: Actor,
      idsActo: number[],
    ) => Promise<() => Promise<void>> = async () => async () => {},
  ) {}

  /**
   * Administrador sees everything; a member sees their own record and, read-only, those they pay
   * for, both without the board's notes.
   */
  private async vistaPara(
    actor: Actor,
    id: number,
  ): Promise<{ socio: SocioGuardado; vista: Vista }> {
    if (actor.rol === "administrador") {
      const socio = await this.repo.porId(id);
      if (!socio) throw noEncontrado("no_encontrado.socio");
      return { socio, vista: "junta" };
    }
    // A member never learns whether another id exists: 403 either way.
    if (!actor.socioId) throw prohibido();
    const socio = await this.repo.porId(id);
    if (!socio) throw prohibido();
    if (socio.id === actor.socioId || socio.idPagador === actor.socioId) {
      return { socio, vista: "socio" };
    }
    throw prohibido();
  }

  private soloAdministrador(actor: Actor): void {
    if (actor.rol !== "administrador") throw prohibido();
  }

  /**
   * A page of the list, written as JSON by `escribir` (the route's serializer). A page asked for
   * again while the data stays at the same `version` (no member, member type, charge or product
   * written since, by this server or any other) is answered from memory, already written. The
   * version must have been read after the request arrived (the session read does it), so a
   * change committed before a request is always in its answer.
   */
  async listarEscrito(
    query: ListaSociosQuery,
    version: string,
    escribir: (pagina: PaginaSocios) => Buffer,
  ): Promise<Buffer> {
    const hoy = hoyIso();
    return this.paginas.obtener(version, claveDePagina(hoy, query), async () => {
      const guardable = await this.repo.versionDatosQuieta();
      const { items, total } = await this.repo.listar(query, hoy);
      const pagina = {
        items: items.map((s) => presentarSocio(s, "junta", hoy)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
      return { valor: escribir(pagina), guardable };
    });
  }

  /** The record as the caller may see it: `comentarios` only for the board. */
  async obtener(actor: Actor, id: number): Promise<SocioPropioVista> {
    const { socio, vista } = await this.vistaPara(actor, id);
    return presentarSocio(socio, vista, hoyIso());
  }

  /** For the board's own routes: the record with its notes. */
  private async obtenerJunta(actor: Actor, id: number): Promise<SocioVista> {
    this.soloAdministrador(actor);
    const socio = await this.repo.porId(id);
    if (!socio) throw noEncontrado("no_encontrado.socio");
    return presentarSocio(socio, "junta", hoyIso());
  }

  private async comprobar(repo: SociosRepository, datos: Partial<SocioEntrada>, id?: number) {
    const detalles: Detalle[] = [];
    const buscar: number[] = [];
    for (const [campo, mismo] of REFERENCIAS_SOCIO) {
      const valor = datos[campo];
      if (valor == null) continue;
      if (valor === id) detalles.push({ campo, mensaje: mismo });
      else buscar.push(valor);
    }
    const existentes = await repo.sociosExistentes(buscar);
    for (const [campo] of REFERENCIAS_SOCIO) {
      const valor = datos[campo];
      if (valor != null && valor !== id && !existentes.has(valor)) {
        detalles.push({ campo, clave: "comun.socio_elegido_no_existe" });
      }
    }
    if (datos.tipo != null && !(await repo.existeTipoSocio(datos.tipo))) {
      detalles.push({ campo: "tipo", clave: "comun.tipo_socio_elegido_no_existe" });
    }
    if (datos.idFormaPago != null && !(await repo.existeFormaPago(datos.idFormaPago))) {
      detalles.push({ campo: "idFormaPago", clave: "comun.forma_pago_elegida_no_existe" });
    }
    if (detalles.length > 0) {
      throw new DomainError("validacion", "comun.hay_datos_no_son_validos_revisa", detalles);
    }
    if (datos.matricula) {
      const otro = await repo.idConMatricula(datos.matricula);
      if (otro !== null && otro !== id) {
        const mensaje = mensajeCon("socios.matricula_duplicada", { matricula: datos.matricula });
        throw new DomainError("duplicado", mensaje, [{ campo: "matricula", clave: mensaje }]);
      }
    }
    if (datos.nif) {
      const otro = await repo.idConNif(datos.nif);
      if (otro !== null && otro !== id) {
        const mensaje = mensajeCon("socios.nif_duplicado", { nif: datos.nif });
        throw new DomainError("duplicado", mensaje, [{ campo: "nif", clave: mensaje }]);
      }
    }
  }

  async crear(actor: Actor, entrada: SocioEntrada): Promise<SocioVista> {
    this.soloAdministrador(actor);
    const id = await this.repo.transaccion(async (repo) => {
      await repo.bloquearMatriculas();
      const sinNumero = normalizar(entrada);
      // A new member without a membership number gets the next free one.
      const datos = sinNumero.matricula
        ? sinNumero
        : { ...sinNumero, matricula: await repo.siguienteMatricula() };
      await this.comprobar(repo, datos);
      const nuevo = await repo.crear(datos);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: nuevo,
        accion: "crear",
        cambios: diferencias(null, datos),
      });
      return nuevo;
    });
    await this.alCrearSocio(id);
    return this.obtenerJunta(actor, id);
  }

  /** Applies `datos` (already limited to what the caller may change) and audits the differences. */
  private async aplicar(
    actor: Actor,
    id: number,
    datos: Partial<SocioEntrada>,
    accion = "modificar",
  ): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      if (datos.matricula) await repo.bloquearMatriculas();
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.socio");
      await this.comprobar(repo, datos, id);
      const cambios = diferencias(comoEntrada(antes), datos);
      if (cambios.length === 0) return;
      await repo.actualizar(id, datos);
      await repo.auditar({ idUsuario: actor.id, idEntidad: id, accion, cambios });
    });
  }

  async reemplazar(actor: Actor, id: number, entrada: SocioEntrada): Promise<SocioVista> {
    this.soloAdministrador(actor);
    await this.aplicar(actor, id, normalizar(entrada));
    return this.obtenerJunta(actor, id);
  }

  /** PATCH /:id: the administrador changes any field; a member on their own id, as PATCH /yo. */
  async modificar(actor: Actor, id: number, cambios: SocioCambios): Promise<SocioPropioVista> {
    if (actor.rol !== "administrador") {
      await this.vistaPara(actor, id);
      if (id !== actor.socioId) throw prohibido();
      return this.modificarPropio(actor, cambios);
    }
    await this.aplicar(actor, id, normalizar(cambios));
    return this.obtener(actor, id);
  }

  /**
   * Deletes a member entered by mistake. Its automatic or uncharged enrolments go with it (the
   * events' places are counted from the enrolments, so they free up); anything that is history
   * or links other records to it (charges, attendance, family, a login account) refuses it.
   */
  async borrar(actor: Actor, id: number): Promise<void> {
    this.soloAdministrador(actor);
    const tras = await this.repo.transaccion(async (repo) => {
      await repo.bloquear(id);
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.socio");
      const motivos = motivosParaNoBorrar(await repo.impedimentosBorrado(id));
      if (motivos.length > 0) {
        throw new DomainError(
          "en_uso",
          mensajeCon("socios.no_puede_borrar_puedes_darlo_baja", { motivos: enumerar(motivos) }),
        );
      }
      const inscripciones = await repo.borrarInscripciones(id);
      for (const inscripcion of inscripciones) {
        await repo.auditarInscripcionBorrada(actor.id, inscripcion, id);
      }
      await repo.borrar(id);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: id,
        accion: "borrar",
        cambios: diferencias(comoEntrada(antes), {}),
      });
      return this.alBorrarInscripciones(
        repo.conexion,
        actor,
        inscripciones.map((i) => i.id_acto),
      );
    });
    await tras();
    await this.imagenes.borrar(id);
  }

  async baja(
    actor: Actor,
    id: number,
    datos: { fechaBaja?: string; motivoBaja: string },
  ): Promise<SocioVista> {
    this.soloAdministrador(actor);
    await this.aplicar(
      actor,
      id,
      { activo: false, fechaBaja: datos.fechaBaja ?? hoyIso(), motivoBaja: datos.motivoBaja },
      "baja",
    );
    return this.obtenerJunta(actor, id);
  }

  async alta(actor: Actor, id: number): Promise<SocioVista> {
    this.soloAdministrador(actor);
    await this.aplicar(actor, id, { activo: true, fechaBaja: null, motivoBaja: "" }, "alta");
    return this.obtenerJunta(actor, id);
  }

  async familia(actor: Actor, id: number): Promise<FamiliaSocio> {
    const { socio } = await this.vistaPara(actor, id);
    const unicos = [socio.idPareja, socio.idPadre, socio.idPagador].filter((v): v is number => !!v);
    const { relacionados, hijos, pagaA } = await this.repo.familia(id, unicos);
    const por = (ref: number | null) => relacionados.find((r) => r.id === ref) ?? null;
    return {
      pareja: por(socio.idPareja),
      padre: por(socio.idPadre),
      pagador: por(socio.idPagador),
      hijos,
      pagaA,
    };
  }

  async historial(actor: Actor, id: number) {
    const { vista } = await this.vistaPara(actor, id);
    return presentarHistorial(await this.repo.historial(id), vista);
  }

  /** A member's own photo: the administrador, or a `usuario` on their own record. */
  async subirImagen(
    actor: Actor,
    id: number,
    leer: () => Promise<Buffer>,
  ): Promise<SocioPropioVista> {
    if (actor.rol !== "administrador" && (actor.rol !== "usuario" || id !== actor.socioId)) {
      throw prohibido();
    }
    if (!(await this.repo.porId(id))) throw noEncontrado("no_encontrado.socio");
    // The upload is read only once the caller is known to be allowed.
    await this.imagenes.guardar(id, await leer());
    const imagen = `/api/socios/${id}/imagen?v=${Date.now()}`;
    await this.repo.transaccion(async (repo) => {
      await repo.ponerImagen(id, imagen);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: id,
        accion: "imagen",
        cambios: [{ campo: "imagen", antes: null, despues: imagen }],
      });
    });
    return this.obtener(actor, id);
  }

  async borrarImagen(actor: Actor, id: number): Promise<void> {
    if (actor.rol !== "administrador" && (actor.rol !== "usuario" || id !== actor.socioId)) {
      throw prohibido();
    }
    const socio = await this.repo.porId(id);
    if (!socio) throw noEncontrado("no_encontrado.socio");
    await this.repo.transaccion(async (repo) => {
      await repo.ponerImagen(id, null);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: id,
        accion: "imagen",
        cambios: [{ campo: "imagen", antes: socio.imagen, despues: null }],
      });
    });
    await this.imagenes.borrar(id);
  }

  async leerImagen(actor: Actor, id: number): Promise<Buffer> {
    const { socio } = await this.vistaPara(actor, id);
    const contenido = socio.imagen ? await this.imagenes.leer(id) : null;
    if (!contenido) throw noEncontrado("no_encontrado.foto_socio");
    return contenido;
  }

  /** The caller's own record, as a member sees it (also when the caller is an administrador). */
  async yo(actor: Actor): Promise<SocioPropioVista> {
    const socio = actor.socioId ? await this.repo.porId(actor.socioId) : undefined;
    if (!socio) throw sinFicha();
    return presentarSocio(socio, "socio", hoyIso());
  }

  async modificarPropio(actor: Actor, cambios: SocioPropioCambios): Promise<SocioPropioVista> {
    if (!actor.socioId) throw sinFicha();
    const { noEnvios, ...resto } = cambios;
    const permitidos = new Set(camposPropiosEditables(actor.rol));
    const datos = Object.fromEntries(
      Object.entries(resto).filter(([campo, v]) => permitidos.has(campo) && v !== undefined),
    ) as Partial<SocioEntrada>;
    await this.aplicar(actor, actor.socioId, datos);
    if (noEnvios !== undefined) await this.cambiarNoEnvios(actor, actor.socioId, noEnvios);
    return this.yo(actor);
  }

  /**
   * The member's own «no quiero recibir envíos» (issue 36): not a field of the record the board
   * writes (PUT, imports), so it has its own statement, audited when it changes.
   */
  private async cambiarNoEnvios(actor: Actor, id: number, noEnvios: boolean): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.noEnvios(id, true);
      if (antes === undefined || antes === noEnvios) return;
      await repo.cambiarNoEnvios(id, noEnvios);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: id,
        accion: "modificar",
        cambios: [{ campo: "noEnvios", antes, despues: noEnvios }],
      });
    });
  }

  /**
   * Everything we hold about the signed-in person (right of access): a JSON download. The one
   * member-facing answer with the board's notes on them (`comentarios`, also in the history).
   */
  async misDatos(actor: Actor) {
    const [cuenta, sesiones, historialCuenta] = await Promise.all([
      this.repo.cuenta(actor.id),
      this.repo.sesiones(actor.id),
      this.repo.historialCuenta(actor.id),
    ]);
    const guardado = actor.socioId ? await this.repo.porId(actor.socioId) : undefined;
    const socio = guardado ? presentarSocio(guardado, "junta", hoyIso()) : null;
    return {
      generado: new Date().toISOString(),
      socio,
      familia: socio ? await this.familia(actor, socio.id) : null,
      cuenta: cuenta
        ? {
            id: cuenta.id,
            email: cuenta.email,
            nombre: cuenta.nombre,
            rol: cuenta.rol,
            idSocio: cuenta.id_socio,
            activo: cuenta.activo,
            condicionesAceptadasEn: cuenta.condiciones_aceptadas_en?.toISOString() ?? null,
            condicionesVersion: cuenta.condiciones_version,
            creadaEn: cuenta.creado_en.toISOString(),
          }
        : null,
      sesiones: sesiones.map((s) => ({
        creadaEn: s.creada_en.toISOString(),
        expiraEn: s.expira_en.toISOString(),
        revocadaEn: s.revocada_en?.toISOString() ?? null,
        ip: s.ip,
      })),
      historial: {
        socio: socio ? await this.repo.historial(socio.id) : [],
        cuenta: historialCuenta,
      },
    };
  }
}
