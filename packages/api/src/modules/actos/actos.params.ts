import { z } from "zod";
import { idEnRuta } from "../../plugins/validacion.js";

/** What the routes of the events module (the event, its enrolments, its door) share. */
export const tags = ["Actos"];

const id = idEnRuta;

export const ParamsActo = z.object({ id: id("del acto") });
export const ParamsInscripcion = z.object({
  id: id("del acto"),
  idInscripcion: id("de la inscripción"),
});
