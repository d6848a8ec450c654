import {
  type Asociacion,
  type AsociacionEntrada,
  calcularIdentificadorAcreedor,
  esCifValido,
  esDocumentoValido,
} from "@fila/domain";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias, registrarAuditoria } from "../../services/auditoria.js";
import type { AsociacionRepository, FilaAsociacion } from "./asociacion.repository.js";

/** SEPA creditor identifier from the CIF and suffix; empty while the CIF is not valid. */
export function identificadorAcreedorDe(cif: string, sufijo: string): string {
  if (!esCifValido(cif) && !esDocumentoValido(cif)) return "";
  try {
    return calcularIdentificadorAcreedor(cif, sufijo);
  } catch {
    return "";
  }
}

function presentar(f: FilaAsociacion): Asociacion {
  return {
    nombre: f.nombre,
    cif: f.cif,
    direccion: f.direccion,
    poblacion: f.poblacion,
    codPostal: f.cod_postal,
    provincia: f.provincia,
    telefono: f.telefono,
    email: f.email,
    iban: f.iban,
    bic: f.bic,
    sufijoAcreedor: f.sufijo_acreedor,
    identificadorAcreedor: identificadorAcreedorDe(f.cif, f.sufijo_acreedor),
    nombreCorto: f.nombre_corto,
    color: f.color,
  };
}

export class AsociacionService {
  constructor(private readonly repo: AsociacionRepository) {}

  async obtener(): Promise<Asociacion> {
    return presentar(await this.repo.datos());
  }

  async guardar(actor: UsuarioAutenticado, entrada: AsociacionEntrada): Promise<Asociacion> {
    const fila: Omit<FilaAsociacion, "nombre_corto" | "color"> = {
      nombre: entrada.nombre,
      cif: entrada.cif,
      direccion: entrada.direccion,
      poblacion: entrada.poblacion,
      cod_postal: entrada.codPostal,
      provincia: entrada.provincia,
      telefono: entrada.telefono,
      email: entrada.email,
      iban: entrada.iban,
      bic: entrada.bic,
      sufijo_acreedor: entrada.sufijoAcreedor,
    };
    return this.repo.transaccion(async (repo, tx) => {
      const antes = await repo.datos(true);
      // The installed app's name and colour stay as they were when the form does not send them.
      const nueva: FilaAsociacion = {
        ...fila,
        nombre_corto: entrada.nombreCorto ?? antes.nombre_corto,
        color: entrada.color ?? antes.color,
      };
      await repo.guardar(nueva);
      const cambios = diferencias(antes, nueva);
      if (cambios.length > 0) {
        await registrarAuditoria(tx, {
          idUsuario: actor.id,
          entidad: "asociacion",
          idEntidad: 1,
          accion: "modificar",
          cambios,
        });
      }
      return presentar(nueva);
    });
  }
}
