import { estaEscrito } from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias, registrarAuditoria } from "../../services/auditoria.js";
import { htmlSeguro } from "../../services/html-seguro.js";
import { iconoCuadrado, logoAPng } from "../../services/logo.js";
import type { AsociacionRepository } from "./asociacion.repository.js";

export type Textos = {
  nombre: string;
  condiciones: string;
  privacidad: string;
  condicionesVa: string;
  privacidadVa: string;
  versionCondiciones: string;
  logo: string | null;
};

/** The next terms version: "1" → "2"; a version that is not a number gets a counter ("v1" → "v1.2"). */
export function siguienteVersion(actual: string): string {
  if (/^\d+$/.test(actual)) return String(Number(actual) + 1);
  const m = /^(.*)\.(\d+)$/.exec(actual);
  return m ? `${m[1]}.${Number(m[2]) + 1}` : `${actual}.2`;
}

/** A Valencian text, sanitised; '' when it has no text (an emptied editor's `<p></p>`). */
function traduccion(html: string): string {
  const limpio = htmlSeguro(html);
  return estaEscrito(limpio) ? limpio : "";
}

export class TextosAsociacionService {
  constructor(private readonly repo: AsociacionRepository) {}

  async textos(): Promise<Textos> {
    const a = await this.repo.textos();
    return {
      nombre: a.nombre,
      condiciones: a.texto_condiciones,
      privacidad: a.texto_privacidad,
      condicionesVa: a.texto_condiciones_va,
      privacidadVa: a.texto_privacidad_va,
      versionCondiciones: a.version_condiciones,
      logo: a.logo_actualizado_en
        ? `/api/asociacion/logo?v=${new Date(a.logo_actualizado_en).getTime()}`
        : null,
    };
  }

  async guardarTextos(
    actor: UsuarioAutenticado,
    entrada: {
      condiciones: string;
      privacidad: string;
      condicionesVa?: string | undefined;
      privacidadVa?: string | undefined;
      nuevaVersion: boolean;
    },
  ): Promise<Textos> {
    await this.repo.transaccion(async (repo, tx) => {
      const antes = await repo.textos(true);
      // The Valencian texts (issue 38) are kept when not sent. The version changes only when
      // asked: a translation added or corrected asks nobody to accept the terms again.
      const nuevos = {
        texto_condiciones: htmlSeguro(entrada.condiciones),
        texto_privacidad: htmlSeguro(entrada.privacidad),
        texto_condiciones_va:
          entrada.condicionesVa === undefined
            ? antes.texto_condiciones_va
            : traduccion(entrada.condicionesVa),
        texto_privacidad_va:
          entrada.privacidadVa === undefined
            ? antes.texto_privacidad_va
            : traduccion(entrada.privacidadVa),
        version_condiciones: entrada.nuevaVersion
          ? siguienteVersion(antes.version_condiciones)
          : antes.version_condiciones,
      };
      await repo.guardarTextos(nuevos);
      const cambios = diferencias(
        {
          texto_condiciones: antes.texto_condiciones,
          texto_privacidad: antes.texto_privacidad,
          texto_condiciones_va: antes.texto_condiciones_va,
          texto_privacidad_va: antes.texto_privacidad_va,
          version_condiciones: antes.version_condiciones,
        },
        nuevos,
      );
      if (cambios.length > 0) {
        await registrarAuditoria(tx, {
          idUsuario: actor.id,
          entidad: "asociacion",
          idEntidad: 1,
          accion: "modificar",
          cambios,
        });
      }
    });
    return this.textos();
  }

  async logo(tamanyo?: number): Promise<Buffer> {
    const logo = await this.repo.logo();
    if (!logo || logo.length === 0) throw noEncontrado("no_encontrado.logotipo");
    const png = Buffer.from(logo);
    return tamanyo ? iconoCuadrado(png, tamanyo) : png;
  }

  async guardarLogo(actor: UsuarioAutenticado, contenido: Buffer): Promise<Textos> {
    const png = await logoAPng(contenido);
    if (!png) {
      const mensaje = "asociacion.logo_no_valido";
      throw new DomainError("validacion", mensaje, [{ campo: "archivo", clave: mensaje }]);
    }
    await this.cambiarLogo(actor, png);
    return this.textos();
  }

  async quitarLogo(actor: UsuarioAutenticado): Promise<Textos> {
    await this.cambiarLogo(actor, null);
    return this.textos();
  }

  private async cambiarLogo(actor: UsuarioAutenticado, png: Buffer | null) {
    await this.repo.transaccion(async (repo, tx) => {
      const habia = (await repo.textos(true)).logo_actualizado_en !== null;
      await repo.guardarLogo(png);
      await registrarAuditoria(tx, {
        idUsuario: actor.id,
        entidad: "asociacion",
        idEntidad: 1,
        accion: "modificar",
        cambios: [{ campo: "logo", antes: habia ? "sí" : "no", despues: png ? "nuevo" : "no" }],
      });
    });
  }
}
