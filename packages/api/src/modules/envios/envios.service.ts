import { setTimeout as espera } from "node:timers/promises";
import {
  type EntradaEnvio,
  type FiltroEnvio,
  formatearImporte,
  hoyIso,
  type Idioma,
} from "@fila/domain";
import type { Transaction } from "kysely";
import type { DB, EstadoEnvioDestinatario } from "../../db/schema.js";
import { DomainError } from "../../errors/domain-error.js";
import type { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import { htmlATexto } from "../../services/html-a-texto.js";
import { htmlSeguro } from "../../services/html-seguro.js";
import type { MailService } from "../../services/mail.js";
import { generarCartas } from "./envios.cartas.js";
import type { Destinatario, EnviosRepository } from "./envios.repository.js";

/**
 * What the mailing's job gives `enviar` (envios.trabajos.ts): its stop signal, transactions that
 * commit only while it holds its lease, the last one that ends it, and its progress.
 */
export type PasoEnvio = {
  senal: AbortSignal;
  transaccion<R>(fn: (repo: EnviosRepository) => Promise<R>): Promise<R>;
  terminarEn<R>(fn: (repo: EnviosRepository) => Promise<R>): Promise<R>;
  progreso(fraccion: number): void;
};

/** The mailing's job, from the composition root: its row in a transaction, or enqueued now. */
export type TrabajoEnvio = {
  encolarEn(
    trx: Transaction<DB>,
    idEnvio: number,
    idUsuario: number,
  ): Promise<{ id: number; iniciar: () => void }>;
  encolar(idEnvio: number, idUsuario: number | null): Promise<number>;
};
const PROPOSITO_BAJA = "envios.baja";

/** The mark of «Enviarme una prueba» in the subject, in the board member's language. */
const PRUEBA: Record<Idioma, string> = { es: "[Prueba]", va: "[Prova]" };

/** The fixed texts of a mailing and of its unsubscribe page, in the recipient's language. */
const TEXTOS_BAJA: Record<
  Idioma,
  {
    pie: string;
    enlace: string;
    titulo: string;
    pregunta: string;
    boton: string;
    hecho: string;
    noValido: string;
  }
> = {
  es: {
    pie: "Recibes este correo porque eres socio de la filà. Para no recibir más envíos:",
    enlace: "darme de baja de los envíos",
    titulo: "Envíos de la filà",
    pregunta:
      "¿No quieres recibir más envíos de la filà? Los recibos, los avisos de tu cuenta y las alertas de la aplicación te seguirán llegando.",
    boton: "No quiero recibir más envíos",
    hecho:
      "Hecho: no recibirás más envíos de la filà. Si cambias de idea, puedes volver a activarlos en Mis datos.",
    noValido: "El enlace no es válido. Comprueba que lo has copiado entero.",
  },
  va: {
    pie: "Reps aquest correu perquè eres soci de la filà. Per a no rebre més enviaments:",
    enlace: "donar-me de baixa dels enviaments",
    titulo: "Enviaments de la filà",
    pregunta:
      "No vols rebre més enviaments de la filà? Els rebuts, els avisos del teu compte i les alertes de l'aplicació et continuaran arribant.",
    boton: "No vull rebre més enviaments",
    hecho:
      "Fet: no rebràs més enviaments de la filà. Si canvies d'idea, pots tornar a activar-los en Les meues dades.",
    noValido: "L'enllaç no és vàlid. Comprova que l'has copiat sencer.",
  },
};

/** A minimal page (no script: the CSP allows forms to this same origin only). */
function paginaBaja(idioma: Idioma, titulo: string, cuerpo: string): string {
  const lang = idioma === "va" ? "ca-ES-valencia" : "es";
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapar(titulo)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e">
<h1 style="font-size:1.5rem">${escapar(titulo)}</h1>
${cuerpo}
</body></html>`;
}

const escapar = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The placeholders of one recipient ({{deuda}}: what they owe, pending or returned, 1.234,56 €). */
export function valoresDe(d: Destinatario): Record<string, string> {
  return {
    nombre: d.nombre,
    apellidos: d.apellidos,
    matricula: d.matricula === null ? "" : String(d.matricula),
    deuda: formatearImporte(d.deuda),
  };
}

/** A recipient as fixed when the mailing was launched (`envio_destinatario`). */
function destinatarioDe(f: {
  id_socio: number | null;
  nombre: string;
  apellidos: string;
  matricula: number | null;
  email: string | null;
  deuda: number;
}): Destinatario {
  return {
    id: f.id_socio ?? 0,
    nombre: f.nombre,
    apellidos: f.apellidos,
    matricula: f.matricula,
    email: f.email ?? "",
    noEnvios: false,
    deuda: f.deuda,
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

export class EnviosService {
  constructor(
    private readonly repo: EnviosRepository,
    private readonly clave: ClaveInstalacion,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    private readonly trabajo: TrabajoEnvio,
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
    return { asunto: rellenar(entrada.asunto, valores, false), html, texto: htmlATexto(html) };
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

  /**
   * The page a person sees following the link of a mailing's footer (GET): a button that posts
   * the same one-click unsubscribe; after it (`hecho`), the confirmation. In the member's
   * language. Undefined for a forged or altered link.
   */
  async paginaDeBaja(token: string, hecho: boolean): Promise<string | undefined> {
    const datos = this.clave.verificar(PROPOSITO_BAJA, token);
    if (datos === null || !/^\d+$/.test(datos)) return undefined;
    const idioma = await this.repo.idiomaDeSocio(Number(datos));
    const t = TEXTOS_BAJA[idioma];
    const cuerpo = hecho
      ? `<p role="status">${escapar(t.hecho)}</p>`
      : `<p>${escapar(t.pregunta)}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font-size:1rem;padding:.6rem 1rem;background:#1c4f9c;color:#fff;border:0;border-radius:6px">${escapar(t.boton)}</button></form>`;
    return paginaBaja(idioma, t.titulo, cuerpo);
  }

  /** The unsubscribe page for a link that is not valid, in Spanish (nobody to ask). */
  paginaBajaNoValida(): string {
    const t = TEXTOS_BAJA.es;
    return paginaBaja("es", t.titulo, `<p role="alert">${escapar(t.noValido)}</p>`);
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

  /**
   * The mailing with its recipients fixed now (who opted out: `omitido`; no email: `sin_email`),
   * and its job's row in the same transaction; the job starts after the commit.
   */
  async lanzar(
    entrada: EntradaEnvio,
    idUsuario: number,
  ): Promise<{ id: number; idTrabajo: number }> {
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
    // Stored sanitised (the history shows it as HTML); sending sanitises again, harmlessly.
    const cuerpo = htmlSeguro(entrada.cuerpo);
    const { id, con: trabajo } = await this.repo.crear(
      { ...entrada, cuerpo, creadoPor: idUsuario, destinatarios },
      (trx, idEnvio) => this.trabajo.encolarEn(trx, idEnvio, idUsuario),
    );
    trabajo.iniciar();
    return { id, idTrabajo: trabajo.id };
  }

  /**
   * A statutory call (the general assembly's, issue 48): a mailing to exactly `destinatarios`,
   * none skipped for having opted out of mailings (no `omitido`), without the unsubscribe footer
   * and headers; who has no e-mail is `sin_email` (their printed letter: `cartas`). Written with
   * its job's row in one transaction, after which the job starts. SMTP is not required: without
   * it the mails stay in the outbox like every other.
   */
  async lanzarConvocatoria(
    entrada: { asunto: string; cuerpo: string; referencia: Record<string, unknown> },
    destinatarios: Destinatario[],
    idUsuario: number,
  ): Promise<{ id: number; idTrabajo: number }> {
    const filas = destinatarios.map((d) => ({
      idSocio: d.id,
      nombre: d.nombre,
      apellidos: d.apellidos,
      matricula: d.matricula,
      email: d.email.trim() === "" ? null : d.email.trim(),
      deuda: d.deuda,
      estado: (d.email.trim() === "" ? "sin_email" : "pendiente") as EstadoEnvioDestinatario,
    }));
    const { id, con: trabajo } = await this.repo.crear(
      {
        asunto: entrada.asunto,
        cuerpo: htmlSeguro(entrada.cuerpo),
        filtro: entrada.referencia,
        creadoPor: idUsuario,
        destinatarios: filas,
        modo: "convocatoria",
      },
      (trx, idEnvio) => this.trabajo.encolarEn(trx, idEnvio, idUsuario),
    );
    trabajo.iniciar();
    return { id, idTrabajo: trabajo.id };
  }

  /**
   * The mailings `en_curso` left without a job (lost before issue 45, or by a carry-over): each
   * gets its job again, which sends to the recipients still `pendiente`. Returns how many.
   */
  async reanudarSinTrabajo(): Promise<number> {
    const huerfanos = await this.repo.sinTrabajo();
    for (const e of huerfanos) await this.trabajo.encolar(e.id, e.creado_por);
    return huerfanos.length;
  }

  leer(id: number) {
    return this.repo.leer(id);
  }

  async leerOFallar(id: number) {
    const e = await this.repo.leer(id);
    if (!e) throw new DomainError("no_encontrado", "envios.no_encontrado");
    return e;
  }

  /**
   * The printed letters of a mailing (PDF): one per recipient without email, or one per
   * recipient with `todos`; 409 when there is none to print.
   */
  async cartas(id: number, todos: boolean, idioma: Idioma): Promise<Buffer> {
    const envio = await this.leerOFallar(id);
    const filas = await this.repo.paraCartas(id, todos);
    if (filas.length === 0) throw new DomainError("conflicto", "envios.sin_cartas");
    const cartas = filas.map((f) => {
      const d = destinatarioDe(f);
      return {
        nombre: f.nombre,
        apellidos: f.apellidos,
        direccion: f.direccion ?? "",
        codPostal: f.cod_postal ?? "",
        poblacion: f.poblacion ?? "",
        provincia: f.provincia ?? "",
        texto: this.mensajePara(envio, d).texto,
      };
    });
    return generarCartas(id, cartas, await this.repo.asociacion(), hoyIso(), idioma);
  }

  /** The recipients of a mailing, one page (404 unknown mailing). */
  async destinatarios(
    id: number,
    q: { page: number; pageSize: number; estado?: EstadoEnvioDestinatario },
  ) {
    await this.leerOFallar(id);
    return { ...(await this.repo.paginaDestinatarios(id, q)), page: q.page, pageSize: q.pageSize };
  }

  listar(q: { page: number; pageSize: number }) {
    return this.repo.listar(q);
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
      texto: m.texto || htmlATexto(m.html),
      html: m.html,
    });
  }

  /**
   * The job: one mail per `pendiente` recipient (never a shared To/CC), paced by `porMinuto` (the
   * first at once). Each recipient is claimed (`enviando`) in a transaction of the job's lease
   * before its mail goes, and marked `enviado`/`fallido` after the SMTP answer in another: a run
   * that lost its lease (a restore, another instance took it) commits nothing more and stops, and
   * the claims of a runner that died are `fallido`, so nobody gets two mails. It stops at the next
   * recipient when `paso.senal` is aborted. Counts come from the recipients; `terminado` with the
   * job's own end.
   */
  async enviar(
    idEnvio: number,
    paso: PasoEnvio,
    porMinuto: number,
  ): Promise<{ enviados: number; fallidos: number; omitidos: number; sinEmail: number }> {
    const envio = await this.repo.leer(idEnvio);
    if (!envio) throw new DomainError("no_encontrado", "envios.no_encontrado");
    const { pendiente: total } = await paso.transaccion(async (repo) => {
      await repo.fallarReclamados(idEnvio);
      return (await actualizarCuentas(repo, idEnvio)).estados;
    });
    const pausa = porMinuto > 0 ? 60_000 / porMinuto : 0;
    for (let i = 0; ; i++) {
      paso.senal.throwIfAborted();
      if (i > 0 && pausa > 0) await dormir(pausa, paso.senal);
      const f = await paso.transaccion((repo) => repo.reclamar(idEnvio));
      if (!f) break;
      const d = destinatarioDe(f);
      const m = this.mensajePara(envio, d);
      const textos = TEXTOS_BAJA[f.idioma === "va" ? "va" : "es"];
      const url = this.urlBaja(d.id);
      // A statutory call carries no unsubscribe footer nor headers (issue 48).
      const aceptado = await this.mail.enviar(
        envio.modo === "convocatoria"
          ? { para: d.email, asunto: m.asunto, texto: m.texto, html: m.html }
          : {
              para: d.email,
              asunto: m.asunto,
              texto: `${m.texto}\n\n--\n${textos.pie} ${url}`,
              html: `${m.html}<hr><p style="font-size:12px;color:#555">${escapar(textos.pie)} <a href="${escapar(url)}">${escapar(textos.enlace)}</a></p>`,
              cabeceras: this.cabecerasBaja(d.id),
            },
      );
      await paso.transaccion(async (repo) => {
        await repo.marcar(f.id, aceptado ? "enviado" : "fallido");
        await actualizarCuentas(repo, idEnvio);
      });
      paso.progreso(total > 0 ? (i + 1) / total : 1);
    }
    return paso.terminarEn(async (repo) => {
      const { cuenta } = await actualizarCuentas(repo, idEnvio);
      await repo.actualizar(idEnvio, { estado: "terminado" });
      return cuenta;
    });
  }
}

/** Writes the counts of a mailing from its recipients. */
async function actualizarCuentas(repo: EnviosRepository, idEnvio: number) {
  const c = await repo.cuentas(idEnvio);
  await repo.actualizar(idEnvio, {
    enviados: c.enviado,
    fallidos: c.fallido,
    omitidos: c.omitido,
    sin_email: c.sin_email,
  });
  return {
    estados: c,
    cuenta: {
      enviados: c.enviado,
      fallidos: c.fallido,
      omitidos: c.omitido,
      sinEmail: c.sin_email,
    },
  };
}

/** The pause between two mails, cut short when the job must stop (then it throws why). */
async function dormir(ms: number, senal: AbortSignal): Promise<void> {
  await espera(ms, undefined, { signal: senal }).catch(() => {});
  senal.throwIfAborted();
}
