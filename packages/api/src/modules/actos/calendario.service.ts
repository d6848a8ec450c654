import { hoyIso, type Idioma } from "@fila/domain";
import { noEncontrado } from "../../errors/domain-error.js";
import { nuevoToken } from "../../lib/tokens.js";
import type { ActoFila, ActosRepository } from "./actos.repository.js";
import { type Actor, esDeSocio } from "./actos.service.js";
import { generarCalendario, NOMBRES_CALENDARIO } from "./calendario.js";

/** How far back a feed reaches, in days. */
const DIAS_ATRAS = 365;
const MAX_ACTOS = 1000;

export class CalendarioService {
  private readonly dominio: string;

  constructor(
    private readonly repo: ActosRepository,
    private readonly publicUrl: string,
    private readonly hoy: () => string = () => hoyIso(),
  ) {
    this.dominio = new URL(publicUrl).hostname || "fila";
  }

  private async visibles(incluirInternos: boolean): Promise<ActoFila[]> {
    const desde = new Date(`${this.hoy()}T00:00:00Z`);
    desde.setUTCDate(desde.getUTCDate() - DIAS_ATRAS);
    const { filas } = await this.repo.listar({
      desde: desde.toISOString().slice(0, 10),
      orden: { columna: "fecha", desc: false },
      page: 1,
      pageSize: MAX_ACTOS,
      soloVisibles: { incluirInternos },
    });
    return filas;
  }

  private ics(actos: ActoFila[], nombre: string, idioma: Idioma = "es"): string {
    return generarCalendario(actos, {
      nombre,
      publicUrl: this.publicUrl,
      dominio: this.dominio,
      idioma,
    });
  }

  /** Non-internal, non-cancelled events. */
  async publico(): Promise<string> {
    return this.ics(await this.visibles(false), NOMBRES_CALENDARIO.es.publico);
  }

  /** `<token>.ics`: anything else is simply not found. */
  async porArchivo(archivo: string): Promise<string> {
    const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(archivo)?.[1];
    if (!token) throw noEncontrado("no_encontrado.calendario");
    return this.porToken(token);
  }

  /** The private feed behind a token: what its account can see, named in its language. */
  async porToken(token: string): Promise<string> {
    const usuario = await this.repo.usuarioDeToken(token);
    if (!usuario) throw noEncontrado("no_encontrado.calendario");
    const incluirInternos =
      usuario.rol === "administrador" ||
      esDeSocio({ rol: usuario.rol, socioId: usuario.id_socio ?? 0 });
    const idioma = usuario.idioma;
    return this.ics(
      await this.visibles(incluirInternos),
      NOMBRES_CALENDARIO[idioma].privado,
      idioma,
    );
  }

  private url(token: string) {
    return `${this.publicUrl}/api/calendario/${token}.ics`;
  }

  async enlace(actor: Actor): Promise<{ url: string }> {
    const existente = await this.repo.tokenCalendario(actor.id);
    if (existente) return { url: this.url(existente) };
    return this.regenerar(actor);
  }

  /** A new token: the old URL stops working. */
  async regenerar(actor: Actor): Promise<{ url: string }> {
    const { token } = nuevoToken();
    await this.repo.guardarTokenCalendario(actor.id, token);
    return { url: this.url(token) };
  }

  /** One event, for «Añadir al calendario»; internal events only for members and administrators. */
  async evento(actor: Actor & { idioma?: Idioma }, id: number): Promise<string> {
    const acto = await this.repo.porId(id);
    const visible = acto && (!acto.es_interno || actor.rol === "administrador" || esDeSocio(actor));
    if (!acto || !visible) throw noEncontrado("no_encontrado.acto");
    return this.ics([acto], acto.nombre, actor.idioma);
  }
}
