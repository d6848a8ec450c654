import {
  type Anonimizacion,
  type ConfiguracionOlvido,
  formatearFecha,
  hoyIso,
  type ListaElegiblesOlvido,
  MAX_SEPA,
  type ResultadoAnonimizacion,
  textoSepa,
} from "@fila/domain";
import { DomainError } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import type { ImagenesSocio } from "../socios/socios.imagenes.js";
import type { OlvidoRepository, PersonaOlvido } from "./olvido.repository.js";

/** The last day of baja that may be anonymised today: `hoy` minus `anyos` years. */
export function bajaHastaPara(anyos: number, hoy = hoyIso()): string {
  const [y, m, d] = hoy.split("-").map(Number);
  const fecha = new Date(Date.UTC(y - anyos, m - 1, d));
  // 29 February minus whole years lands on 1 March: stay in February.
  if (fecha.getUTCMonth() !== m - 1) fecha.setUTCDate(0);
  return fecha.toISOString().slice(0, 10);
}

/**
 * The strings that identify the person wherever they were copied (emails, remittance files,
 * old audit entries, other members' notes). Bare first names or surnames are left out of this
 * sweep: they would also match other people; the member's own row and audit are erased whole.
 */
export function cadenasPersonales(p: PersonaOlvido): string[] {
  const nombre = `${p.nombre} ${p.apellidos}`.trim();
  const candidatas = [
    nombre,
    `${p.apellidos}, ${p.nombre}`,
    textoSepa(nombre, MAX_SEPA.nombre),
    p.email,
    p.telefono,
    p.nif ?? "",
    p.iban,
    p.direccion,
    p.comentarios,
    p.nombreYerno,
    p.motivoBaja,
    p.mandatoId,
    ...p.cuentas.flatMap((c) => [c.email, c.nombre]),
  ];
  const cadenas = candidatas
    .map((c) => c.trim())
    // Long enough not to be a common word; no quote or backslash (JSON stays valid).
    .filter((c) => c.length >= 6 && !/["\\]/.test(c));
  return [...new Set(cadenas)];
}

function motivoNoElegible(p: PersonaOlvido, anyos: number, bajaHasta: string): Mensaje | null {
  const quien = { id: p.id, nombre: `${p.nombre} ${p.apellidos}`.trim() };
  if (p.anonimizado) return mensajeCon("olvido.anonimizado", quien);
  if (p.activo) return mensajeCon("olvido.de_alta", quien);
  if (!p.fechaBaja) return mensajeCon("olvido.sin_fecha_baja", quien);
  if (p.fechaBaja > bajaHasta) {
    return mensajeCon("olvido.baja_reciente", {
      ...quien,
      fecha: formatearFecha(p.fechaBaja),
      anyos,
    });
  }
  if (p.pagaAActivos > 0) {
    return mensajeCon("olvido.paga_a_activos", { ...quien, n: p.pagaAActivos });
  }
  return null;
}

/** Right to be forgotten (issue 11 §5): leavers of more than N years anonymised, for good. */
export class OlvidoService {
  constructor(
    private readonly repo: OlvidoRepository,
    private readonly imagenes: ImagenesSocio,
  ) {}

  async elegibles(page: number, pageSize: number): Promise<ListaElegiblesOlvido> {
    const anyos = await this.repo.anyos();
    const bajaHasta = bajaHastaPara(anyos);
    const { items, total } = await this.repo.listarElegibles(bajaHasta, page, pageSize);
    return { items, total, page, pageSize, anyos, bajaHasta };
  }

  async configurar(idUsuario: number, c: ConfiguracionOlvido): Promise<ConfiguracionOlvido> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.anyos();
      if (antes === c.anyos) return;
      await repo.guardarAnyos(c.anyos);
      await repo.auditar({
        idUsuario,
        entidad: "asociacion",
        idEntidad: 1,
        accion: "modificar",
        cambios: [{ campo: "anyosOlvido", antes, despues: c.anyos }],
      });
    });
    return { anyos: await this.repo.anyos() };
  }

  /** All the members or none: one that is not eligible stops the whole batch (409). */
  async anonimizar(idUsuario: number, { ids }: Anonimizacion): Promise<ResultadoAnonimizacion> {
    const resultado = await this.repo.transaccion(async (repo) => {
      const anyos = await repo.anyos();
      const bajaHasta = bajaHastaPara(anyos);
      const personas = await repo.personas(ids);
      const falta = ids.find((id) => !personas.some((p) => p.id === id));
      if (falta !== undefined) {
        throw new DomainError("no_encontrado", mensajeCon("utilidades.socio_no_existe", { falta }));
      }
      for (const p of personas) {
        const motivo = motivoNoElegible(p, anyos, bajaHasta);
        if (motivo) throw new DomainError("conflicto", motivo);
      }
      let cuentasBorradas = 0;
      for (const p of personas) {
        await repo.anonimizarSocio(p.id);
        await repo.limpiarInscripciones(p.id);
        await repo.limpiarAdeudos(p.id);
        const emails = [p.email, ...p.cuentas.map((c) => c.email)].filter(Boolean);
        await repo.borrarCorreos(emails);
        const ips = await repo.ipsDeCuentas(p.cuentas.map((c) => c.id));
        await repo.borrarIntentos([
          ...emails.map((email) => `cuenta:${email}`),
          ...ips.flatMap((ip) => [`ip:${ip}`, `reset-ip:${ip}`]),
        ]);
        await repo.anonimizarAuditoria(
          p.id,
          p.cuentas.map((c) => c.id),
        );
        cuentasBorradas += await repo.borrarCuentas(p.id);
      }
      const cadenas = [...new Set(personas.flatMap(cadenasPersonales))];
      for (const columna of await repo.columnasDeTexto()) await repo.barrer(columna, cadenas);
      for (const p of personas) {
        await repo.auditar({
          idUsuario,
          entidad: "socio",
          idEntidad: p.id,
          accion: "anonimizar",
          cambios: [{ campo: "cuentasBorradas", antes: null, despues: p.cuentas.length }],
        });
      }
      return { anonimizados: personas.length, ids, cuentasBorradas };
    });
    // The photos go once the erasure is committed (a file cannot be rolled back).
    for (const id of ids) await this.imagenes.borrar(id);
    return resultado;
  }
}
