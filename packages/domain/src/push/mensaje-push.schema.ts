import { z } from "zod";

/** Notificación push tal como la muestra la tarjeta en primer plano. */
export const MensajePushSchema = z.object({
  notification: z.object({
    title: z.string(),
    body: z.string().default(""),
    image: z.string().default(""),
  }),
});
export type MensajePush = z.infer<typeof MensajePushSchema>;
