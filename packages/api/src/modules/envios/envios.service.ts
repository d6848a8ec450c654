import { formatearImporte, hoyIso, type Idioma } from "@fila/domain";
import type { EstadoEnvioDestinatario } from "../../db/schema.js";
import { DomainError } from "../../errors/domain-error.js";
import type { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import { htmlSeguro } from "../../services/html-seguro.js";
import type { MailService } from "../../services/mail.js";
import type { Destinatario, EnviosRepository, FiltroEnvio } from "./envios.repository.js";

export type EntradaEnvio = { asunto: string; cuerpo: string; filtro: FiltroEnvio };
const PROPOSITO_BAJA = "envios.baja";

/** The mark of «Enviarme una prueba» in the subject, in the board member's language. */
const PRUEBA: Record<Idioma, string> = { es: "[Prueba]", va: "[Prova]" };

const escapar = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The placeholders of one recipient ({{deuda}}: pending total, 1.234,56 €). */
export function valoresDe(d: Destinatario): Record<string, string> {
  return {
    nombre: d.nombre,
    apellidos: d.apellidos,
    matricula: d.matricula === null ? "" : String(d.matricula),
    deuda: formatearImporte(d.deuda),
  };
}

/** Fills `{{nombre}}`… ; `escapar` for HTML (the body), not for the subject. */
export function rellenar(
  plantilla: string,
  valores: Record<string, string>,
  html: boolean,
): string {
  return plantilla.replace(/\{\{\s*(nombre|apellidos|matricula|deuda)\s*\}\}/g, (_, k: string) => {
    const v = valores[k] ?? "";
    return html ? escapar(v) : v;
  });
}

/** Plain text of a sanitised body, for the text part of the mail and the letters. */
export function aTexto(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|blockquote)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export class EnviosService {
  constructor(
    private readonly repo: EnviosRepository,
    private readonly clave: ClaveInstalacion,
    private readonly mail: MailService,
    private readonly publicUrl: string,
  ) {}

  /** The recipients of a filter, split: with email, without email, and who opted out. */
  async clasificar(filtro: FiltroEnvio) {
    const todos = await this.repo.destinatarios(filtro, hoyIso());
    const omitidos = todos.filter((d) => d.noEnvios);
    const validos = todos.filter((d) => !d.noEnvios);
    return {
      todos,
      omitidos,
      conEmail: validos.filter((d) => d.email.trim() !== ""),
      sinEmail: validos.filter((d) => d.email.trim() === ""),
    };
  }

  /** The message of one recipient: subject, sanitised HTML and plain text. */
  mensajePara(entrada: { asunto: string; cuerpo: string }, d: Destinatario) {
    const valores = valoresDe(d);
    const html = rellenar(htmlSeguro(entrada.cuerpo), valores, true);
    return { asunto: rellenar(entrada.asunto, valores, false), html, texto: aTexto(html) };
  }

  async vistaPrevia(entrada: EntradaEnvio) {
    const c = await this.clasificar(entrada.filtro);
    const primero = c.conEmail[0] ?? c.sinEmail[0] ?? c.omitidos[0];
    const ejemplo = primero
      ? this.mensajePara(entrada, primero)
      : { asunto: entrada.asunto, html: htmlSeguro(entrada.cuerpo) };
    return {
      total: c.todos.length,
      conEmail: c.conEmail.length,
      sinEmail: c.sinEmail.length,
      omitidos: c.omitidos.length,
      ejemplo: { asunto: ejemplo.asunto, html: ejemplo.html },
    };
  }

  /** The one-click unsubscribe URL of a member (token: last path segment, installation key). */
  urlBaja(idSocio: number): string {
    return `${this.publicUrl}/api/envios/baja/${this.clave.firmar(PROPOSITO_BAJA, String(idSocio))}`;
  }

  /** RFC 8058 headers of a mailing. */
  cabecerasBaja(idSocio: number): Record<string, string> {
    return {
      "List-Unsubscribe": `<${this.urlBaja(idSocio)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
  }

  /** The one-click unsubscribe: a forged or altered token is a 400. */
  async darDeBaja(token: string): Promise<void> {
    const datos = this.clave.verificar(PROPOSITO_BAJA, token);
    const id = datos !== null && /^\d+$/.test(datos) ? Number(datos) : null;
    if (id === null || !(await this.repo.darDeBaja(id))) {
      throw new DomainError("peticion_invalida", "envios.enlace_baja_no_valido");
    }
  }

  /** Refuses a mailing without SMTP (409). */
  comprobarSmtp(): void {
    if (!this.mail.conSmtp) throw new DomainError("conflicto", "envios.sin_smtp");
  }

  /** The mailing with its recipients fixed now (who opted out: `omitido`; no email: `sin_email`). */
  async crear(entrada: EntradaEnvio, idUsuario: number): Promise<number> {
    this.comprobarSmtp();
    const c = await this.clasificar(entrada.filtro);
    const fila = (d: Destinatario, estado: EstadoEnvioDestinatario) => ({
      idSocio: d.id,
      nombre: d.nombre,
      apellidos: d.apellidos,
      matricula: d.matricula,
      email: d.email.trim() === "" ? null : d.email.trim(),
      deuda: d.deuda,
      estado,
    });
    const destinatarios = c.todos.map((d) =>
      fila(d, d.noEnvios ? "omitido" : d.email.trim() === "" ? "sin_email" : "pendiente"),
    );
    return this.repo.crear({ ...entrada, creadoPor: idUsuario, destinatarios });
  }

  leer(id: number) {
    return this.repo.leer(id);
  }

  async leerOFallar(id: number) {
    const e = await this.repo.leer(id);
    if (!e) throw new DomainError("no_encontrado", "envios.no_encontrado");
    return e;
  }

  /** The recipients of a mailing, one page (404 unknown mailing). */
  async destinatarios(
    id: number,
    q: { page: number; pageSize: number; estado?: EstadoEnvioDestinatario },
  ) {
    await this.leerOFallar(id);
    const { items, total } = await this.repo.paginaDestinatarios(id, q);
    return {
      items: items.map((f) => ({
        idSocio: f.id_socio,
        nombre: f.nombre,
        apellidos: f.apellidos,
        matricula: f.matricula,
        email: f.email,
        estado: f.estado,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Set by the composition root: enqueues the job of a mailing (`envios.enviar`). */
  encolarTrabajo: (idEnvio: number, idUsuario: number) => Promise<number> = async () => {
    throw new Error("Sin ejecutor de trabajos");
  };

  async lanzar(
    entrada: EntradaEnvio,
    idUsuario: number,
  ): Promise<{ id: number; idTrabajo: number }> {
    const id = await this.crear(entrada, idUsuario);
    return { id, idTrabajo: await this.encolarTrabajo(id, idUsuario) };
  }

  listar() {
    return this.repo.listar();
  }

  /**
   * «Enviarme una prueba»: the message of the first recipient, to the board member's address,
   * marked as a test in their language (the message itself is the board's, as typed).
   */
  async prueba(entrada: EntradaEnvio, email: string, idioma: Idioma = "es"): Promise<void> {
    this.comprobarSmtp();
    const c = await this.clasificar(entrada.filtro);
    const d = c.conEmail[0] ?? c.sinEmail[0] ?? c.omitidos[0];
    const m = d
      ? this.mensajePara(entrada, d)
      : { asunto: entrada.asunto, html: htmlSeguro(entrada.cuerpo), texto: "" };
    await this.mail.enviar({
      para: email,
      asunto: `${PRUEBA[idioma]} ${m.asunto}`,
      texto: m.texto || aTexto(m.html),
      html: m.html,
    });
  }

  /**
   * The job: one mail per `pendiente` recipient (never a shared To/CC), paced by `porMinuto`
   * (the first at once), each marked after its SMTP answer, so a restarted job resumes where it
   * was cut and nobody gets two mails; counts come from the recipients; `terminado` at the end.
   */
  async enviar(
    idEnvio: number,
    informarProgreso: (fraccion: number) => void,
    porMinuto: number,
  ): Promise<{ enviados: number; fallidos: number; omitidos: number; sinEmail: number }> {
    const envio = await this.repo.leer(idEnvio);
    if (!envio) throw new DomainError("no_encontrado", "envios.no_encontrado");
    const pendientes = await this.repo.pendientes(idEnvio);
    await this.actualizarCuentas(idEnvio);
    const pausa = porMinuto > 0 ? 60_000 / porMinuto : 0;
    for (const [i, f] of pendientes.entries()) {
      if (i > 0 && pausa > 0) await new Promise((r) => setTimeout(r, pausa));
      const d: Destinatario = {
        id: f.id_socio ?? 0,
        nombre: f.nombre,
        apellidos: f.apellidos,
        matricula: f.matricula,
        email: f.email ?? "",
        noEnvios: false,
        deuda: f.deuda,
      };
      const m = this.mensajePara(envio, d);
      const aceptado = await this.mail.enviar({
        para: d.email,
        asunto: m.asunto,
        texto: `${m.texto}\n\n--\nPara no recibir más envíos: ${this.urlBaja(d.id)}`,
        html: m.html,
        cabeceras: this.cabecerasBaja(d.id),
      });
      await this.repo.marcar(f.id, aceptado ? "enviado" : "fallido");
      await this.actualizarCuentas(idEnvio);
      informarProgreso((i + 1) / pendientes.length);
    }
    const cuenta = await this.actualizarCuentas(idEnvio);
    await this.repo.actualizar(idEnvio, { estado: "terminado" });
    return cuenta;
  }

  /** Writes the counts of a mailing from its recipients. */
  private async actualizarCuentas(idEnvio: number) {
    const c = await this.repo.cuentas(idEnvio);
    await this.repo.actualizar(idEnvio, {
      enviados: c.enviado,
      fallidos: c.fallido,
      omitidos: c.omitido,
      sin_email: c.sin_email,
    });
    return { enviados: c.enviado, fallidos: c.fallido, omitidos: c.omitido, sinEmail: c.sin_email };
  }

  /** A job that failed leaves its mailing `fallido`. */
  async marcarFallido(idEnvio: number): Promise<void> {
    await this.repo.actualizar(idEnvio, { estado: "fallido" });
  }
}
