import { z } from "zod";

/** What the routes of the events module (the event, its enrolments, its door) share. */
export const tags = ["Actos"];

const id = (que: string) =>
  z.coerce
    .number()
    .int()
    .positive({ error: `El id ${que} no es válido` })
    .max(2_147_483_647, {
      error: `El id ${que} no es válido`,
    });

export const ParamsActo = z.object({ id: id("del acto") });
export const ParamsInscripcion = z.object({
  id: id("del acto"),
  idInscripcion: id("de la inscripción"),
});
