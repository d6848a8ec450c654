import {
  aCentimos,
  aEuros,
  type ConciliacionCuenta,
  type CuentaExtracto,
  type DecisionExtracto,
  DIAS_MARGEN_CONCILIACION,
  type ExtractoImportado,
  type ExtractoResumen,
  esExtractoRepetido,
  formatearFecha,
  formatearImporte,
  huellaApunte,
  type ImportacionExtracto,
  type LineaExtracto,
  type ListaExtractosQuery,
  type ListaReglasQuery,
  type MovimientoResumen,
  normalizarIban,
  type PropuestaConciliacion,
  type PropuestaLinea,
  proponerConciliacion,
  type ReglaTesoreria,
  type ReglaTesoreriaEntrada,
  textoDeApunte,
} from "@fila/domain";
import { type Detalle, DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias } from "../../services/auditoria.js";
import { leerExtracto } from "../../services/tesoreria/extractos.js";
import type {
  CuentaExtractoFila,
  ExtractoFila,
  ExtractosRepository,
  LineaExtractoFila,
  MovimientoCandidato,
  ReglaFila,
} from "./extractos.repository.js";

type Actor = Pick<UsuarioAutenticado, "id">;

const invalido = (m: Mensaje, detalles: Detalle[]) => new DomainError("validacion", m, detalles);
const conflicto = (m: Mensaje) => new DomainError("conflicto", m);

