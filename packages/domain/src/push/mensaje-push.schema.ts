import { z } from "zod";
import type { MensajePush } from "./mensaje-push";

export * from "./mensaje-push";

/** Notificación push tal como la muestra la tarjeta en primer plano (`leerMensajePush`, sin zod). */
export const MensajePushSchema = z.object({
  notification: z.object({
    title: z.string(),
    body: z.string().default(""),
    image: z.string().default(""),
  }),
  /** Set when the message is an alert: the app refreshes the bell and can open it. */
  data: z.object({ idAlerta: z.int().positive() }).optional(),
});

// The same message as the hand-written reader (checked in both directions).
type Igual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Afirmar<T extends true> = T;
export type MismoMensajePush = Afirmar<Igual<z.infer<typeof MensajePushSchema>, MensajePush>>;
