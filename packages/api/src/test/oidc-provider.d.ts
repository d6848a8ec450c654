// oidc-provider ships no types; the little the loopback provider of the tests uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Peticion = IncomingMessage;
  type Respuesta = ServerResponse;

  export class Grant {
    constructor(datos: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuracion: Record<string, unknown>);
    Grant: typeof Grant;
    callback(): (req: Peticion, res: Respuesta) => void;
    interactionDetails(
      req: Peticion,
      res: Respuesta,
    ): Promise<{ uid: string; params: Record<string, unknown>; prompt: { name: string } }>;
    interactionFinished(
      req: Peticion,
      res: Respuesta,
      resultado: Record<string, unknown>,
      opciones?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
