import { z } from "zod";

/** Contenido de `/assets/config.json`. */
export const AppConfigSchema = z.object({
  version: z.string(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
