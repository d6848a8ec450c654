import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.js";

const NOMBRE_POR_DEFECTO = "Filà";

/** Short name shown under the home-screen icon: the configured one or the name, cut to 12. */
export function nombreCorto(nombre: string, corto: string): string {
  if (corto.trim()) return corto.trim();
  const n = nombre.trim() || NOMBRE_POR_DEFECTO;
  return n.length <= 12 ? n : `${n.slice(0, 11).trimEnd()}…`;
}

/** The association's logo as the installed app's icon, ahead of the app's own ones. */
function iconos(logoActualizadoEn: Date | null) {
  if (!logoActualizadoEn) return [];
  const v = new Date(logoActualizadoEn).getTime();
  return [192, 512].map((lado) => ({
    src: `/api/asociacion/logo?tamanyo=${lado}&v=${v}`,
    sizes: `${lado}x${lado}`,
    type: "image/png",
    purpose: "any",
  }));
}

/**
 * The web app manifest, built from the association's settings so each filà installs with its
 * own name and colour. Served from the root: its scope is the whole app.
 */
export const manifestRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/manifest.webmanifest", { schema: { hide: true } }, async (_req, reply) => {
    const a = await db
      .selectFrom("asociacion")
      .select(["nombre", "nombre_corto", "color", "logo_actualizado_en"])
      .where("id", "=", 1)
      .executeTakeFirst();
    const nombre = a?.nombre.trim() || NOMBRE_POR_DEFECTO;
    const color = a?.color || "#c92a2a";
    const manifiesto = {
      id: "/",
      name: nombre,
      short_name: nombreCorto(nombre, a?.nombre_corto ?? ""),
      description: "Gestión de la filà: festeros, cuotas, actos, noticias y alertas",
      lang: "es",
      dir: "ltr",
      start_url: "/#/inicio",
      scope: "/",
      display: "standalone",
      orientation: "any",
      theme_color: color,
      background_color: color,
      icons: [
        ...iconos(a?.logo_actualizado_en ?? null),
        { src: "/icons/icono-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icono-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        {
          src: "/icons/icono-maskable-512.png",
          sizes: "512x512",
          type: "image/png",
          purpose: "maskable",
        },
      ],
    };
    return reply
      .header("Content-Type", "application/manifest+json; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(JSON.stringify(manifiesto));
  });
};
