import {
  ANUNCIO_MAX_IMAGENES,
  type AnuncioEntrada,
  type AnuncioVista,
  aCentimos,
  type Contacto,
  formatearFecha,
  hoyIso,
  type ListaAnunciosQuery,
  sumarDias,
  tieneMedioDeContacto,
} from "@fila/domain";
import sharp from "sharp";
import type { Database } from "../../db/database.js";
import type { CambioAuditado } from "../../db/schema.js";
import { DomainError, noEncontrado, prohibido } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { AlmacenArchivos, imagenAWebp } from "../../services/archivos.js";
import { diferencias } from "../../services/auditoria.js";
import { presentarAnuncio } from "./anuncios.presenter.js";
import type { AnuncioGuardado, AnunciosRepository, DatosAnuncio } from "./anuncios.repository.js";

type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId">;

/**
 * Tells the owner's accounts (an in-app alert) that their ad is about to expire. `marcar` runs in
 * the transaction that stores the alert, before it: when it answers false (the reminder was
 * already sent) nothing is stored. Resolves true if the alert was stored.
 */
export type AvisarDueno = (
  idSocio: number,
  aviso: { titulo: string; mensaje: string; tituloVa: string; mensajeVa: string; enlace: string },
  marcar: (db: Database) => Promise<boolean>,
) => Promise<boolean>;

export type OpcionesAnuncios = {
  dataDir: string;
  /** Days an ad stays up after its `fecha`. */
  dias: number;
  avisar: AvisarDueno;
  /** Today's date (`YYYY-MM-DD`); tests move it. */
  hoy?: () => string;
};

const LADO_IMAGEN = 1600;
const LADO_MINIATURA = 400;
const DIAS_AVISO = 7;
const MENSAJE_IMAGEN = "comun.imagen_no_valida";
const MENSAJE_CONTACTO = "anuncios.sin_contacto";

const esAdministrador = (actor: Actor) => actor.rol === "administrador";
const esDueno = (actor: Actor, anuncio: AnuncioGuardado) =>
  actor.socioId > 0 && anuncio.idSocio === actor.socioId;
const miniatura = (clave: string) => clave.replace(/\.webp$/, "-mini.webp");
const sinDuplicados = (lista: string[]) => [...new Set(lista)];
const demasiadasImagenes = () => {
  const mensaje = mensajeCon("anuncios.demasiadas_imagenes", { max: ANUNCIO_MAX_IMAGENES });
  return new DomainError("validacion", mensaje, [{ campo: "archivo", clave: mensaje }]);
};

export class AnunciosService {
  private readonly imagenes: AlmacenArchivos;
  private readonly hoy: () => string;

  constructor(
    private readonly repo: AnunciosRepository,
    private readonly opciones: OpcionesAnuncios,
  ) {
    this.imagenes = new AlmacenArchivos(opciones.dataDir, "anuncios");
    this.hoy = opciones.hoy ?? (() => hoyIso());
  }

  get dias() {
    return this.opciones.dias;
  }

  private presentar(a: AnuncioGuardado): AnuncioVista {
    return presentarAnuncio(a, this.opciones.dias);
  }

  /** The ad if the caller may see it: live ones for everyone, inactive ones for owner and board. */
  private async visible(actor: Actor, id: number): Promise<AnuncioGuardado> {
    const anuncio = await this.repo.porId(id, this.hoy(), this.opciones.dias);
    if (!anuncio) throw noEncontrado("no_encontrado.anuncio");
    if (!anuncio.activo && !esAdministrador(actor) && !esDueno(actor, anuncio)) {
      throw noEncontrado("no_encontrado.anuncio");
    }
    return anuncio;
  }

  /** The ad if the caller may change it (its owner or an administrador); 403 otherwise. */
  private async modificable(actor: Actor, id: number): Promise<AnuncioGuardado> {
    const anuncio = await this.visible(actor, id);
    if (!esAdministrador(actor) && !esDueno(actor, anuncio)) throw prohibido();
    return anuncio;
  }