/** A day moved by `dias` (`YYYY-MM-DD`). */
function moverDia(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** A statement line as the matching and the answer need it (from the file or from the table). */
type Linea = Omit<LineaExtractoFila, "id" | "idExtracto"> & { id: number | null };

const lineaDeApunte = (
  n: number,
  a: CuentaExtracto["apuntes"][number],
): Linea & { huella: string } => ({
  id: null,
  orden: n,
  linea: a.linea,
  fechaOperacion: a.fechaOperacion,
  fechaValor: a.fechaValor,
  importe: a.importeCentimos,
  concepto: a.concepto,
  conceptos: a.conceptos,
  conceptoComun: a.conceptoComun,
  conceptoPropio: a.conceptoPropio,
  documento: a.documento,
  referencia1: a.referencia1,
  referencia2: a.referencia2,
  endToEndId: a.endToEndId,
  referenciaBanco: a.referenciaBanco,
  estado: "pendiente",
  huella: huellaApunte(a),
});

const textoDeLinea = (l: Linea) =>
  textoDeApunte({
    linea: l.linea,
    fechaOperacion: l.fechaOperacion,
    fechaValor: l.fechaValor,
    importeCentimos: l.importe,
    concepto: l.concepto,
    conceptos: l.conceptos,
    conceptoComun: l.conceptoComun,
    conceptoPropio: l.conceptoPropio,
    documento: l.documento,
    referencia1: l.referencia1,
    referencia2: l.referencia2,
    endToEndId: l.endToEndId,
    referenciaBanco: l.referenciaBanco,
  });

const resumen = (m: MovimientoCandidato): MovimientoResumen => ({
  id: m.id,
  fecha: m.fecha,
  concepto: m.concepto,
  importe: aEuros(m.importe),
  origen: { tipo: m.origen, id: m.origenId },
});

const presentarRegla = (r: ReglaFila): ReglaTesoreria => ({ ...r });

/**
 * The bank's statement reconciled with the book (issue 47): import a Norma 43 or camt.053 file,
 * recognise each account by its IBAN, refuse one already imported, propose the movements each
 * line matches (or a category for a new one), and apply the treasurer's decisions. Also the
 * category rules and the bank against book balance of each account.
 */
export class ExtractosService {
  constructor(private readonly repo: ExtractosRepository) {}

  // ——— Import ———

  async importar(
    actor: Actor,
    archivo: { contenido: Uint8Array; nombre: string },
    op: { confirmar: boolean; idCuenta?: number; decisiones?: DecisionExtracto[] },
  ): Promise<ImportacionExtracto> {
    if (op.decisiones && !op.confirmar) {
      throw invalido("tesoreria.revisa_decisiones", [
        { campo: "decisiones", clave: "tesoreria.decisiones_sin_confirmar" },
      ]);
    }
    const leido = leerExtracto(archivo.contenido);
    let n = 0;
    const delFichero = leido.cuentas.map((c) => ({
      c,
      lineas: c.apuntes.map((a) => {
        n += 1;
        return lineaDeApunte(n, a);
      }),
    }));
    const cuentas = this.reconocerCuentas(await this.repo.cuentas(), leido.cuentas, op.idCuenta);

    return this.repo.transaccion(async (repo) => {
      if (op.confirmar) {
        await repo.tesoreria().bloquearCierres(false);
        for (const id of [...new Set(cuentas.map((c) => c.id))].sort((a, b) => a - b)) {
          await repo.bloquearCuenta(id);
        }
      }
      // A statement already imported, by any of its accounts.
      for (const [i, { c, lineas }] of delFichero.entries()) {
        const cuenta = cuentas[i] as CuentaExtractoFila;
        const nuevo = {
          desde: c.fechaDesde,
          hasta: c.fechaHasta,
          lineas: lineas.map((l) => ({ fecha: l.fechaOperacion, huella: l.huella })),
        };
        for (const viejo of await repo.solapados(cuenta.id, c.fechaDesde, c.fechaHasta)) {
          if (esExtractoRepetido(nuevo, viejo)) {
            throw new DomainError(
              "duplicado",
              mensajeCon("tesoreria.extracto_repetido", {
                cuenta: cuenta.nombre,
                desde: formatearFecha(c.fechaDesde),
                hasta: formatearFecha(c.fechaHasta),
                id: viejo.id,
              }),
              [
                {
                  campo: "archivo",
                  clave: mensajeCon("tesoreria.extracto_repetido", {
                    cuenta: cuenta.nombre,
                    desde: formatearFecha(c.fechaDesde),
                    hasta: formatearFecha(c.fechaHasta),
                    id: viejo.id,
                  }),
                },
              ],
            );
          }
        }
      }
      const reglas = await repo.reglas(true);
      const preparadas = [];
      for (const [i, { c, lineas }] of delFichero.entries()) {
        const cuenta = cuentas[i] as CuentaExtractoFila;
        const candidatos = await repo.sinConciliar(
          cuenta.id,
          moverDia(c.fechaDesde, -DIAS_MARGEN_CONCILIACION),
          moverDia(c.fechaHasta, DIAS_MARGEN_CONCILIACION),
        );
        const propuestas = proponerConciliacion(
          lineas.map((l) => ({
            n: l.orden,
            fecha: l.fechaOperacion,
            importe: l.importe,
            texto: textoDeLinea(l),
          })),
          candidatos,
          reglas,
        );
        preparadas.push({ c, cuenta, lineas, candidatos, propuestas });
      }
      const categorias = await this.categoriasDePropuestas(
        repo,
        preparadas.flatMap((p) => [...p.propuestas.values()]),
      );

      if (!op.confirmar) {
        const respuesta: ImportacionExtracto = {
          formato: leido.formato,
          confirmado: false,
          cuentas: [],
        };
        for (const p of preparadas) {
          const saldoLibro = await repo.saldoLibro(p.cuenta.id, p.c.fechaHasta);
          respuesta.cuentas.push({
            idExtracto: null,
            idCuenta: p.cuenta.id,
            cuenta: p.cuenta.nombre,
            iban: p.c.iban ?? "",
            fechaDesde: p.c.fechaDesde,
            fechaHasta: p.c.fechaHasta,
            saldoInicial: aEuros(p.c.saldoInicialCentimos),
            saldoFinal: aEuros(p.c.saldoFinalCentimos),
            saldoLibro: aEuros(saldoLibro),
            diferencia: aEuros(p.c.saldoFinalCentimos - saldoLibro),
            lineas: p.lineas.map((l) =>
              this.presentarLinea(
                l,
                p.propuestas.get(l.orden) ?? null,
                p.candidatos,
                categorias,
                [],
              ),
            ),
          });
        }
        return respuesta;
      }

      // Confirmed: the treasurer's decisions, or the proposals that can be applied (a new
      // movement in a closed year or before the account's opening balance waits, pending).
      const cerrados = await repo.tesoreria().cerrados();
      const decisiones =
        op.decisiones ??
        preparadas.flatMap((p) =>
          p.lineas.flatMap((l): DecisionExtracto[] => {
            const pr = p.propuestas.get(l.orden);
            if (l.importe === 0) return [{ n: l.orden, accion: "omitir" }];
            if (!pr) return [];
            const escribe = pr.accion === "nuevo" || pr.comision > 0;
            if (
              escribe &&
              (cerrados.has(Number(l.fechaOperacion.slice(0, 4))) ||
                l.fechaOperacion < p.cuenta.fechaSaldoInicial)
            ) {
              return [];
            }
            if (pr.accion === "conciliar") {
              return [
                {
                  n: l.orden,
                  accion: "conciliar",
                  idsMovimiento: pr.idsMovimiento,
                  ...(pr.comision > 0 ? { comision: aEuros(pr.comision) } : {}),
                },
              ];
            }
            return pr.idCategoria === null
              ? []
              : [{ n: l.orden, accion: "nuevo", idCategoria: pr.idCategoria }];
          }),
        );
      const porN = this.comprobarNumeros(
        decisiones,
        new Set(preparadas.flatMap((p) => p.lineas.map((l) => l.orden))),
      );
      const ids: number[] = [];
      for (const p of preparadas) {
        const { id, idsLinea } = await repo.insertarExtracto({
          idCuenta: p.cuenta.id,
          formato: leido.formato,
          nombreArchivo: archivo.nombre.slice(0, 200),
          iban: p.c.iban ?? "",
          fechaDesde: p.c.fechaDesde,
          fechaHasta: p.c.fechaHasta,
          saldoInicial: p.c.saldoInicialCentimos,
          saldoFinal: p.c.saldoFinalCentimos,
          idUsuario: actor.id,
          lineas: p.lineas,
        });
        ids.push(id);
        await repo.auditar({
          idUsuario: actor.id,
          entidad: "extracto",
          idEntidad: id,
          accion: "importar",
          cambios: [
            { campo: "idCuenta", antes: null, despues: p.cuenta.id },
            { campo: "formato", antes: null, despues: leido.formato },
            { campo: "periodo", antes: null, despues: `${p.c.fechaDesde} – ${p.c.fechaHasta}` },
            { campo: "lineas", antes: null, despues: p.lineas.length },
            { campo: "saldoFinal", antes: null, despues: aEuros(p.c.saldoFinalCentimos) },
          ],
        });
        await this.aplicar(
          repo,
          actor,
          p.cuenta,
          p.lineas.map((l) => ({ ...l, id: idsLinea.get(l.orden) as number })),
          porN,
        );
      }
      const cuentasRespuesta = [];
      for (const id of ids) cuentasRespuesta.push(await this.leerExtracto(repo, id));
      return {
        formato: leido.formato,
        confirmado: true,
        cuentas: cuentasRespuesta.map((x) => ({
          idExtracto: x.id,
          idCuenta: x.idCuenta,
          cuenta: x.cuenta,
          iban: x.iban,
          fechaDesde: x.fechaDesde,
          fechaHasta: x.fechaHasta,
          saldoInicial: x.saldoInicial,
          saldoFinal: x.saldoFinal,
          saldoLibro: x.saldoLibro,
          diferencia: x.diferencia,
          lineas: x.lineas,
        })),
      };
    });
  }

  /** Each account of the file by its IBAN; `idCuenta` only for a one-account file it doesn't name. */
  private reconocerCuentas(
    todas: CuentaExtractoFila[],
    delFichero: CuentaExtracto[],
    idCuenta: number | undefined,
  ): CuentaExtractoFila[] {
    if (idCuenta !== undefined && delFichero.length > 1) {
      throw invalido("tesoreria.extracto_idcuenta_varias", [
        { campo: "idCuenta", clave: "tesoreria.extracto_idcuenta_varias" },
      ]);
    }
    return delFichero.map((c) => {
      const iban = normalizarIban(c.iban ?? "");
      const porIban = iban
        ? todas.find((t) => t.iban !== "" && normalizarIban(t.iban) === iban)
        : undefined;
      let cuenta: CuentaExtractoFila | undefined;
      let campo = "archivo";
      if (porIban) {
        if (idCuenta !== undefined && idCuenta !== porIban.id) {
          const m = mensajeCon("tesoreria.extracto_idcuenta_otra", {
            iban,
            cuenta: porIban.nombre,
          });
          throw invalido(m, [{ campo: "idCuenta", clave: m }]);
        }
        cuenta = porIban;
      } else if (idCuenta !== undefined) {
        campo = "idCuenta";
        cuenta = todas.find((t) => t.id === idCuenta);
        if (!cuenta) {
          const m = mensajeCon("tesoreria.cuenta_no_existe", { id: idCuenta });
          throw invalido(m, [{ campo, clave: m }]);
        }
      } else {
        const m = mensajeCon("tesoreria.extracto_cuenta_desconocida", { iban: iban || "?" });
        throw invalido(m, [{ campo: "archivo", clave: m }]);
      }
      if (!cuenta.activo) {
        const m = mensajeCon("tesoreria.cuenta_desactivada", { nombre: cuenta.nombre });
        throw invalido(m, [{ campo, clave: m }]);
      }
      return cuenta;
    });
  }

  /** One decision per line at most, each for a line of the statement (400 naming it). */
  private comprobarNumeros(
    decisiones: DecisionExtracto[],
    numeros: ReadonlySet<number>,
  ): Map<number, { d: DecisionExtracto; i: number }> {
    const porN = new Map<number, { d: DecisionExtracto; i: number }>();
    const detalles: Detalle[] = [];
    decisiones.forEach((d, i) => {
      if (!numeros.has(d.n)) {
        detalles.push({
          campo: `decisiones.${i}.n`,
          clave: mensajeCon("tesoreria.decision_linea_no_existe", { n: d.n }),
        });
      } else if (porN.has(d.n)) {
        detalles.push({
          campo: `decisiones.${i}.n`,
          clave: mensajeCon("tesoreria.decision_repetida", { n: d.n }),
        });
      } else {
        porN.set(d.n, { d, i });
      }
    });
    if (detalles.length > 0) throw invalido("tesoreria.revisa_decisiones", detalles);
    return porN;
  }

  /**
   * Applies the decisions of one account's lines (their ids known): checks them all first (400
   * naming `decisiones[i]`, 409 for a movement matched elsewhere or a closed year), then matches
   * lines to movements, creates the new movements and the POS fee, and marks each line.
   */
  private async aplicar(
    repo: ExtractosRepository,
    actor: Actor,
    cuenta: CuentaExtractoFila,
    lineas: (Linea & { id: number })[],
    porN: Map<number, { d: DecisionExtracto; i: number }>,
  ): Promise<void> {
    const tes = repo.tesoreria();
    const detalles: Detalle[] = [];
    const propias = lineas.flatMap((l) => {
      const x = porN.get(l.orden);
      return x ? [{ l, ...x }] : [];
    });
    const idsMov = propias.flatMap((p) => (p.d.accion === "conciliar" ? p.d.idsMovimiento : []));
    const movimientos = new Map((await repo.movimientosPorId(idsMov)).map((m) => [m.id, m]));
    const categorias = await repo.nombresCategorias(
      propias.flatMap((p) => (p.d.accion === "nuevo" ? [p.d.idCategoria] : [])),
    );
    const cerrados = await tes.cerrados();
    const vistos = new Set<number>();
    for (const { l, d, i } of propias) {
      const campo = `decisiones.${i}`;
      if (d.accion === "conciliar") {
        let suma = 0;
        for (const id of d.idsMovimiento) {
          const m = movimientos.get(id);
          if (!m || m.idCuenta !== cuenta.id) {
            detalles.push({
              campo: `${campo}.idsMovimiento`,
              clave: mensajeCon("tesoreria.decision_movimiento_no_existe", {
                id,
                cuenta: cuenta.nombre,
              }),
            });
            continue;
          }
          if (vistos.has(id)) {
            detalles.push({
              campo: `${campo}.idsMovimiento`,
              clave: mensajeCon("tesoreria.decision_movimiento_repetido", { id }),
            });
          }
          vistos.add(id);
          if (m.idLinea !== null) {
            throw conflicto(mensajeCon("tesoreria.movimiento_ya_conciliado", { id }));
          }
          suma += m.importe;
        }
        const comision = d.comision === undefined ? 0 : aCentimos(d.comision);
        if (suma - comision !== l.importe) {
          detalles.push({
            campo,
            clave: mensajeCon("tesoreria.decision_no_suma", {
              suma: formatearImporte(suma - comision),
              n: l.orden,
              importe: formatearImporte(l.importe),
            }),
          });
        }
        if (comision > 0 && cerrados.has(Number(l.fechaOperacion.slice(0, 4)))) {
          throw conflicto(
            mensajeCon("tesoreria.anyo_cerrado", { anyo: l.fechaOperacion.slice(0, 4) }),
          );
        }
      } else if (d.accion === "nuevo") {
        const c = categorias.get(d.idCategoria);
        if (!c) {
          detalles.push({
            campo: `${campo}.idCategoria`,
            clave: mensajeCon("tesoreria.categoria_no_existe", { id: d.idCategoria }),
          });
        }
        if (l.importe === 0) {
          detalles.push({ campo, clave: "tesoreria.revisa_movimiento" });
        }
        if (l.fechaOperacion < cuenta.fechaSaldoInicial) {
          detalles.push({
            campo,
            clave: mensajeCon("tesoreria.antes_saldo_inicial", { fecha: cuenta.fechaSaldoInicial }),
          });
        }
        if (cerrados.has(Number(l.fechaOperacion.slice(0, 4)))) {
          throw conflicto(
            mensajeCon("tesoreria.anyo_cerrado", { anyo: l.fechaOperacion.slice(0, 4) }),
          );
        }
      }
    }
    if (detalles.length > 0) throw invalido("tesoreria.revisa_decisiones", detalles);

    // Written in a few statements whatever the number of lines (one by one, a month of 500 lines
    // took seconds on PGlite): the new movements, their audit, the matches, the lines' states.
    const idComisiones = propias.some(
      ({ d }) => d.accion === "conciliar" && d.comision !== undefined && d.comision > 0,
    )
      ? await this.categoriaComisiones(repo)
      : 0;
    const nuevos = propias.flatMap(({ l, d }) => {
      if (d.accion === "conciliar" && d.comision !== undefined && d.comision > 0) {
        return [
          this.movimientoDeLinea(actor, cuenta, l, {
            concepto: `Comisión del TPV: ${l.concepto}`.slice(0, 200),
            importe: -aCentimos(d.comision),
            idCategoria: idComisiones,
            clave: `extracto:${l.id}:comision`,
          }),
        ];
      }
      if (d.accion === "nuevo") {
        return [
          this.movimientoDeLinea(actor, cuenta, l, {
            concepto: (d.concepto ?? l.concepto ?? "").slice(0, 200) || "Apunte del banco",
            importe: l.importe,
            idCategoria: d.idCategoria,
            clave: `extracto:${l.id}`,
          }),
        ];
      }
      return [];
    });
    const idsNuevos = await tes.insertarMovimientos(nuevos);
    for (const m of nuevos) {
      if (!idsNuevos.has(m.claveOrigen)) {
        throw conflicto(mensajeCon("tesoreria.linea_ya_decidida", { n: m.orden }));
      }
    }
    await repo.auditarVarios(
      nuevos.map((m) => ({
        idUsuario: actor.id,
        entidad: "movimiento",
        idEntidad: idsNuevos.get(m.claveOrigen) as number,
        accion: "crear",
        cambios: diferencias(null, {
          origen: m.claveOrigen,
          idCuenta: cuenta.id,
          fecha: m.fecha,
          concepto: m.concepto,
          importe: aEuros(m.importe),
          idCategoria: m.lineas[0]?.idCategoria,
        }),
      })),
    );

    const enlaces = propias.flatMap(({ l, d }) => {
      if (d.accion === "omitir") return [];
      const ids = d.accion === "conciliar" ? [...d.idsMovimiento] : [];
      for (const clave of [`extracto:${l.id}:comision`, `extracto:${l.id}`]) {
        const id = idsNuevos.get(clave);
        if (id !== undefined) ids.push(id);
      }
      return [{ l, ids }];
    });
    const conciliados = await repo.conciliarVarios(
      enlaces.flatMap(({ l, ids }) => ids.map((idMovimiento) => ({ idLinea: l.id, idMovimiento }))),
    );
    for (const { ids } of enlaces) {
      if (ids.some((id) => !conciliados.has(id))) {
        throw conflicto(mensajeCon("tesoreria.movimiento_ya_conciliado", { id: ids.join(", ") }));
      }
    }

    const omitidas = propias.filter(({ d }) => d.accion === "omitir").map(({ l }) => l);
    const decididas = new Set([
      ...(await repo.decidirLineas(
        enlaces.map(({ l }) => l.id),
        "conciliada",
      )),
      ...(await repo.decidirLineas(
        omitidas.map((l) => l.id),
        "omitida",
      )),
    ]);
    for (const { l } of propias) {
      if (!decididas.has(l.id)) {
        throw conflicto(mensajeCon("tesoreria.linea_ya_decidida", { n: l.orden }));
      }
    }
    await repo.auditarVarios([
      ...omitidas.map((l) => ({
        idUsuario: actor.id,
        entidad: "extracto_linea",
        idEntidad: l.id,
        accion: "omitir",
        cambios: [{ campo: "estado", antes: "pendiente", despues: "omitida" }],
      })),
      ...enlaces.map(({ l, ids }) => ({
        idUsuario: actor.id,
        entidad: "extracto_linea",
        idEntidad: l.id,
        accion: "conciliar",
        cambios: [{ campo: "idsMovimiento", antes: null, despues: ids.join(", ") }],
      })),
    ]);
  }

  /** The movement a statement's line creates (origin `extracto`, one category line). */
  private movimientoDeLinea(
    actor: Actor,
    cuenta: CuentaExtractoFila,
    l: Linea & { id: number },
    m: { concepto: string; importe: number; idCategoria: number; clave: string },
  ) {
    return {
      orden: l.orden,
      idCuenta: cuenta.id,
      fecha: l.fechaOperacion,
      concepto: m.concepto,
      importe: m.importe,
      proveedor: "",
      nota: "",
      origenTipo: "extracto" as const,
      origenId: l.id,
      claveOrigen: m.clave,
      idCorrige: null,
      fechaOriginal: null,
      idUsuario: actor.id,
      lineas: [{ idCategoria: m.idCategoria, importe: m.importe }],
    };
  }

  private async categoriaComisiones(repo: ExtractosRepository): Promise<number> {
    const tes = repo.tesoreria();
    let porClave = await tes.categoriasPorClave(["comisiones_bancarias"]);
    if (!porClave.has("comisiones_bancarias")) {
      await tes.asegurarInicio();
      porClave = await tes.categoriasPorClave(["comisiones_bancarias"]);
    }
    const id = porClave.get("comisiones_bancarias");
    if (id === undefined) throw new Error("tesorería sin la categoría comisiones_bancarias");
    return id;
  }

  private async categoriasDePropuestas(
    repo: ExtractosRepository,
    propuestas: PropuestaConciliacion[],
  ) {
    return repo.nombresCategorias([
      ...new Set(
        propuestas.flatMap((p) =>
          p.accion === "nuevo" && p.idCategoria !== null ? [p.idCategoria] : [],
        ),
      ),
    ]);
  }

  private presentarLinea(
    l: Linea,
    propuesta: PropuestaConciliacion | null,
    candidatos: MovimientoCandidato[],
    categorias: Map<number, { nombre: string }>,
    conciliados: MovimientoCandidato[],
  ): LineaExtracto {
    let p: PropuestaLinea | null = null;
    if (propuesta?.accion === "conciliar") {
      p = {
        accion: "conciliar",
        regla: propuesta.regla,
        movimientos: propuesta.idsMovimiento.flatMap((id) => {
          const m = candidatos.find((c) => c.id === id);
          return m ? [resumen(m)] : [];
        }),
        comision: aEuros(propuesta.comision),
      };
    } else if (propuesta?.accion === "nuevo") {
      p = {
        accion: "nuevo",
        idCategoria: propuesta.idCategoria,
        categoria:
          propuesta.idCategoria === null
            ? null
            : (categorias.get(propuesta.idCategoria)?.nombre ?? null),
        idRegla: propuesta.idRegla,
      };
    }
    return {
      id: l.id,
      n: l.orden,
      linea: l.linea,
      fechaOperacion: l.fechaOperacion,
      fechaValor: l.fechaValor,
      importe: aEuros(l.importe),
      concepto: l.concepto,
      conceptos: l.conceptos,
      conceptoComun: l.conceptoComun,
      conceptoPropio: l.conceptoPropio,
      documento: l.documento,
      referencia1: l.referencia1,
      referencia2: l.referencia2,
      endToEndId: l.endToEndId,
      referenciaBanco: l.referenciaBanco,
      estado: l.estado,
      propuesta: l.estado === "pendiente" ? p : null,
      movimientos: conciliados.map(resumen),
    };
  }

  // ——— Imported statements ———

  private presentarResumen(x: ExtractoFila): ExtractoResumen {
    return {
      ...x,
      saldoInicial: aEuros(x.saldoInicial),
      saldoFinal: aEuros(x.saldoFinal),
      importadoEn: x.importadoEn.toISOString(),
    };
  }

  async listar(q: ListaExtractosQuery) {
    const { items, total } = await this.repo.listarExtractos(q);
    return {
      items: items.map((x) => this.presentarResumen(x)),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async obtener(id: number): Promise<ExtractoImportado> {
    const x = await this.leerExtracto(this.repo, id);
    const { iban: _iban, ...resto } = x;
    return resto;
  }

  /** A statement with its lines, what each matched and, for a pending one, today's proposal. */
  private async leerExtracto(
    repo: ExtractosRepository,
    id: number,
  ): Promise<ExtractoImportado & { iban: string }> {
    const x = await repo.extracto(id);
    if (!x) throw noEncontrado("no_encontrado.extracto");
    const lineas = await repo.lineas(id);
    const conciliados = await repo.movimientosDeLineas(lineas.map((l) => l.id));
    const pendientes = lineas.filter((l) => l.estado === "pendiente");
    let candidatos: MovimientoCandidato[] = [];
    let propuestas = new Map<number, PropuestaConciliacion>();
    if (pendientes.length > 0) {
      candidatos = await repo.sinConciliar(
        x.idCuenta,
        moverDia(x.fechaDesde, -DIAS_MARGEN_CONCILIACION),
        moverDia(x.fechaHasta, DIAS_MARGEN_CONCILIACION),
      );
      propuestas = proponerConciliacion(
        pendientes.map((l) => ({
          n: l.orden,
          fecha: l.fechaOperacion,
          importe: l.importe,
          texto: textoDeLinea(l),
        })),
        candidatos,
        await repo.reglas(true),
      );
    }
    const categorias = await this.categoriasDePropuestas(repo, [...propuestas.values()]);
    const saldoLibro = await repo.saldoLibro(x.idCuenta, x.fechaHasta);
    const cuenta = (await repo.cuentas()).find((c) => c.id === x.idCuenta);
    return {
      ...this.presentarResumen(x),
      iban: cuenta?.iban ?? "",
      saldoLibro: aEuros(saldoLibro),
      diferencia: aEuros(x.saldoFinal - saldoLibro),
      lineas: lineas.map((l) =>
        this.presentarLinea(
          l,
          propuestas.get(l.orden) ?? null,
          candidatos,
          categorias,
          conciliados.filter((m) => m.idLinea === l.id),
        ),
      ),
    };
  }

  /** Decides the pending lines of an imported statement (a decided line → 409). */
  async decidir(
    actor: Actor,
    id: number,
    decisiones: DecisionExtracto[],
  ): Promise<ExtractoImportado> {
    await this.repo.transaccion(async (repo) => {
      const x = await repo.extracto(id);
      if (!x) throw noEncontrado("no_encontrado.extracto");
      await repo.tesoreria().bloquearCierres(false);
      await repo.bloquearCuenta(x.idCuenta);
      const lineas = await repo.lineas(id);
      const porN = this.comprobarNumeros(decisiones, new Set(lineas.map((l) => l.orden)));
      for (const l of lineas) {
        if (porN.has(l.orden) && l.estado !== "pendiente") {
          throw conflicto(mensajeCon("tesoreria.linea_ya_decidida", { n: l.orden }));
        }
      }
      const cuenta = (await repo.cuentas()).find((c) => c.id === x.idCuenta) as CuentaExtractoFila;
      await this.aplicar(repo, actor, cuenta, lineas, porN);
    });
    return this.obtener(id);
  }

  /** Each active bank account: its latest statement's balance against the book's, and pending lines. */
  async conciliacion(): Promise<ConciliacionCuenta[]> {
    const filas = await this.repo.conciliacion();
    const res: ConciliacionCuenta[] = [];
    for (const f of filas) {
      const saldoLibro = await this.repo.saldoLibro(f.idCuenta, f.fechaExtracto ?? "9999-12-31");
      res.push({
        idCuenta: f.idCuenta,
        cuenta: f.cuenta,
        iban: f.iban,
        idExtracto: f.idExtracto,
        fechaExtracto: f.fechaExtracto,
        saldoBanco: f.saldoBanco === null ? null : aEuros(f.saldoBanco),
        saldoLibro: aEuros(saldoLibro),
        diferencia: f.saldoBanco === null ? null : aEuros(f.saldoBanco - saldoLibro),
        lineasPendientes: f.pendientes,
      });
    }
    return res;
  }

  // ——— Rules ———

  async listarReglas(q: ListaReglasQuery) {
    const items = await this.repo.reglas(false, q);
    return {
      items: items.map(presentarRegla),
      total: await this.repo.contarReglas(),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async obtenerRegla(id: number): Promise<ReglaTesoreria> {
    const r = await this.repo.regla(id);
    if (!r) throw noEncontrado("no_encontrado.regla_tesoreria");
    return presentarRegla(r);
  }

  private async comprobarCategoria(repo: ExtractosRepository, idCategoria: number) {
    if (!(await repo.nombresCategorias([idCategoria])).has(idCategoria)) {
      throw invalido("tesoreria.revisa_regla", [
        {
          campo: "idCategoria",
          clave: mensajeCon("tesoreria.categoria_no_existe", { id: idCategoria }),
        },
      ]);
    }
  }

  async crearRegla(actor: Actor, e: ReglaTesoreriaEntrada): Promise<ReglaTesoreria> {
    const id = await this.repo.transaccion(async (repo) => {
      await this.comprobarCategoria(repo, e.idCategoria);
      const id = await repo.crearRegla(e);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "regla_tesoreria",
        idEntidad: id,
        accion: "crear",
        cambios: diferencias(null, e),
      });
      return id;
    });
    return this.obtenerRegla(id);
  }

  async actualizarRegla(
    actor: Actor,
    id: number,
    e: ReglaTesoreriaEntrada,
  ): Promise<ReglaTesoreria> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.regla(id);
      if (!antes) throw noEncontrado("no_encontrado.regla_tesoreria");
      await this.comprobarCategoria(repo, e.idCategoria);
      await repo.actualizarRegla(id, e);
      const { id: _id, categoria: _c, ...viejo } = antes;
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "regla_tesoreria",
        idEntidad: id,
        accion: "modificar",
        cambios: diferencias(viejo, e),
      });
    });
    return this.obtenerRegla(id);
  }

  async borrarRegla(actor: Actor, id: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.regla(id);
      if (!antes || !(await repo.borrarRegla(id))) {
        throw noEncontrado("no_encontrado.regla_tesoreria");
      }
      const { id: _id, categoria: _c, ...viejo } = antes;
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "regla_tesoreria",
        idEntidad: id,
        accion: "borrar",
        cambios: Object.entries(viejo).map(([campo, antes]) => ({ campo, antes, despues: null })),
      });
    });
  }
}
