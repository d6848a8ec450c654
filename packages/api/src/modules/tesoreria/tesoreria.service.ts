import {
  type AjustesTesoreria,
  aCentimos,
  aEuros,
  type CategoriaTesoreria,
  type CategoriaTesoreriaEntrada,
  type CierreTesoreria,
  type ContraasientoEntrada,
  type CuentasAnuales,
  type CuentaTesoreria,
  type CuentaTesoreriaEntrada,
  type DocumentoMovimiento,
  type ExportMovimientosQuery,
  hoyIso,
  type Idioma,
  type ListaCategoriasTesoreriaQuery,
  type ListaCuentasTesoreriaQuery,
  type ListaMovimientos,
  type ListaMovimientosQuery,
  type Movimiento,
  type MovimientoEntrada,
  PARTIDAS_ESFL,
  type Presupuesto,
  type PresupuestoEntrada,
  partidaEsfl,
} from "@fila/domain";
import { type Detalle, DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import type { ArchivoSubido } from "../../plugins/subidas.js";
import { AlmacenArchivos } from "../../services/archivos.js";
import { diferencias } from "../../services/auditoria.js";
import { clasificarDocumento, nombreDescarga } from "../documentos/documentos.tipos.js";
import type { FicheroExportado } from "../pagos/pagos.export.js";
import { exportarCuentasAnuales, exportarMovimientos } from "./tesoreria.ficheros.js";
import {
  presentarCategoria,
  presentarCuenta,
  presentarDocumento,
  presentarMovimiento,
} from "./tesoreria.presenter.js";
import type { CategoriaFila, TesoreriaRepository } from "./tesoreria.repository.js";

type Actor = Pick<UsuarioAutenticado, "id">;

const invalido = (m: Mensaje, detalles: Detalle[]) => new DomainError("validacion", m, detalles);
const conflicto = (m: Mensaje) => new DomainError("conflicto", m);
const anyoCerrado = (anyo: number) => conflicto(mensajeCon("tesoreria.anyo_cerrado", { anyo }));
const TIPO_NO_PERMITIDO = "documentos.tipo_no_permitido";

/** Euros of the API → cents of the book. */
const centimos = (euros: number) => aCentimos(euros);

export class TesoreriaService {
  private readonly archivos: AlmacenArchivos;

  constructor(
    private readonly repo: TesoreriaRepository,
    dataDir: string,
  ) {
    this.archivos = new AlmacenArchivos(dataDir, "tesoreria");
  }

  // ——— Accounts ———

  async listarCuentas(q: ListaCuentasTesoreriaQuery) {
    await this.repo.asegurarInicio();
    const { items, total } = await this.repo.listarCuentas(q);
    return { items: items.map(presentarCuenta), total, page: q.page, pageSize: q.pageSize };
  }

  async obtenerCuenta(id: number): Promise<CuentaTesoreria> {
    const c = await this.repo.cuenta(id);
    if (!c) throw noEncontrado("no_encontrado.cuenta_tesoreria");
    return presentarCuenta(c);
  }

  async crearCuenta(actor: Actor, e: CuentaTesoreriaEntrada): Promise<CuentaTesoreria> {
    const id = await this.repo.transaccion(async (repo) => {
      if (await repo.existeNombreCuenta(e.nombre)) {
        throw new DomainError("duplicado", "tesoreria.cuenta_nombre_repetido", [
          { campo: "nombre", clave: "tesoreria.cuenta_nombre_repetido" },
        ]);
      }
      const nueva = await repo.crearCuenta({ ...e, saldoInicial: centimos(e.saldoInicial) });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "cuenta_tesoreria",
        idEntidad: nueva,
        accion: "crear",
        cambios: diferencias(null, e),
      });
      return nueva;
    });
    return this.obtenerCuenta(id);
  }

  async actualizarCuenta(
    actor: Actor,
    id: number,
    e: CuentaTesoreriaEntrada,
  ): Promise<CuentaTesoreria> {
    await this.repo.transaccion(async (repo) => {
      await repo.bloquearCierres(true);
      const antes = await repo.cuenta(id);
      if (!antes) throw noEncontrado("no_encontrado.cuenta_tesoreria");
      if (await repo.existeNombreCuenta(e.nombre, id)) {
        throw new DomainError("duplicado", "tesoreria.cuenta_nombre_repetido", [
          { campo: "nombre", clave: "tesoreria.cuenta_nombre_repetido" },
        ]);
      }
      const saldoInicial = centimos(e.saldoInicial);
      const cambiaSaldo =
        saldoInicial !== Number(antes.saldoInicial) ||
        e.fechaSaldoInicial !== antes.fechaSaldoInicial;
      // The balances of a closed year's accounts would change under it.
      if (cambiaSaldo && (await repo.cerrados()).size > 0) {
        throw conflicto("tesoreria.saldo_inicial_con_cierre");
      }
      await repo.actualizarCuenta(id, { ...e, saldoInicial });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "cuenta_tesoreria",
        idEntidad: id,
        accion: "modificar",
        cambios: diferencias({ ...presentarCuenta(antes) }, e),
      });
    });
    return this.obtenerCuenta(id);
  }

  async ajustes(): Promise<AjustesTesoreria> {
    await this.repo.asegurarInicio();
    const a = await this.repo.ajustes();
    if (!a) throw new Error("tesorería sin ajustes");
    return a;
  }

  async guardarAjustes(actor: Actor, a: AjustesTesoreria): Promise<AjustesTesoreria> {
    await this.repo.transaccion(async (repo) => {
      await repo.asegurarInicio();
      const antes = await repo.ajustes();
      const detalles: Detalle[] = [];
      for (const campo of ["idCuentaBanco", "idCuentaTpv"] as const) {
        const c = await repo.cuenta(a[campo]);
        if (!c) {
          detalles.push({
            campo,
            clave: mensajeCon("tesoreria.cuenta_no_existe", { id: a[campo] }),
          });
        } else if (c.tipo !== "banco") {
          detalles.push({
            campo,
            clave: mensajeCon("tesoreria.cuenta_no_es_banco", { nombre: c.nombre }),
          });
        }
      }
      if (detalles.length > 0) throw invalido("tesoreria.revisa_ajustes", detalles);
      await repo.guardarAjustes(a);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "tesoreria_ajuste",
        idEntidad: 1,
        accion: "modificar",
        cambios: diferencias(antes ?? null, a),
      });
    });
    return this.ajustes();
  }

  // ——— Categories ———

  async listarCategorias(q: ListaCategoriasTesoreriaQuery) {
    await this.repo.asegurarInicio();
    const { items, total } = await this.repo.listarCategorias(q);
    return { items: items.map(presentarCategoria), total, page: q.page, pageSize: q.pageSize };
  }

  async obtenerCategoria(id: number): Promise<CategoriaTesoreria> {
    const c = await this.repo.categoria(id);
    if (!c) throw noEncontrado("no_encontrado.categoria_tesoreria");
    return presentarCategoria(c);
  }

  async crearCategoria(actor: Actor, e: CategoriaTesoreriaEntrada): Promise<CategoriaTesoreria> {
    const id = await this.repo.transaccion(async (repo) => {
      if (await repo.existeNombreCategoria(e.nombre)) {
        throw new DomainError("duplicado", "tesoreria.categoria_nombre_repetido", [
          { campo: "nombre", clave: "tesoreria.categoria_nombre_repetido" },
        ]);
      }
      const nueva = await repo.crearCategoria(e);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "categoria_tesoreria",
        idEntidad: nueva,
        accion: "crear",
        cambios: diferencias(null, e),
      });
      return nueva;
    });
    return this.obtenerCategoria(id);
  }

  async actualizarCategoria(
    actor: Actor,
    id: number,
    e: CategoriaTesoreriaEntrada,
  ): Promise<CategoriaTesoreria> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.categoria(id);
      if (!antes) throw noEncontrado("no_encontrado.categoria_tesoreria");
      if (await repo.existeNombreCategoria(e.nombre, id)) {
        throw new DomainError("duplicado", "tesoreria.categoria_nombre_repetido", [
          { campo: "nombre", clave: "tesoreria.categoria_nombre_repetido" },
        ]);
      }
      if (e.tipo !== antes.tipo && (await repo.categoriaEnUso(id))) {
        throw conflicto("tesoreria.categoria_en_uso_tipo");
      }
      await repo.actualizarCategoria(id, e);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "categoria_tesoreria",
        idEntidad: id,
        accion: "modificar",
        cambios: diferencias({ ...antes }, e),
      });
    });
    return this.obtenerCategoria(id);
  }

  // ——— Movements ———

  async listarMovimientos(q: ListaMovimientosQuery): Promise<ListaMovimientos> {
    const [filas, totales] = await Promise.all([
      this.repo.listarMovimientos(q),
      this.repo.totalesMovimientos(q),
    ]);
    const lineas = await this.repo.lineas(filas.map((f) => f.id));
    return {
      items: filas.map((f) => presentarMovimiento(f, lineas)),
      total: totales.total,
      page: q.page,
      pageSize: q.pageSize,
      totalIngresos: aEuros(totales.ingresos),
      totalGastos: aEuros(totales.gastos),
      neto: aEuros(totales.ingresos + totales.gastos),
    };
  }

  async obtenerMovimiento(id: number): Promise<Movimiento> {
    const m = await this.repo.movimiento(id);
    if (!m) throw noEncontrado("no_encontrado.movimiento");
    return presentarMovimiento(m, await this.repo.lineas([id]));
  }

  async exportarMovimientos(q: ExportMovimientosQuery, idioma: Idioma): Promise<FicheroExportado> {
    const filas = await this.repo.listarMovimientos({ ...q, sort: "fecha" });
    const lineas = await this.repo.lineas(filas.map((f) => f.id));
    return exportarMovimientos(
      filas.map((f) => presentarMovimiento(f, lineas)),
      q.formato,
      idioma,
    );
  }

  /** A movement entered by hand: its lines add up to it, in an open year, on an active account. */
  async crearMovimiento(actor: Actor, e: MovimientoEntrada): Promise<Movimiento> {
    const id = await this.repo.transaccion(async (repo) => {
      await repo.bloquearCierres(false);
      const detalles: Detalle[] = [];
      const cuenta = await repo.cuenta(e.idCuenta);
      if (!cuenta) {
        detalles.push({
          campo: "idCuenta",
          clave: mensajeCon("tesoreria.cuenta_no_existe", { id: e.idCuenta }),
        });
      } else if (!cuenta.activo) {
        detalles.push({
          campo: "idCuenta",
          clave: mensajeCon("tesoreria.cuenta_desactivada", { nombre: cuenta.nombre }),
        });
      } else if (e.fecha < cuenta.fechaSaldoInicial) {
        detalles.push({
          campo: "fecha",
          clave: mensajeCon("tesoreria.antes_saldo_inicial", { fecha: cuenta.fechaSaldoInicial }),
        });
      }
      detalles.push(...(await this.comprobarCategorias(repo, e.lineas)));
      if (detalles.length > 0) throw invalido("tesoreria.revisa_movimiento", detalles);
      const anyo = Number(e.fecha.slice(0, 4));
      if ((await repo.cerrados()).has(anyo)) throw anyoCerrado(anyo);
      const lineas = e.lineas.map((l) => ({
        idCategoria: l.idCategoria,
        importe: centimos(l.importe),
      }));
      const importe = centimos(e.importe);
      const nuevo = await repo.insertarMovimiento({
        idCuenta: e.idCuenta,
        fecha: e.fecha,
        concepto: e.concepto,
        importe,
        proveedor: e.proveedor,
        nota: e.nota,
        origenTipo: "manual",
        origenId: null,
        claveOrigen: null,
        idCorrige: null,
        fechaOriginal: null,
        idUsuario: actor.id,
        lineas,
      });
      if (nuevo === null) throw new Error("movimiento manual sin insertar");
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "movimiento",
        idEntidad: nuevo,
        accion: "crear",
        cambios: diferencias(null, { ...e, lineas: JSON.stringify(e.lineas) }),
      });
      return nuevo;
    });
    return this.obtenerMovimiento(id);
  }

  private async comprobarCategorias(
    repo: TesoreriaRepository,
    lineas: { idCategoria: number }[],
  ): Promise<Detalle[]> {
    const existentes = await repo.categoriasPorId(lineas.map((l) => l.idCategoria));
    const vistas = new Set<number>();
    const detalles: Detalle[] = [];
    lineas.forEach((l, i) => {
      const campo = `lineas.${i}.idCategoria`;
      if (!existentes.some((c: CategoriaFila) => c.id === l.idCategoria)) {
        detalles.push({
          campo,
          clave: mensajeCon("tesoreria.categoria_no_existe", { id: l.idCategoria }),
        });
      } else if (vistas.has(l.idCategoria)) {
        detalles.push({
          campo,
          clave: mensajeCon("tesoreria.categoria_repetida", { id: l.idCategoria }),
        });
      }
      vistas.add(l.idCategoria);
    });
    return detalles;
  }

  /**
   * Corrects a movement with its opposite (same account, lines negated), dated today or on the
   * date given, in an open year; the original stays as it was. One per movement.
   */
  async contraasiento(actor: Actor, id: number, e: ContraasientoEntrada): Promise<Movimiento> {
    const nuevo = await this.repo.transaccion(async (repo) => {
      await repo.bloquearCierres(false);
      const original = await repo.movimiento(id, true);
      if (!original) throw noEncontrado("no_encontrado.movimiento");
      if (original.idCorrige !== null) {
        throw conflicto(mensajeCon("tesoreria.contraasiento_de_contraasiento", { id }));
      }
      if (original.idCorregidoPor !== null) {
        throw conflicto(
          mensajeCon("tesoreria.ya_tiene_contraasiento", {
            id,
            contraasiento: original.idCorregidoPor,
          }),
        );
      }
      const fecha = e.fecha ?? hoyIso();
      const anyo = Number(fecha.slice(0, 4));
      if ((await repo.cerrados()).has(anyo)) throw anyoCerrado(anyo);
      const lineas = await repo.lineas([id]);
      const creado = await repo.insertarMovimiento({
        idCuenta: original.idCuenta,
        fecha,
        concepto: `Contraasiento del movimiento ${id}: ${original.concepto}`.slice(0, 200),
        importe: -Number(original.importe),
        proveedor: original.proveedor,
        nota: e.motivo,
        origenTipo: "contraasiento",
        origenId: id,
        claveOrigen: `contraasiento:${id}`,
        idCorrige: id,
        fechaOriginal: null,
        idUsuario: actor.id,
        lineas: lineas.map((l) => ({ idCategoria: l.idCategoria, importe: -Number(l.importe) })),
      });
      if (creado === null) {
        throw conflicto(mensajeCon("tesoreria.ya_tiene_contraasiento", { id, contraasiento: "" }));
      }
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "movimiento",
        idEntidad: creado,
        accion: "contraasiento",
        cambios: [
          { campo: "idCorrige", antes: null, despues: id },
          { campo: "importe", antes: null, despues: aEuros(-Number(original.importe)) },
          { campo: "motivo", antes: null, despues: e.motivo },
          { campo: "fecha", antes: null, despues: fecha },
        ],
      });
      return creado;
    });
    return this.obtenerMovimiento(nuevo);
  }

  // ——— Documents ———

  async documentos(idMovimiento: number): Promise<DocumentoMovimiento[]> {
    if (!(await this.repo.movimiento(idMovimiento))) throw noEncontrado("no_encontrado.movimiento");
    return (await this.repo.documentos(idMovimiento)).map(presentarDocumento);
  }

  /** The same checks as any upload of documents: the real type by its content. */
  async subirDocumento(
    actor: Actor,
    idMovimiento: number,
    archivo: ArchivoSubido,
  ): Promise<DocumentoMovimiento> {
    if (!(await this.repo.movimiento(idMovimiento))) throw noEncontrado("no_encontrado.movimiento");
    const tipo = await clasificarDocumento(archivo.contenido, archivo.nombre);
    if (!tipo) {
      throw new DomainError("tipo_no_permitido", TIPO_NO_PERMITIDO, [
        { campo: "archivo", clave: TIPO_NO_PERMITIDO },
      ]);
    }
    const clave = AlmacenArchivos.claveAleatoria();
    await this.archivos.guardar(clave, archivo.contenido);
    try {
      const id = await this.repo.transaccion(async (repo) => {
        const nuevo = await repo.insertarDocumento({
          idMovimiento,
          nombreArchivo: nombreDescarga(archivo.nombre, tipo.extension),
          tipoMime: tipo.mime,
          tamanyo: archivo.contenido.length,
          claveArchivo: clave,
          idUsuario: actor.id,
        });
        await repo.auditar({
          idUsuario: actor.id,
          entidad: "movimiento",
          idEntidad: idMovimiento,
          accion: "documento",
          cambios: [{ campo: "documento", antes: null, despues: nuevo }],
        });
        return nuevo;
      });
      const doc = await this.repo.documento(idMovimiento, id);
      if (!doc) throw new Error("documento sin guardar");
      return presentarDocumento(doc);
    } catch (err) {
      await this.archivos.borrar(clave);
      throw err;
    }
  }

  async descargarDocumento(idMovimiento: number, id: number) {
    const doc = await this.repo.documento(idMovimiento, id);
    if (!doc) throw noEncontrado("no_encontrado.documento_movimiento");
    const contenido = await this.archivos.leer(doc.claveArchivo);
    if (!contenido) throw noEncontrado("no_encontrado.documento_movimiento");
    return { contenido, nombre: doc.nombreArchivo, tipoMime: doc.tipoMime };
  }

  // ——— Budget ———

  async presupuesto(anyo: number): Promise<Presupuesto> {
    await this.repo.asegurarInicio();
    const [categorias, presupuesto, real, cerrados] = await Promise.all([
      this.repo.todasLasCategorias(),
      this.repo.presupuesto(anyo),
      this.repo.realPorCategoriaYMes(anyo),
      this.repo.cerrados(),
    ]);
    const totales = {
      ingreso: { presupuesto: 0, real: 0 },
      gasto: { presupuesto: 0, real: 0 },
    };
    const lineas = categorias
      .map((c) => {
        // Expenses are negative in the book; the budget speaks of them in positive.
        const signo = c.tipo === "gasto" ? -1 : 1;
        const meses = Array.from({ length: 12 }, (_, i) =>
          real
            .filter((r) => r.idCategoria === c.id && r.mes === i + 1)
            .reduce((s, r) => s + signo * r.importe, 0),
        );
        const total = meses.reduce((s, m) => s + m, 0);
        const previsto = presupuesto.get(c.id) ?? 0;
        totales[c.tipo].presupuesto += previsto;
        totales[c.tipo].real += total;
        return { c, meses, total, previsto };
      })
      .filter((l) => l.c.activo || l.previsto !== 0 || l.meses.some((m) => m !== 0))
      .map(({ c, meses, total, previsto }) => ({
        idCategoria: c.id,
        categoria: c.nombre,
        tipo: c.tipo,
        codigoPgc: c.codigoPgc,
        presupuesto: aEuros(previsto),
        real: aEuros(total),
        desviacion: aEuros(total - previsto),
        meses: meses.map(aEuros),
      }));
    const aTotales = (t: { presupuesto: number; real: number }) => ({
      presupuesto: aEuros(t.presupuesto),
      real: aEuros(t.real),
      desviacion: aEuros(t.real - t.presupuesto),
    });
    return {
      anyo,
      cerrado: cerrados.has(anyo),
      lineas,
      ingresos: aTotales(totales.ingreso),
      gastos: aTotales(totales.gasto),
    };
  }

  /** Replaces the year's budget (the assembly's approval); a closed year is 409. */
  async guardarPresupuesto(
    actor: Actor,
    anyo: number,
    e: PresupuestoEntrada,
  ): Promise<Presupuesto> {
    await this.repo.transaccion(async (repo) => {
      await repo.bloquearCierres(false);
      if ((await repo.cerrados()).has(anyo)) throw anyoCerrado(anyo);
      const detalles = await this.comprobarCategorias(repo, e.lineas);
      if (detalles.length > 0) throw invalido("tesoreria.revisa_presupuesto", detalles);
      const antes = await repo.presupuesto(anyo);
      await repo.reemplazarPresupuesto(
        anyo,
        e.lineas.map((l) => ({ idCategoria: l.idCategoria, importe: centimos(l.importe) })),
      );
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "presupuesto",
        idEntidad: anyo,
        accion: "modificar",
        cambios: [
          {
            campo: "lineas",
            antes: Object.fromEntries([...antes].map(([k, v]) => [k, aEuros(v)])),
            despues: Object.fromEntries(e.lineas.map((l) => [l.idCategoria, l.importe])),
          },
        ],
      });
    });
    return this.presupuesto(anyo);
  }

  // ——— The year's accounts ———

  async cuentasAnuales(anyo: number): Promise<CuentasAnuales> {
    const [presupuesto, saldos, pendiente] = await Promise.all([
      this.presupuesto(anyo),
      this.repo.saldos(`${anyo}-01-01`, `${anyo}-12-31`),
      this.repo.pendienteCobro(anyo),
    ]);
    const categorias = await this.repo.todasLasCategorias();
    const real = await this.repo.realPorCategoriaYMes(anyo);
    const porCategoria = new Map<number, number>();
    for (const r of real) {
      porCategoria.set(r.idCategoria, (porCategoria.get(r.idCategoria) ?? 0) + r.importe);
    }
    let ingresos = 0;
    let gastos = 0;
    const partidas = PARTIDAS_ESFL.map((p) => ({
      ...p,
      importe: 0,
      categorias: [] as CuentasAnuales["partidas"][number]["categorias"],
    }));
    for (const c of categorias) {
      const importe = porCategoria.get(c.id) ?? 0;
      if (importe === 0) continue;
      if (c.tipo === "ingreso") ingresos += importe;
      else gastos += importe;
      const partida = partidas.find((p) => p.clave === partidaEsfl(c.codigoPgc, c.tipo).clave);
      if (!partida) continue;
      partida.importe += importe;
      partida.categorias.push({
        idCategoria: c.id,
        categoria: c.nombre,
        codigoPgc: c.codigoPgc,
        importe: aEuros(importe),
      });
    }
    const inicio = saldos.reduce((s, c) => s + c.inicio, 0);
    const fin = saldos.reduce((s, c) => s + c.fin, 0);
    return {
      anyo,
      cerrado: presupuesto.cerrado,
      partidas: partidas
        .filter((p) => p.categorias.length > 0)
        .map((p) => ({
          clave: p.clave,
          texto: p.texto,
          importe: aEuros(p.importe),
          categorias: p.categorias,
        })),
      totalIngresos: aEuros(ingresos),
      totalGastos: aEuros(gastos),
      resultado: aEuros(ingresos + gastos),
      cuentas: saldos.map((c) => ({
        idCuenta: c.id,
        cuenta: c.nombre,
        tipo: c.tipo,
        saldoInicio: aEuros(c.inicio),
        saldoFin: aEuros(c.fin),
      })),
      saldoInicio: aEuros(inicio),
      saldoFin: aEuros(fin),
      pendienteCobro: { importe: aEuros(pendiente.importe), numCargos: pendiente.numCargos },
      presupuesto,
    };
  }

  async cuentasAnualesFichero(
    anyo: number,
    formato: "pdf" | "xlsx" | "csv",
    idioma: Idioma,
  ): Promise<FicheroExportado> {
    const [cuentas, asociacion] = await Promise.all([
      this.cuentasAnuales(anyo),
      this.repo.asociacion(),
    ]);
    return exportarCuentasAnuales(cuentas, formato, asociacion?.nombre ?? "", idioma);
  }

  // ——— Closing the year ———

  async cierres(): Promise<CierreTesoreria[]> {
    return (await this.repo.cierres()).map((c) => ({
      anyo: c.anyo,
      cerradoEn: new Date(c.cerradoEn).toISOString(),
      idUsuario: c.idUsuario,
    }));
  }

  /** Locks the year's movements and budget; 409 if it is closed already. */
  async cerrar(actor: Actor, anyo: number): Promise<CierreTesoreria> {
    // A year not yet begun has nothing to lock, and its closure would send the automatic
    // movements of that year to the first day of the next one.
    if (anyo > Number(hoyIso().slice(0, 4))) {
      throw conflicto(mensajeCon("tesoreria.anyo_no_empezado", { anyo }));
    }
    await this.repo.transaccion(async (repo) => {
      await repo.bloquearCierres(true);
      if (!(await repo.cerrar(anyo, actor.id))) {
        throw conflicto(mensajeCon("tesoreria.anyo_ya_cerrado", { anyo }));
      }
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "cierre_tesoreria",
        idEntidad: anyo,
        accion: "cerrar",
        cambios: [{ campo: "cerrado", antes: false, despues: true }],
      });
    });
    const cierre = (await this.cierres()).find((c) => c.anyo === anyo);
    if (!cierre) throw new Error("cierre sin guardar");
    return cierre;
  }

  /** Reopens a closed year (audited); 404 if it is not closed. */
  async reabrir(actor: Actor, anyo: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      await repo.bloquearCierres(true);
      if (!(await repo.reabrir(anyo))) {
        throw new DomainError(
          "no_encontrado",
          mensajeCon("no_encontrado.cierre_tesoreria", { anyo }),
        );
      }
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "cierre_tesoreria",
        idEntidad: anyo,
        accion: "reabrir",
        cambios: [{ campo: "cerrado", antes: true, despues: false }],
      });
    });
  }
}
