import { noEncontrado, prohibido } from "../../errors/domain-error.js";
import type { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import type { Actor } from "../actos/actos.service.js";
import type { CarnetRepository } from "./carnet.repository.js";

/** Purpose of the signature: a card's code is valid for nothing else. */
const PROPOSITO = "carnet";

/**
 * The member card's code: `<base64url("c1:<idSocio>:<version>")>.<HMAC>` signed with the
 * installation key. It names the member; renewing the card raises `socio.carnet_version`, so
 * any earlier code is refused.
 */
export class CarnetService {
  constructor(
    private readonly repo: CarnetRepository,
    private readonly clave: ClaveInstalacion,
  ) {}

  private codigoDe(idSocio: number, version: number): string {
    return this.clave.firmar(PROPOSITO, `c1:${idSocio}:${version}`);
  }

  /** The member, whoever pays for them and the board; 403 for anyone else (even a missing id). */
  private async autorizado(actor: Actor, id: number) {
    if (actor.rol === "administrador") {
      const socio = await this.repo.porId(id);
      if (!socio) throw noEncontrado("no_encontrado.socio");
      return socio;
    }
    if (actor.socioId <= 0) throw prohibido();
    const socio = await this.repo.porId(id);
    if (!socio || (socio.id !== actor.socioId && socio.id_pagador !== actor.socioId)) {
      throw prohibido();
    }
    return socio;
  }

  async codigo(actor: Actor, id: number): Promise<{ codigo: string }> {
    const socio = await this.autorizado(actor, id);
    return { codigo: this.codigoDe(socio.id, socio.carnet_version) };
  }

  async renovar(actor: Actor, id: number): Promise<{ codigo: string }> {
    await this.autorizado(actor, id);
    const version = await this.repo.renovar(id, actor.id);
    return { codigo: this.codigoDe(id, version) };
  }

  /** The member a code names, or null for a forged, malformed or renewed (revoked) code. */
  async socioDe(codigo: string): Promise<number | null> {
    const datos = this.clave.verificar(PROPOSITO, codigo.trim());
    const m = datos ? /^c1:(\d{1,10}):(\d{1,10})$/.exec(datos) : null;
    if (!m) return null;
    const idSocio = Number(m[1]);
    if (idSocio > 2_147_483_647) return null;
    const version = await this.repo.version(idSocio);
    return version !== undefined && version === Number(m[2]) ? idSocio : null;
  }
}
