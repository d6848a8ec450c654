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
  versionCondiciones: string;
  logo: string | null;
};

/** The next terms version: "1" → "2"; a version that is not a number gets a counter ("v1" → "v1.2"). */
export function siguienteVersion(actual: string): string {
  if (/^\d+$/.test(actual)) return String(Number(actual) + 1);
  const m = /^(.*)\.(\d+)$/.exec(actual);
  return m ? `${m[1]}.${Number(m[2]) + 1}` : `${actual}.2`;
}

export class TextosAsociacionService {
  constructor(private readonly repo: AsociacionRepository) {}

  async textos(): Promise<Textos> {
    const a = await this.repo.textos();
    return {
      nombre: a.nombre,
      condiciones: a.texto_condiciones,
      privacidad: a.texto_privacidad,
      versionCondiciones: a.version_condiciones,
      logo: a.logo_actualizado_en
        ? `/api/asociacion/logo?v=${new Date(a.logo_actualizado_en).getTime()}`
        : null,
    };
  }

  async guardarTextos(
    actor: UsuarioAutenticado,
    entrada: { condiciones: string; privacidad: string; nuevaVersion: boolean },
  ): Promise<Textos> {
    await this.repo.transaccion(async (repo, tx) => {
      const antes = await repo.textos(true);
      const nuevos = {
        texto_condiciones: htmlSeguro(entrada.condiciones),
        texto_privacidad: htmlSeguro(entrada.privacidad),
        version_condiciones: entrada.nuevaVersion
          ? siguienteVersion(antes.version_condiciones)
          : antes.version_condiciones,
      };
      await repo.guardarTextos(nuevos);
      const cambios = diferencias(
        {
          texto_condiciones: antes.texto_condiciones,
          texto_privacidad: antes.texto_privacidad,
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
