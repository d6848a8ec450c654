import { createHash } from "node:crypto";
import {
  type Acta,
  type Asamblea,
  type AsambleaCambio,
  type AsambleaEntrada,
  type CensoFila,
  calcularQuorum,
  convocatoriaATiempo,
  type Delegacion,
  type DelegacionEntrada,
  enmascararNif,
  fechaLimiteConvocatoria,
  formatearFecha,
  hoyIso,
  type Idioma,
  type MiVotacion,
  MOTIVOS_FUERA_CENSO,
  type MotivoFueraCenso,
  motivoFueraCenso,
  type OpcionVoto,
  type PuntoAsamblea,
  puedeVotarPor,
  type Quorum,
  type Rechazo,
  type RecuentoPapel,
  type ReglasAsamblea,
  rechazoDelegacion,
  resultadoVotacion,
  TEXTO_MOTIVO_FUERA_CENSO,
} from "@fila/domain";
import { DomainError, noEncontrado, prohibido } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import { diferencias } from "../../services/auditoria.js";
import { htmlSeguro } from "../../services/html-seguro.js";
import type { Actor } from "../actos/actos.service.js";
import type { AlertasService } from "../alertas/alertas.service.js";
import type { EnviosService } from "../envios/envios.service.js";
import type { EventosService } from "../eventos/eventos.service.js";
import { antiguedadesEn } from "../socios/antiguedad.repository.js";
import { pdfActas, pdfCenso, pdfLibroRegistro, xlsxLibroRegistro } from "./asambleas.pdf.js";
import type {
  AsambleaFila,
  AsambleasRepository,
  DatosPunto,
  PuntoFila,
} from "./asambleas.repository.js";

export type DepsAsambleas = {
  envios: EnviosService;
  alertas: AlertasService;
  eventos: EventosService;
  socioDeCarnet: (codigo: string) => Promise<number | null>;
  /** Now; tests move it. */
  ahora?: () => Date;
};

const errorDe = (r: Rechazo) =>
  new DomainError(r.codigo, mensajeCon("dominio.texto", { texto: r.mensaje }));
const conflicto = (mensaje: string) => errorDe({ codigo: "conflicto", mensaje });
const noHay = () => noEncontrado("no_encontrado.asamblea");
const esJunta = (a: Pick<Actor, "rol">) => a.rol === "administrador";
const nombre = (s: { nombre: string; apellidos: string }) => `${s.nombre} ${s.apellidos}`.trim();

function presentarPunto(p: PuntoFila, censo: number, junta: boolean): PuntoAsamblea {
  const votacion =
    p.modo && p.mayoria && p.base
      ? { modo: p.modo, mayoria: p.mayoria, base: p.base, estado: p.estado }
      : null;
  const verResultado =
    votacion !== null && (p.estado === "cerrada" || (junta && p.estado === "abierta"));
  let resultado: PuntoAsamblea["resultado"] = null;
  if (verResultado && p.mayoria && p.base) {
    const recuento = { si: Number(p.si), no: Number(p.no), abstencion: Number(p.abstencion) };
    const r = resultadoVotacion(recuento, p.mayoria, p.base, censo);
    resultado = { recuento, votantes: p.votantes, aprobado: r.aprobado, necesarios: r.necesarios };
  }
  return {
    id: p.id,
    orden: p.orden,
    titulo: p.titulo,
    descripcion: p.descripcion,
    votacion,
    resultado,
  };
}

const datosPuntos = (e: AsambleaCambio): DatosPunto[] =>
  e.puntos.map((p) => ({ titulo: p.titulo, descripcion: p.descripcion, votacion: p.votacion }));

/**
 * The general assembly (issue 48): the order of the day, the call and its frozen census, the
 * delegations, attendance and quorum, the votes (secret ones stored as counts only), the minutes
 * and the books.
 */
export class AsambleasService {
  private readonly ahora: () => Date;

  constructor(
    private readonly repo: AsambleasRepository,
    private readonly deps: DepsAsambleas,
  ) {
    this.ahora = deps.ahora ?? (() => new Date());
  }

  reglas(): Promise<ReglasAsamblea> {
    return this.repo.reglas();
  }

