// Types of construir-servidor.mjs for the TypeScript that imports it (e2e/support/servidor.ts).
export const SERVIDOR_CONSTRUIDO: string;
export function masReciente(ruta: string): number;
export function servidorAlDia(): boolean;
export function construirServidor(): Promise<void>;
