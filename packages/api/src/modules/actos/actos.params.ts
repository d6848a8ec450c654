import { z } from "zod";
import { idEnRuta } from "../../plugins/validacion.js";

/** What the routes of the events module (the event, its enrolments, its door) share. */
export const tags = ["Actos"];

export const ParamsActo = z.object({ id: idEnRuta("del acto") });
export const ParamsInscripcion = z.object({
  id: idEnRuta("del acto"),
  idInscripcion: idEnRuta("de la inscripción"),
});