  async guardarReglas(actor: Actor, r: ReglasAsamblea): Promise<ReglasAsamblea> {
    return this.repo.transaccion(async (repo) => {
      const antes = await repo.reglas();
      await repo.guardarReglas(r);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea_ajustes",
        idEntidad: 1,
        accion: "modificar",
        cambios: diferencias(antes, r),
      });
      return repo.reglas();
    });
  }

  private async fila(id: number, repo = this.repo, bloquear = false): Promise<AsambleaFila> {
    const a = await repo.asamblea(id, bloquear);
    if (!a) throw noHay();
    return a;
  }

  private iniciada(a: AsambleaFila): boolean {
    return a.iniciada_en !== null || this.ahora() >= new Date(a.primera_convocatoria);
  }

  private async presentar(a: AsambleaFila, junta: boolean, repo = this.repo): Promise<Asamblea> {
    const [puntos, censo] = await Promise.all([
      repo.puntos(a.id),
      a.convocada_en ? repo.incluidos(a.id) : Promise.resolve(new Set<number>()),
    ]);
    return {
      id: a.id,
      idActo: a.id_acto,
      nombreActo: a.nombre_acto,
      fecha: a.fecha,
      lugar: a.lugar,
      caracter: a.caracter,
      primeraConvocatoria: new Date(a.primera_convocatoria).toISOString(),
      segundaConvocatoria: a.segunda_convocatoria
        ? new Date(a.segunda_convocatoria).toISOString()
        : null,
      convocadaEn: a.convocada_en ? new Date(a.convocada_en).toISOString() : null,
      iniciadaEn: a.iniciada_en ? new Date(a.iniciada_en).toISOString() : null,
      puntos: puntos.map((p) => presentarPunto(p, censo.size, junta)),
    };
  }

  async obtener(actor: Actor, id: number): Promise<Asamblea> {
    return this.presentar(await this.fila(id), esJunta(actor));
  }

  async listar(): Promise<{ items: Asamblea[] }> {
    const filas = await this.repo.listar();
    return { items: await Promise.all(filas.map((a) => this.presentar(a, true))) };
  }

  idDeActo(idActo: number): Promise<number | null> {
    return this.repo.idDeActo(idActo);
  }

  async crear(actor: Actor, e: AsambleaEntrada): Promise<Asamblea> {
    const id = await this.repo.transaccion(async (repo) => {
      if (!(await repo.acto(e.idActo))) throw noEncontrado("no_encontrado.acto");
      if ((await repo.idDeActo(e.idActo)) !== null) {
        throw conflicto("Este acto ya tiene su asamblea");
      }
      this.comprobarHoras(e);
      const id = await repo.crear({
        idActo: e.idActo,
        caracter: e.caracter,
        primera: new Date(e.primeraConvocatoria),
        segunda: e.segundaConvocatoria ? new Date(e.segundaConvocatoria) : null,
      });
      await repo.ponerPuntos(id, datosPuntos(e));
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea",
        idEntidad: id,
        accion: "crear",
        cambios: diferencias(null, { ...e }),
      });
      return id;
    });
    return this.obtener(actor, id);
  }

  private comprobarHoras(e: AsambleaCambio) {
    if (
      e.segundaConvocatoria &&
      new Date(e.segundaConvocatoria) < new Date(e.primeraConvocatoria)
    ) {
      throw new DomainError(
        "validacion",
        mensajeCon("dominio.texto", {
          texto: "La segunda convocatoria no puede ser antes que la primera",
        }),
        [
          {
            campo: "segundaConvocatoria",
            mensaje: "La segunda convocatoria no puede ser antes que la primera",
          },
        ],
      );
    }
  }

  /** Changes before the call only: after it, the members have been told what is on the table. */
  async actualizar(actor: Actor, id: number, e: AsambleaCambio): Promise<Asamblea> {
    await this.repo.transaccion(async (repo) => {
      const a = await this.fila(id, repo, true);
      if (a.convocada_en) throw conflicto("La asamblea ya está convocada: no se puede cambiar");
      this.comprobarHoras(e);
      const antes = await this.presentar(a, true, repo);
      await repo.actualizar(id, {
        caracter: e.caracter,
        primera: new Date(e.primeraConvocatoria),
        segunda: e.segundaConvocatoria ? new Date(e.segundaConvocatoria) : null,
      });
      await repo.ponerPuntos(id, datosPuntos(e));
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea",
        idEntidad: id,
        accion: "modificar",
        cambios: diferencias(
          {
            caracter: antes.caracter,
            primeraConvocatoria: antes.primeraConvocatoria,
            segundaConvocatoria: antes.segundaConvocatoria,
            puntos: antes.puntos.map((p) => p.titulo),
          },
          {
            caracter: e.caracter,
            primeraConvocatoria: new Date(e.primeraConvocatoria).toISOString(),
            segundaConvocatoria: e.segundaConvocatoria
              ? new Date(e.segundaConvocatoria).toISOString()
              : null,
            puntos: e.puntos.map((p) => p.titulo),
          },
        ),
      });
    });
    return this.obtener(actor, id);
  }

  /**
   * The call: refused when later than the notice allows (409 with the last date); freezes the
   * census now (every member considered, in or out and why), then sends the order of the day to
   * all of the census (opted-out included, no unsubscribe footer), a printed letter for who has
   * no e-mail, and an alert (app and push) to who has an account; records how each was reached.
   */
  async convocar(actor: Actor, id: number) {
    const hoy = hoyIso(this.ahora());
    const { a, incluidos, fuera, reglas } = await this.repo.transaccion(async (repo) => {
      const a = await this.fila(id, repo, true);
      if (a.convocada_en) throw conflicto("La asamblea ya está convocada");
      const reglas = await repo.reglas();
      if (!convocatoriaATiempo(hoy, a.fecha, reglas.preavisoDias)) {
        throw conflicto(
          `Fuera de plazo: con ${reglas.preavisoDias} días de preaviso había que convocarla el ${formatearFecha(fechaLimiteConvocatoria(a.fecha, reglas.preavisoDias))} como tarde`,
        );
      }
      const candidatos = await repo.candidatosCenso(hoy);
      const antiguedades = await antiguedadesEn(
        repo.db as never,
        candidatos.map((c) => c.id),
        hoy,
      );
      const filas = candidatos.map((c) => {
        const motivo = motivoFueraCenso(
          {
            activo: c.activo,
            fechaNacimiento: c.fecha_nacimiento,
            antiguedad: antiguedades.get(c.id) ?? 0,
            idTipoSocio: c.id_tipo_socio,
            deudaVencida: c.deuda_vencida,
          },
          reglas,
          hoy,
        );
        const incluido = motivo === null;
        const conEmail = c.email.trim() !== "";
        return {
          socio: c,
          idSocio: c.id,
          incluido,
          motivo: motivo ?? "",
          porEmail: incluido && conEmail,
          porCarta: incluido && !conEmail,
          porAlerta: incluido && c.con_cuenta,
        };
      });
      // Members who left long ago are not listed; who is active and out is, with the reason.
      const considerados = filas.filter((f) => f.socio.activo);
      await repo.congelarCenso(id, considerados, reglas);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea",
        idEntidad: id,
        accion: "convocar",
        cambios: [
          { campo: "censo", antes: null, despues: considerados.filter((f) => f.incluido).length },
          { campo: "fuera", antes: null, despues: considerados.filter((f) => !f.incluido).length },
        ],
      });
      return {
        a,
        reglas,
        incluidos: considerados.filter((f) => f.incluido),
        fuera: considerados.filter((f) => !f.incluido).length,
      };
    });
    const asamblea = await this.presentar(a, true);
    const texto = ordenDelDia(asamblea, reglas);
    const envio = await this.deps.envios.lanzarConvocatoria(
      {
        asunto: `Convocatoria: ${a.nombre_acto} (${formatearFecha(a.fecha)})`,
        cuerpo: texto,
        referencia: { convocatoriaAsamblea: id },
      },
      incluidos.map((f) => ({
        id: f.socio.id,
        nombre: f.socio.nombre,
        apellidos: f.socio.apellidos,
        matricula: f.socio.matricula,
        email: f.socio.email,
        noEnvios: false,
        deuda: 0,
      })),
      actor.id,
    );
    await this.repo.ponerEnvio(id, envio.id);
    const conAlerta = incluidos.filter((f) => f.porAlerta).map((f) => f.idSocio);
    for (let i = 0; i < conAlerta.length; i += 5000) {
      await this.deps.alertas.crear(
        { id: actor.id },
        {
          titulo: `Convocatoria: ${a.nombre_acto}`.slice(0, 120),
          mensaje: `Asamblea ${a.caracter} el ${formatearFecha(a.fecha)}. Orden del día en Mis actos.`,
          tituloVa: `Convocatòria: ${a.nombre_acto}`.slice(0, 120),
          mensajeVa: `Assemblea ${a.caracter} el ${formatearFecha(a.fecha)}. Orde del dia en Els meus actes.`,
          imagen: "",
          enlace: "#/mis-actos",
          destino: { idsSocio: conAlerta.slice(i, i + 5000) },
          email: false,
        },
      );
    }
    return {
      censo: incluidos.length,
      fuera,
      porEmail: incluidos.filter((f) => f.porEmail).length,
      porCarta: incluidos.filter((f) => f.porCarta).length,
      porAlerta: conAlerta.length,
      idEnvio: envio.id,
    };
  }

  /** The printed letters of the call (who has no e-mail), from its mailing. */
  async cartas(id: number, idioma: Idioma): Promise<FicheroDescarga> {
    const a = await this.fila(id);
    if (!a.id_envio) throw conflicto("La asamblea aún no está convocada");
    return {
      nombre: `convocatoria-${id}-cartas.pdf`,
      tipo: "application/pdf",
      contenido: await this.deps.envios.cartas(a.id_envio, false, idioma),
    };
  }

  async censo(id: number): Promise<{ convocadaEn: string; incluidos: number; items: CensoFila[] }> {
    const a = await this.fila(id);
    if (!a.convocada_en) throw conflicto("La asamblea aún no está convocada: no hay censo");
    const filas = await this.repo.censo(id);
    const items = filas.map((f) => ({
      idSocio: f.id_socio,
      matricula: f.matricula,
      nombre: f.nombre,
      apellidos: f.apellidos,
      nif: enmascararNif(f.nif),
      incluido: f.incluido,
      motivo: (MOTIVOS_FUERA_CENSO as readonly string[]).includes(f.motivo)
        ? (f.motivo as MotivoFueraCenso)
        : ("" as const),
      manual: f.manual,
      porEmail: f.por_email,
      porCarta: f.por_carta,
      porAlerta: f.por_alerta,
    }));
    return {
      convocadaEn: new Date(a.convocada_en).toISOString(),
      incluidos: items.filter((i) => i.incluido).length,
      items,
    };
  }

  async censoPdf(id: number): Promise<FicheroDescarga> {
    const a = await this.fila(id);
    const c = await this.censo(id);
    return {
      nombre: `censo-asamblea-${id}.pdf`,
      tipo: "application/pdf",
      contenido: await pdfCenso(
        `${a.nombre_acto} (${formatearFecha(a.fecha)})`,
        c.items.map((i) => ({
          ...i,
          motivoTexto: i.motivo ? TEXTO_MOTIVO_FUERA_CENSO[i.motivo] : "",
        })),
      ),
    };
  }

  /** The board adds a member to the frozen census by hand (before the start), audited. */
  async anyadirACenso(actor: Actor, id: number, idSocio: number) {
    await this.repo.transaccion(async (repo) => {
      const a = await this.fila(id, repo, true);
      if (!a.convocada_en) throw conflicto("La asamblea aún no está convocada: no hay censo");
      if (this.iniciada(a)) throw conflicto("La asamblea ya ha empezado: el censo está cerrado");
      if (!(await repo.socioExiste(idSocio))) throw noEncontrado("no_encontrado.socio");
      if (!(await repo.anyadirACenso(id, idSocio)))
        throw conflicto("Ese socio ya está en el censo");
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea",
        idEntidad: id,
        accion: "censo_manual",
        cambios: [{ campo: "idSocio", antes: null, despues: idSocio }],
      });
    });
    return this.censo(id);
  }

  private async delegacionesVistas(id: number, deSocios: number[] | null): Promise<Delegacion[]> {
    const filas = await this.repo.delegaciones(id, deSocios);
    return filas.map((f) => ({
      id: f.id,
      idDelegante: f.id_delegante,
      nombreDelegante: f.nombre_delegante,
      idDelegado: f.id_delegado,
      nombreDelegado: f.nombre_delegado,
      enPapel: f.en_papel,
      creadoEn: new Date(f.creado_en).toISOString(),
      revocadaEn: f.revocada_en ? new Date(f.revocada_en).toISOString() : null,
    }));
  }

  /** Who a member may delegate in: the census (names only), for «Delegar mi voto». */
  async delegables(id: number) {
    const a = await this.fila(id);
    if (!a.convocada_en) return { items: [] };
    const filas = await this.repo.censo(id);
    return {
      items: filas
        .filter((f) => f.incluido)
        .map((f) => ({ idSocio: f.id_socio, nombre: nombre(f), matricula: f.matricula })),
    };
  }

  async delegaciones(actor: Actor, id: number) {
    await this.fila(id);
    const de = esJunta(actor)
      ? null
      : actor.socioId > 0
        ? await this.repo.sociosDe(actor.socioId)
        : [];
    return { items: await this.delegacionesVistas(id, de) };
  }

  /**
   * A delegation: by the delegator, their payer, or the board (who alone records paper ones).
   * The assembly's row is locked so two at once cannot both pass the limit or make a chain.
   */
  async delegar(actor: Actor, id: number, e: DelegacionEntrada): Promise<Delegacion> {
    const idDelegacion = await this.repo.transaccion(async (repo) => {
      const a = await this.fila(id, repo, true);
      const delegante = await repo.socioExiste(e.idDelegante);
      if (!delegante) throw noEncontrado("no_encontrado.socio");
      if (!esJunta(actor)) {
        const suyo =
          actor.socioId > 0 &&
          (e.idDelegante === actor.socioId || delegante.id_pagador === actor.socioId);
        if (!suyo || e.enPapel) throw prohibido();
      }
      const censo = a.convocada_en ? await repo.incluidos(id) : new Set<number>();
      const vivas = await repo.delegacionesVivas(id);
      const rechazo = rechazoDelegacion({
        idDelegante: e.idDelegante,
        idDelegado: e.idDelegado,
        enCenso: (s) => censo.has(s),
        vivas,
        maxDelegaciones: ((a.reglas as ReglasAsamblea | null) ?? (await repo.reglas()))
          .maxDelegaciones,
        iniciada: this.iniciada(a),
        convocada: a.convocada_en !== null,
      });
      if (rechazo) throw errorDe(rechazo);
      const nuevo = await repo.crearDelegacion({
        idAsamblea: id,
        idDelegante: e.idDelegante,
        idDelegado: e.idDelegado,
        enPapel: e.enPapel,
        creadoPor: actor.id,
      });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea_delegacion",
        idEntidad: nuevo,
        accion: "crear",
        cambios: diferencias(null, { idAsamblea: id, ...e }),
      });
      return nuevo;
    });
    const todas = await this.delegacionesVistas(id, null);
    return todas.find((d) => d.id === idDelegacion) as Delegacion;
  }

  async revocar(actor: Actor, id: number, idDelegacion: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const a = await this.fila(id, repo, true);
      const d = await repo.delegacion(id, idDelegacion);
      if (!d) throw noEncontrado("no_encontrado.recurso");
      if (!esJunta(actor)) {
        const mios = actor.socioId > 0 ? await repo.sociosDe(actor.socioId) : [];
        if (!mios.includes(d.id_delegante)) throw noEncontrado("no_encontrado.recurso");
      }
      if (d.revocada_en) throw conflicto("La delegación ya estaba revocada");
      if (this.iniciada(a)) throw conflicto("La asamblea ya ha empezado: no se puede revocar");
      await repo.revocar(idDelegacion);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea_delegacion",
        idEntidad: idDelegacion,
        accion: "revocar",
      });
    });
  }

  /**
   * Check-in at the door: the card's code or the member's id; members of the frozen census only;
   * no enrolment and no event points. A member who delegated takes their vote back.
   */
  async registrarAsistencia(actor: Actor, id: number, e: { codigo: string } | { idSocio: number }) {
    const a = await this.fila(id);
    if (!a.convocada_en) throw conflicto("La asamblea aún no está convocada: no hay censo");
    const idSocio = "codigo" in e ? await this.deps.socioDeCarnet(e.codigo) : e.idSocio;
    if (idSocio === null) throw conflicto("El carnet no es válido");
    const socio = await this.repo.nombreSocio(idSocio);
    if (!socio) throw noEncontrado("no_encontrado.socio");
    if (!(await this.repo.enCenso(id, idSocio))) {
      throw conflicto(`${nombre(socio)} no está en el censo de esta asamblea`);
    }
    const nuevo = await this.repo.transaccion(async (repo) => {
      const n = await repo.registrarAsistente(id, idSocio, "codigo" in e ? "carnet" : "manual");
      if (n) {
        await repo.auditar({
          idUsuario: actor.id,
          entidad: "asamblea",
          idEntidad: id,
          accion: "asistencia",
          cambios: [{ campo: "idSocio", antes: null, despues: idSocio }],
        });
      }
      return n;
    });
    const vivas = await this.repo.delegacionesVivas(id);
    await this.deps.eventos.publicarTipado({
      tipo: "asamblea",
      datos: { idAsamblea: id, cambio: "asistencia" },
    });
    return {
      idSocio,
      nombre: socio.nombre,
      apellidos: socio.apellidos,
      nuevo,
      recupera: vivas.some((d) => d.idDelegante === idSocio),
    };
  }

  async asistentes(id: number) {
    await this.fila(id);
    const filas = await this.repo.asistentes(id);
    return {
      items: filas.map((f) => ({
        idSocio: f.id_socio,
        nombre: f.nombre,
        apellidos: f.apellidos,
        matricula: f.matricula,
        por: f.por,
      })),
    };
  }

  async quorum(id: number): Promise<Quorum> {
    const a = await this.fila(id);
    if (!a.convocada_en) throw conflicto("La asamblea aún no está convocada: no hay censo");
    const [censo, presentes, vivas] = await Promise.all([
      this.repo.incluidos(id),
      this.repo.presentes(id),
      this.repo.delegacionesVivas(id),
    ]);
    const enSala = [...presentes].filter((s) => censo.has(s));
    const representados = vivas.filter(
      (d) =>
        censo.has(d.idDelegante) && !presentes.has(d.idDelegante) && presentes.has(d.idDelegado),
    ).length;
    const reglas = (a.reglas as ReglasAsamblea | null) ?? (await this.repo.reglas());
    return calcularQuorum({
      censo: censo.size,
      presentes: enSala.length,
      representados,
      quorumPrimera: reglas.quorumPrimera,
      ahora: this.ahora(),
      segunda: a.segunda_convocatoria ? new Date(a.segunda_convocatoria) : null,
    });
  }

  /** Opens a point's vote (one at a time); the assembly has started from then on. */
  async abrir(actor: Actor, id: number, idPunto: number): Promise<PuntoAsamblea> {
    await this.repo.transaccion(async (repo) => {
      const a = await this.fila(id, repo, true);
      if (!a.convocada_en) throw conflicto("La asamblea aún no está convocada");
      const p = await repo.punto(id, idPunto, "update");
      if (!p) throw noEncontrado("no_encontrado.recurso");
      if (!p.modo) throw conflicto("Este punto no se vota");
      if (p.estado !== "pendiente") throw conflicto("La votación de este punto ya se abrió");
      if (await repo.hayAbierto(id)) throw conflicto("Hay otra votación abierta: ciérrala antes");
      await repo.ponerEstadoPunto(idPunto, "abierta");
      await repo.marcarIniciada(id);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea_punto",
        idEntidad: idPunto,
        accion: "abrir_votacion",
      });
    });
    await this.deps.eventos.publicarTipado({
      tipo: "asamblea",
      datos: { idAsamblea: id, idPunto, estado: "abierta" },
    });
    return this.puntoVisto(id, idPunto, true);
  }

  async cerrar(actor: Actor, id: number, idPunto: number): Promise<PuntoAsamblea> {
    await this.repo.transaccion(async (repo) => {
      await this.fila(id, repo);
      const p = await repo.punto(id, idPunto, "update");
      if (!p) throw noEncontrado("no_encontrado.recurso");
      if (p.estado !== "abierta") throw conflicto("La votación de este punto no está abierta");
      await repo.ponerEstadoPunto(idPunto, "cerrada");
    });
    const visto = await this.puntoVisto(id, idPunto, true);
    await this.repo.auditar({
      idUsuario: actor.id,
      entidad: "asamblea_punto",
      idEntidad: idPunto,
      accion: "cerrar_votacion",
      cambios: [{ campo: "resultado", antes: null, despues: visto.resultado }],
    });
    await this.deps.eventos.publicarTipado({
      tipo: "asamblea",
      datos: { idAsamblea: id, idPunto, estado: "cerrada" },
    });
    return visto;
  }

  private async puntoVisto(id: number, idPunto: number, junta: boolean) {
    const [puntos, censo] = await Promise.all([this.repo.puntos(id), this.repo.incluidos(id)]);
    const p = puntos.find((x) => x.id === idPunto);
    if (!p) throw noEncontrado("no_encontrado.recurso");
    return presentarPunto(p, censo.size, junta);
  }

  /**
   * A vote from the phone, for oneself or `enNombreDe` a delegator who has not come; once each
   * (409 the second time). The point's row is shared-locked so the close waits for the votes in
   * flight. Secret: the «has voted» row and the counts, nothing else (no audit, no time, no
   * option stored by person). Public: the named vote too.
   */
  async votar(
    actor: Actor,
    id: number,
    idPunto: number,
    e: { opcion: OpcionVoto; enNombreDe?: number },
  ): Promise<{ votado: true }> {
    if (actor.socioId <= 0) throw conflicto("No estás en el censo de esta asamblea");
    const idVotante = actor.socioId;
    const enNombreDe = e.enNombreDe ?? idVotante;
    await this.repo.transaccion(async (repo) => {
      const p = await repo.punto(id, idPunto, "share");
      if (!p) throw noEncontrado("no_encontrado.recurso");
      if (p.estado !== "abierta") throw conflicto("La votación de este punto no está abierta");
      const rechazo = await this.rechazoVoto(repo, id, idVotante, enNombreDe);
      if (rechazo) throw errorDe(rechazo);
      if (!(await repo.marcarVotado(idPunto, enNombreDe))) {
        throw conflicto("Ya consta un voto en este punto por ese socio");
      }
      await repo.sumar(idPunto, {
        si: e.opcion === "si" ? 1 : 0,
        no: e.opcion === "no" ? 1 : 0,
        abstencion: e.opcion === "abstencion" ? 1 : 0,
      });
      if (p.modo === "publica") await repo.votoPublico(idPunto, enNombreDe, e.opcion, idVotante);
    });
    return { votado: true };
  }

  private async rechazoVoto(
    repo: AsambleasRepository,
    id: number,
    idVotante: number,
    enNombreDe: number,
  ): Promise<Rechazo | null> {
    const ids = [idVotante, enNombreDe];
    const [censo, presentes, vivas] = await Promise.all([
      repo.incluidos(id),
      repo.presentes(id),
      repo.delegacionesVivas(id),
    ]);
    void ids;
    return puedeVotarPor({
      idVotante,
      enNombreDe,
      enCenso: (s) => censo.has(s),
      presente: (s) => presentes.has(s),
      vivas,
    });
  }

  /**
   * Paper votes and shows of hands: the board marks who voted on paper (present members of the
   * census who had not voted) and adds the counts. A secret point's paper counts add up to its
   * paper voters.
   */
  async recuentoPapel(actor: Actor, id: number, idPunto: number, e: RecuentoPapel) {
    await this.repo.transaccion(async (repo) => {
      const p = await repo.punto(id, idPunto, "update");
      if (!p) throw noEncontrado("no_encontrado.recurso");
      if (p.estado !== "abierta") throw conflicto("La votación de este punto no está abierta");
      const votantes = [...new Set(e.votantes)];
      if (p.modo === "secreta" && e.si + e.no + e.abstencion !== votantes.length) {
        throw conflicto("En una votación secreta los votos en papel suman tantos como votantes");
      }
      const [censo, presentes] = await Promise.all([repo.incluidos(id), repo.presentes(id)]);
      for (const v of votantes) {
        if (!censo.has(v) || !presentes.has(v)) {
          throw conflicto(`El socio ${v} no está presente en el censo`);
        }
        if (!(await repo.marcarVotado(idPunto, v, true))) {
          throw conflicto(`Ya consta un voto del socio ${v} en este punto`);
        }
      }
      await repo.sumar(idPunto, { si: e.si, no: e.no, abstencion: e.abstencion });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea_punto",
        idEntidad: idPunto,
        accion: "recuento_papel",
        cambios: [
          { campo: "votantes", antes: null, despues: votantes.length },
          {
            campo: "recuento",
            antes: null,
            despues: { si: e.si, no: e.no, abstencion: e.abstencion },
          },
        ],
      });
    });
    return this.puntoVisto(id, idPunto, true);
  }

  /** The phone's view: assemblies called whose census holds the member or those they pay for. */
  async mias(actor: Actor): Promise<{ items: (Asamblea & { mia: MiVotacion })[] }> {
    if (actor.socioId <= 0) return { items: [] };
    const desde = hoyIso(new Date(this.ahora().getTime() - 86_400_000));
    const filas = await this.repo.convocadasCon([actor.socioId], desde);
    const items = [];
    for (const a of filas) {
      items.push({
        ...(await this.presentar(a, false)),
        mia: await this.miVotacion(a, actor.socioId),
      });
    }
    return { items };
  }

  private async miVotacion(a: AsambleaFila, idSocio: number): Promise<MiVotacion> {
    const [censo, presentes, vivas, puntos] = await Promise.all([
      this.repo.incluidos(a.id),
      this.repo.presentes(a.id),
      this.repo.delegacionesVivas(a.id),
      this.repo.puntos(a.id),
    ]);
    const mia = vivas.find((d) => d.idDelegante === idSocio);
    const delegado = mia ? await this.repo.nombreSocio(mia.idDelegado) : undefined;
    const abierto = puntos.find((p) => p.estado === "abierta");
    let punto: MiVotacion["punto"] = null;
    if (abierto?.modo) {
      const por = [
        idSocio,
        ...vivas
          .filter((d) => d.idDelegado === idSocio && !presentes.has(d.idDelegante))
          .map((d) => d.idDelegante),
      ];
      const hechos = await this.repo.votadosPor(abierto.id, por);
      const pendientes = [];
      for (const s of por) {
        if (hechos.has(s)) continue;
        if (s === idSocio && (!censo.has(s) || !presentes.has(s))) continue;
        const n = await this.repo.nombreSocio(s);
        pendientes.push({ idSocio: s, nombre: n ? nombre(n) : "", propio: s === idSocio });
      }
      punto = { id: abierto.id, titulo: abierto.titulo, modo: abierto.modo, pendientes };
    }
    return {
      idAsamblea: a.id,
      idSocio,
      punto,
      presente: presentes.has(idSocio),
      enCenso: censo.has(idSocio),
      delegadoEn: mia && delegado ? { idSocio: delegado.id, nombre: nombre(delegado) } : null,
    };
  }

  /** The minutes: the stored text, or a draft the app fills (date, place, call, quorum, results). */
  async acta(id: number): Promise<Acta> {
    const a = await this.fila(id);
    const guardada = await this.repo.acta(id);
    if (guardada) {
      return {
        idAsamblea: id,
        contenido: guardada.contenido,
        aprobadaEn: guardada.aprobada_en,
        hash: guardada.hash,
      };
    }
    return { idAsamblea: id, contenido: await this.borrador(a), aprobadaEn: null, hash: null };
  }

  private async borrador(a: AsambleaFila): Promise<string> {
    const asamblea = await this.presentar(a, true);
    const q = a.convocada_en ? await this.quorum(a.id) : null;
    const h = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const partes = [
      `<h2>Acta de la asamblea general ${h(a.caracter)}</h2>`,
      `<p>${h(a.nombre_acto)}, ${formatearFecha(a.fecha)}${a.lugar ? `, en ${h(a.lugar)}` : ""}.</p>`,
      `<p>Primera convocatoria: ${h(horaMadrid(a.primera_convocatoria))}${a.segunda_convocatoria ? `; segunda: ${h(horaMadrid(a.segunda_convocatoria))}` : ""}. Convocada el ${a.convocada_en ? formatearFecha(hoyIso(new Date(a.convocada_en))) : "—"}.</p>`,
      q
        ? `<p>Censo: ${q.censo}. Presentes: ${q.presentes}. Representados: ${q.representados}. Quórum ${q.alcanzado ? "alcanzado" : "no alcanzado"} en ${q.convocatoria} convocatoria.</p>`
        : "",
      "<h3>Orden del día</h3>",
      "<ol>",
      ...asamblea.puntos.map((p) => {
        const r = p.resultado;
        const res = r
          ? ` Votación ${p.votacion?.modo}: sí ${r.recuento.si}, no ${r.recuento.no}, abstenciones ${r.recuento.abstencion}. ${r.aprobado ? "Aprobado" : "No aprobado"}.`
          : "";
        return `<li><strong>${h(p.titulo)}</strong>${p.descripcion ? ` — ${h(p.descripcion)}` : ""}.${res}</li>`;
      }),
      "</ol>",
    ];
    return partes.filter(Boolean).join("\n");
  }

  async guardarActa(actor: Actor, id: number, contenido: string): Promise<Acta> {
    await this.repo.transaccion(async (repo) => {
      await this.fila(id, repo, true);
      const antes = await repo.acta(id, true);
      if (antes?.hash) throw conflicto("El acta está aprobada: ya no se puede cambiar");
      const limpio = htmlSeguro(contenido);
      await repo.guardarActa(id, limpio);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea_acta",
        idEntidad: id,
        accion: "modificar",
        cambios: [{ campo: "contenido", antes: antes?.contenido ?? null, despues: limpio }],
      });
    });
    return this.acta(id);
  }

  /** Approval (usually at the next assembly): locks the minutes with their content's hash. */
  async aprobarActa(actor: Actor, id: number, fecha: string): Promise<Acta> {
    // Minutes never saved are approved as the app's draft, drawn before the transaction: it reads
    // through the service's own queries, which inside it would wait for the connection the
    // transaction holds (PGlite has one; the fuzzer found the request hanging).
    const borrador = (await this.repo.acta(id)) ? null : await this.borrador(await this.fila(id));
    await this.repo.transaccion(async (repo) => {
      await this.fila(id, repo, true);
      let acta = await repo.acta(id, true);
      if (acta?.hash) throw conflicto("El acta ya está aprobada");
      if (!acta) {
        await repo.guardarActa(id, borrador ?? "");
        acta = await repo.acta(id, true);
      }
      const contenido = acta?.contenido ?? "";
      const hash = createHash("sha256").update(contenido, "utf8").digest("hex");
      await repo.aprobarActa(id, fecha, hash);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "asamblea_acta",
        idEntidad: id,
        accion: "aprobar",
        cambios: [
          { campo: "aprobadaEn", antes: null, despues: fecha },
          { campo: "hash", antes: null, despues: hash },
        ],
      });
    });
    return this.acta(id);
  }

  async libroActas(): Promise<FicheroDescarga> {
    const actas = await this.repo.actasAprobadas();
    return {
      nombre: `libro-de-actas-${hoyIso()}.pdf`,
      tipo: "application/pdf",
      contenido: await pdfActas(actas),
    };
  }

  async libroRegistro(formato: "pdf" | "xlsx"): Promise<FicheroDescarga> {
    const { socios, movimientos, periodos } = await this.repo.libroRegistro();
    const porSocio = new Map<number, { accion: string; fecha: string }[]>();
    for (const m of movimientos) {
      const l = porSocio.get(m.id_entidad) ?? [];
      l.push({ accion: m.accion, fecha: hoyIso(new Date(m.creado_en)) });
      porSocio.set(m.id_entidad, l);
    }
    const filas = socios.map((s) => ({
      matricula: s.matricula,
      nombre: nombre(s),
      nif: s.nif ?? "",
      // The member's periods in the filà (issue 49); from the record and the audit without them.
      periodos:
        periodos.get(s.id)?.map((p) => ({ alta: p.desde, baja: p.hasta })) ??
        periodosDe(s, porSocio.get(s.id) ?? []),
    }));
    return formato === "xlsx"
      ? {
          nombre: `libro-registro-socios-${hoyIso()}.xlsx`,
          tipo: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          contenido: await xlsxLibroRegistro(filas),
        }
      : {
          nombre: `libro-registro-socios-${hoyIso()}.pdf`,
          tipo: "application/pdf",
          contenido: await pdfLibroRegistro(filas),
        };
  }
}

