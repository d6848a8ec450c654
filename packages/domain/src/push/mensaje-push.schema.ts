import { z } from "zod";

/** Notificación push tal como la muestra la tarjeta en primer plano. */
export const MensajePushSchema = z.object({
  notification: z.object({
    title: z.string(),
    body: z.string().default(""),
    image: z.string().default(""),
  }),
  /** Set when the message is an alert: the app refreshes the bell and can open it. */
  data: z.object({ idAlerta: z.int().positive() }).optional(),
});
export type MensajePush = z.infer<typeof MensajePushSchema>;
