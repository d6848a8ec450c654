import { DomainError } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias, registrarAuditoria } from "../../services/auditoria.js";
import type { ConfigMaestro, UsoMaestro } from "./maestros.config.js";
import type { FilaMaestro, FiltroLista, MaestrosRepository } from "./maestros.repository.js";
import type { CambiosMaestro, DatosMaestro, Maestro } from "./maestros.schemas.js";

/**
 * «No se puede borrar: lo usan 3 socios y 1 precio de producto. Puedes desactivarlo.»
 * (singular verb and noun for one). Uses with no rows are left out.
 */
export function mensajeEnUso(usos: { uso: Pick<UsoMaestro, "uno" | "varios">; n: number }[]) {
  const presentes = usos.filter((u) => u.n > 0);
  const total = presentes.reduce((t, u) => t + u.n, 0);
  const partes = presentes.map((u) => `${u.n} ${u.n === 1 ? u.uso.uno : u.uso.varios}`);
  const lista =
    partes.length <= 1 ? partes.join("") : `${partes.slice(0, -1).join(", ")} y ${partes.at(-1)}`;
  return mensajeCon(total === 1 ? "maestros.en_uso_uno" : "maestros.en_uso_varios", { lista });
}

const enUso = (usos: Parameters<typeof mensajeEnUso>[0]) =>
  new DomainError("en_uso", mensajeEnUso(usos));

/** Fields recorded in the audit: what the master holds, without the derived count. */
function auditable(fila: FilaMaestro): Record<string, unknown> {
  const { enUso: _enUso, id: _id, ...resto } = fila;
  return resto;
}

function esViolacion(error: unknown, codigo: "23505" | "23503" | "23001"): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === codigo;
}

export class MaestrosService {
  constructor(
    private readonly repo: MaestrosRepository,
    private readonly cfg: ConfigMaestro,
  ) {}

  private nombreRepetido() {
    const mensaje = mensajeCon("maestros.nombre_repetido", {
      maestro: this.cfg.conArticuloIndefinido,
    });
    return new DomainError("conflicto", mensaje, [{ campo: "nombre", clave: mensaje }]);
  }

  private noExiste() {
    return new DomainError(
      "no_encontrado",
      mensajeCon("maestros.no_existe", { maestro: this.cfg.conArticuloDefinido }),
    );
  }

  private presentar(fila: FilaMaestro): Maestro {
    const comunes = {
      id: fila.id,
      nombre: fila.nombre,
      descripcion: fila.descripcion,
      activo: fila.activo,
      enUso: Number(fila.enUso),
    };
    return this.cfg.clase === "color"
      ? { ...comunes, color: fila.color ?? "" }
      : {
          ...comunes,
          domiciliada: fila.domiciliada ?? false,
          idCuentaTesoreria: fila.idCuentaTesoreria ?? null,
        };
  }

  /** A payment method's treasury account must exist (400 naming the field). */
  private async comprobarCuenta(repo: MaestrosRepository, id: number | null | undefined) {
    if (id === null || id === undefined || (await repo.existeCuentaTesoreria(id))) return;
    const clave = mensajeCon("tesoreria.cuenta_no_existe", { id });
    throw new DomainError("validacion", clave, [{ campo: "idCuentaTesoreria", clave }]);
  }

  async listar(filtro: FiltroLista) {
    const { items, total } = await this.repo.listar(filtro);
    return {
      items: items.map((f) => this.presentar(f)),
      total,
      page: filtro.page,
      pageSize: filtro.pageSize,
    };
  }

  async obtener(id: number): Promise<Maestro> {
    const fila = await this.repo.porId(id);
    if (!fila) throw this.noExiste();
    return this.presentar(fila);
  }

  async crear(actor: UsuarioAutenticado, datos: DatosMaestro): Promise<Maestro> {
    const fila = await this.conNombreUnico(() =>
      this.repo.transaccion(async (repo, tx) => {
        if (await repo.existeNombre(datos.nombre)) throw this.nombreRepetido();
        await this.comprobarCuenta(repo, datos.idCuentaTesoreria);
        const id = await repo.crear(datos);
        const creada = await repo.porId(id);
        if (!creada) throw this.noExiste();
        await registrarAuditoria(tx, {
          idUsuario: actor.id,
          entidad: this.cfg.tabla,
          idEntidad: id,
          accion: "crear",
          cambios: diferencias(null, auditable(creada)),
        });
        return creada;
      }),
    );
    return this.presentar(fila);
  }

  async actualizar(actor: UsuarioAutenticado, id: number, cambios: CambiosMaestro) {
    const fila = await this.conNombreUnico(() =>
      this.repo.transaccion(async (repo, tx) => {
        const antes = await repo.porId(id, true);
        if (!antes) throw this.noExiste();
        if (cambios.nombre !== undefined && (await repo.existeNombre(cambios.nombre, id))) {
          throw this.nombreRepetido();
        }
        await this.comprobarCuenta(repo, cambios.idCuentaTesoreria);
        await repo.actualizar(id, cambios);
        const despues = await repo.porId(id);
        if (!despues) throw this.noExiste();
        const cambiosAuditados = diferencias(auditable(antes), auditable(despues));
        if (cambiosAuditados.length > 0) {
          await registrarAuditoria(tx, {
            idUsuario: actor.id,
            entidad: this.cfg.tabla,
            idEntidad: id,
            accion: "modificar",
            cambios: cambiosAuditados,
          });
        }
        return despues;
      }),
    );
    return this.presentar(fila);
  }

  async borrar(actor: UsuarioAutenticado, id: number): Promise<void> {
    try {
      await this.repo.transaccion(async (repo, tx) => {
        const antes = await repo.porId(id, true);
        if (!antes) throw this.noExiste();
        if (antes.enUso > 0) throw enUso(await repo.usosDe(id));
        await repo.borrar(id);
        await registrarAuditoria(tx, {
          idUsuario: actor.id,
          entidad: this.cfg.tabla,
          idEntidad: id,
          accion: "borrar",
          cambios: Object.entries(auditable(antes)).map(([campo, valor]) => ({
            campo,
            antes: valor,
            despues: null,
          })),
        });
      });
    } catch (error) {
      // Something took it between the count and the delete: the foreign key refused it
      // (23001 for ON DELETE RESTRICT, 23503 for NO ACTION).
      if (esViolacion(error, "23001") || esViolacion(error, "23503")) {
        const usos = await this.repo.usosDe(id);
        if (usos.some((u) => u.n > 0)) throw enUso(usos);
      }
      throw error;
    }
  }

  /**
   * The database's unique index on lower(nombre) (migration 0009), which a concurrent write
   * slipping past the check runs into, answers the same 409.
   */
  private async conNombreUnico<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (esViolacion(error, "23505")) throw this.nombreRepetido();
      throw error;
    }
  }
}