/**
 * The periods of a member without stored periods (`socio_periodo`), from the audit's leaves and
 * re-joins and the record's own dates: the first joining is `fecha_alta` (or 1 January of
 * `anyo_alta`), each `baja` closes a period, each `alta` opens one.
 */
export function periodosDe(
  s: {
    fecha_alta: string | null;
    anyo_alta: number | null;
    fecha_baja: string | null;
    activo: boolean;
  },
  movimientos: { accion: string; fecha: string }[],
): { alta: string | null; baja: string | null }[] {
  const periodos: { alta: string | null; baja: string | null }[] = [];
  let abierto: { alta: string | null; baja: string | null } | null = {
    alta: s.fecha_alta ?? (s.anyo_alta ? `${s.anyo_alta}-01-01` : null),
    baja: null,
  };
  for (const m of movimientos) {
    if (m.accion === "baja" && abierto) {
      abierto.baja = m.fecha;
      periodos.push(abierto);
      abierto = null;
    } else if (m.accion === "alta" && !abierto) {
      abierto = { alta: m.fecha, baja: null };
    }
  }
  if (abierto) {
    if (!s.activo) abierto.baja = s.fecha_baja;
    periodos.push(abierto);
  }
  return periodos;
}

function horaMadrid(d: Date): string {
  return new Intl.DateTimeFormat("es-ES", {
    timeZone: "Europe/Madrid",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(d));
}

/** The call's text: the order of the day, the calls and where. */
function ordenDelDia(a: Asamblea, reglas: ReglasAsamblea): string {
  const h = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    `<p>Se convoca a {{nombre}} {{apellidos}} a la asamblea general ${h(a.caracter)} «${h(a.nombreActo)}», el ${formatearFecha(a.fecha)}${a.lugar ? ` en ${h(a.lugar)}` : ""}.</p>`,
    `<p>Primera convocatoria: ${h(horaMadrid(new Date(a.primeraConvocatoria)))}${a.segundaConvocatoria ? `; segunda convocatoria: ${h(horaMadrid(new Date(a.segundaConvocatoria)))}` : ""}.</p>`,
    "<p>Orden del día:</p><ol>",
    ...a.puntos.map(
      (p) => `<li>${h(p.titulo)}${p.descripcion ? `: ${h(p.descripcion)}` : ""}</li>`,
    ),
    "</ol>",
    reglas.maxDelegaciones > 0
      ? "<p>Puedes delegar tu voto en otro socio del censo desde la aplicación («Delegar mi voto») o con una delegación firmada entregada a la junta.</p>"
      : "",
  ]
    .filter(Boolean)
    .join("\n");
}