  async listar(actor: Actor, query: ListaAnunciosQuery) {
    const { items, total } = await this.repo.listar(query, {
      hoy: this.hoy(),
      dias: this.opciones.dias,
      todos: esAdministrador(actor),
      idSocio: actor.socioId,
    });
    return {
      items: items.map((a) => this.presentar(a)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async etiquetas() {
    return { items: await this.repo.etiquetas(this.hoy(), this.opciones.dias, 50) };
  }

  async obtener(actor: Actor, id: number): Promise<AnuncioVista> {
    return this.presentar(await this.visible(actor, id));
  }

  /** Contact as sent, or the member's own data when left out; it needs an email or a phone. */
  private async contactoDe(idSocio: number, contacto: Contacto | undefined): Promise<Contacto> {
    let resultado = contacto;
    if (!resultado) {
      const socio = await this.repo.datosSocio(idSocio);
      resultado = {
        nombre: socio ? `${socio.nombre} ${socio.apellidos}`.trim() : "",
        email: socio?.email ?? "",
        telefono: socio?.telefono ?? "",
      };
    }
    if (!tieneMedioDeContacto(resultado)) {
      throw new DomainError("validacion", MENSAJE_CONTACTO, [
        { campo: "contacto", clave: MENSAJE_CONTACTO },
      ]);
    }
    return resultado;
  }

  private datos(
    entrada: AnuncioEntrada,
    contacto: Contacto,
    destacado: boolean,
    fecha: string,
  ): DatosAnuncio {
    return {
      titulo: entrada.titulo,
      descripcion: entrada.descripcion,
      precio: aCentimos(entrada.precio),
      etiquetas: sinDuplicados(entrada.etiquetas),
      destacado,
      fecha,
      contactoNombre: contacto.nombre,
      contactoEmail: contacto.email,
      contactoTelefono: contacto.telefono,
      activo: entrada.activo,
    };
  }

  async crear(actor: Actor, entrada: AnuncioEntrada): Promise<AnuncioVista> {
    if (actor.socioId <= 0) {
      throw new DomainError("prohibido", "anuncios.cuenta_sin_socio");
    }
    const contacto = await this.contactoDe(actor.socioId, entrada.contacto);
    // Only the board features an ad; anyone else's `destacado` is ignored.
    const destacado = esAdministrador(actor) ? (entrada.destacado ?? false) : false;
    const datos = this.datos(entrada, contacto, destacado, this.hoy());
    const id = await this.repo.transaccion(async (repo) => {
      const nuevo = await repo.crear(datos, actor.socioId);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "anuncio",
        idEntidad: nuevo,
        accion: "crear",
        cambios: diferencias(null, { ...datos }),
      });
      return nuevo;
    });
    return this.obtener(actor, id);
  }

  async reemplazar(actor: Actor, id: number, entrada: AnuncioEntrada): Promise<AnuncioVista> {
    const antes = await this.modificable(actor, id);
    const contacto = await this.contactoDe(antes.idSocio, entrada.contacto);
    const destacado = esAdministrador(actor)
      ? (entrada.destacado ?? antes.destacado)
      : antes.destacado;
    const datos = this.datos(entrada, contacto, destacado, antes.fecha);
    await this.repo.transaccion(async (repo) => {
      await repo.actualizar(id, datos);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "anuncio",
        idEntidad: id,
        accion: "modificar",
        cambios: diferencias({ ...antes }, { ...datos }),
      });
    });
    return this.obtener(actor, id);
  }

  /** Renewing puts the ad up again for the whole period from today, and active. */
  async renovar(actor: Actor, id: number): Promise<AnuncioVista> {
    const antes = await this.modificable(actor, id);
    const fecha = this.hoy();
    await this.repo.transaccion(async (repo) => {
      await repo.actualizar(id, { fecha, activo: true, avisoCaducidadEn: null });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "anuncio",
        idEntidad: id,
        accion: "renovar",
        cambios: [{ campo: "fecha", antes: antes.fecha, despues: fecha }],
      });
    });
    return this.obtener(actor, id);
  }

  async borrar(actor: Actor, id: number): Promise<void> {
    const antes = await this.modificable(actor, id);
    const imagenes = await this.repo.transaccion(async (repo) => {
      // Locked: an image uploaded meanwhile is either in this list or refused with 404.
      const actual = await repo.porId(id, this.hoy(), this.opciones.dias, true);
      if (!actual) throw noEncontrado("no_encontrado.anuncio");
      await repo.borrar(id);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "anuncio",
        idEntidad: id,
        accion: "borrar",
        cambios: [{ campo: "titulo", antes: antes.titulo, despues: null }],
      });
      return actual.imagenes;
    });
    await this.borrarArchivos(imagenes);
  }

  /** Files go only after the commit that stops pointing to them. */
  private async borrarArchivos(claves: string[]) {
    for (const clave of claves) {
      await this.imagenes.borrar(clave);
      await this.imagenes.borrar(miniatura(clave));
    }
  }

  /**
   * Changes the ad's image list reading it under the row's lock (so changes at once take turns
   * and none is lost) and audits it in the same transaction.
   */
  private async cambiarImagenes(
    actor: Actor,
    id: number,
    cambio: (actuales: string[]) => {
      imagenes: string[];
      accion: string;
      cambios: CambioAuditado[];
    },
  ): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const actual = await repo.porId(id, this.hoy(), this.opciones.dias, true);
      if (!actual) throw noEncontrado("no_encontrado.anuncio");
      const { imagenes, accion, cambios } = cambio(actual.imagenes);
      await repo.actualizar(id, { imagenes });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "anuncio",
        idEntidad: id,
        accion,
        cambios,
      });
    });
  }

  async subirImagen(actor: Actor, id: number, contenido: Buffer): Promise<AnuncioVista> {
    const anuncio = await this.modificable(actor, id);
    // Checked early to spare the conversion; the locked re-read below is the one that counts.
    if (anuncio.imagenes.length >= ANUNCIO_MAX_IMAGENES) throw demasiadasImagenes();
    const webp = await imagenAWebp(contenido, LADO_IMAGEN);
    if (!webp) {
      throw new DomainError("imagen_no_valida", MENSAJE_IMAGEN, [
        { campo: "archivo", clave: MENSAJE_IMAGEN },
      ]);
    }
    const mini = await sharp(webp)
      .resize({ width: LADO_MINIATURA, height: LADO_MINIATURA, fit: "inside" })
      .webp({ quality: 75 })
      .toBuffer();
    const clave = AlmacenArchivos.claveAleatoria("webp");
    await this.imagenes.guardar(clave, webp);
    await this.imagenes.guardar(miniatura(clave), mini);
    try {
      await this.cambiarImagenes(actor, id, (actuales) => {
        if (actuales.length >= ANUNCIO_MAX_IMAGENES) throw demasiadasImagenes();
        return {
          imagenes: [...actuales, clave],
          accion: "imagen",
          cambios: [{ campo: "imagenes", antes: null, despues: clave }],
        };
      });
    } catch (error) {
      // Refused or failed: nothing points to the new files.
      await this.borrarArchivos([clave]);
      throw error;
    }
    return this.obtener(actor, id);
  }

  /** New order of the images: the same keys, each once. */
  async ordenarImagenes(actor: Actor, id: number, orden: string[]): Promise<AnuncioVista> {
    await this.modificable(actor, id);
    await this.cambiarImagenes(actor, id, (actuales) => {
      const mismas =
        orden.length === actuales.length &&
        new Set(orden).size === orden.length &&
        orden.every((c) => actuales.includes(c));
      if (!mismas) {
        const mensaje = "anuncios.orden_no_valido";
        throw new DomainError("validacion", mensaje, [{ campo: "orden", clave: mensaje }]);
      }
      return {
        imagenes: orden,
        accion: "ordenar",
        cambios: [{ campo: "imagenes", antes: actuales, despues: orden }],
      };
    });
    return this.obtener(actor, id);
  }

  async borrarImagen(actor: Actor, id: number, clave: string): Promise<AnuncioVista> {
    await this.modificable(actor, id);
    await this.cambiarImagenes(actor, id, (actuales) => {
      if (!actuales.includes(clave)) throw noEncontrado("no_encontrado.imagen");
      return {
        imagenes: actuales.filter((c) => c !== clave),
        accion: "imagen",
        cambios: [{ campo: "imagenes", antes: clave, despues: null }],
      };
    });
    await this.borrarArchivos([clave]);
    return this.obtener(actor, id);
  }

  /** An image (or its thumbnail) of an ad the caller may see. */
  async leerImagen(actor: Actor, id: number, clave: string, mini: boolean): Promise<Buffer> {
    const anuncio = await this.visible(actor, id);
    if (!anuncio.imagenes.includes(clave)) throw noEncontrado("no_encontrado.imagen");
    const contenido = await this.imagenes.leer(mini ? miniatura(clave) : clave);
    if (!contenido) throw noEncontrado("no_encontrado.imagen");
    return contenido;
  }

  /**
   * The periodic task: one in-app alert to the owner of every live ad that expires within a
   * week and has not been reminded yet. Each ad is marked in the transaction that stores its
   * alert, so one that fails stays unmarked for the next run, and the others are still sent;
   * the failures are thrown together at the end. Returns how many were sent.
   */
  async avisarCaducidades(): Promise<number> {
    const hoy = this.hoy();
    const hasta = sumarDias(hoy, DIAS_AVISO);
    const { dias } = this.opciones;
    let enviados = 0;
    const fallos: unknown[] = [];
    for (const a of await this.repo.avisosPendientes(hoy, hasta, dias)) {
      // In both languages: each owner's account reads theirs (issue 38).
      const caduca = formatearFecha(a.caduca);
      const aviso = {
        titulo: "Tu anuncio del mercadillo caduca pronto",
        mensaje: `«${a.titulo}» caduca el ${caduca}. Renuévalo desde «Mis anuncios» si sigue en pie.`,
        tituloVa: "El teu anunci del mercadet caduca prompte",
        mensajeVa: `«${a.titulo}» caduca el ${caduca}. Renova'l des d'«Els meus anuncis» si encara és vigent.`,
        enlace: `/market?anuncio=${a.id}`,
      };
      try {
        const marcar = (db: Database) => this.repo.en(db).marcarAviso(a.id, hoy, hasta, dias);
        if (await this.opciones.avisar(a.idSocio, aviso, marcar)) enviados++;
      } catch (err) {
        fallos.push(err);
      }
    }
    if (fallos.length > 0) {
      throw new AggregateError(fallos, `Avisos de caducidad sin enviar: ${fallos.length}`);
    }
    return enviados;
  }
}
