import {
  AsignarMesaSchema,
  MiMesaSchema,
  PlanMesasSchema,
  SentadoAutomaticoSchema,
  UnirseMesaSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TIPO_PDF } from "../../lib/pdf.js";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { ParamsActo, tags } from "./actos.params.js";
import { planMesasPdf, tarjetasMesasPdf } from "./mesas.pdf.js";
import type { MesasService } from "./mesas.service.js";

const soloAdmin = requiereRol("administrador");
const PdfQuery = z.strictObject({
  tipo: z.enum(["plan", "tarjetas"], { error: "El tipo es plan o tarjetas" }).default("plan"),
});

/** The tables of a seated dinner (issue 50). */
export const mesasRoutes: FastifyPluginAsyncZod<{ mesas: MesasService }> = async (
  app,
  { mesas },
) => {
  app.get(
    "/actos/:id/mesas",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Plano de mesas de una cena: mesas con sus comensales y dietas, y quién falta",
        params: ParamsActo,
        response: { 200: PlanMesasSchema },
      },
    },
    async (req) => mesas.plan(req.params.id),
  );

  app.post(
    "/actos/:id/mesas",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Crear mesa: el socio se sienta en ella con su familia; da el código para unirse",
        description:
          "La junta sin socio crea una mesa vacía. 409 si el acto no tiene mesas, está cerrado, no tengo inscripción con plaza o mi familia no cabe en una mesa.",
        params: ParamsActo,
        response: { 201: MiMesaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await mesas.crear(usuarioDe(req), req.params.id)),
  );

  app.post(
    "/actos/:id/mesas/union",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Unirse a una mesa por su código (con mi familia), si cabemos",
        description: "404 si el código no es de una mesa del acto; 409 «La mesa está completa…».",
        params: ParamsActo,
        body: UnirseMesaSchema,
        response: { 200: MiMesaSchema },
      },
    },
    async (req) => mesas.unirse(usuarioDe(req), req.params.id, req.body.codigo),
  );

  app.put(
    "/actos/:id/mesas/asignaciones",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary:
          "La junta mueve una inscripción (con sus invitados) a otra mesa o la deja sin mesa",
        params: ParamsActo,
        body: AsignarMesaSchema,
        response: { 200: PlanMesasSchema },
      },
    },
    async (req) =>
      mesas.asignar(usuarioDe(req), req.params.id, req.body.idInscripcion, req.body.idMesa),
  );

  app.post(
    "/actos/:id/mesas/automatico",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary:
          "Sentar al resto automáticamente: familias y compañeros pedidos juntos (mesas consecutivas si no caben en una)",
        params: ParamsActo,
        response: { 200: SentadoAutomaticoSchema },
      },
    },
    async (req) => mesas.automatico(usuarioDe(req), req.params.id),
  );

  app.get(
    "/actos/:id/mesas/pdf",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary:
          "Plano de mesas (`tipo=plan`) o lista de tarjetas de sitio (`tipo=tarjetas`) en PDF",
        params: ParamsActo,
        querystring: PdfQuery,
      },
    },
    async (req, reply) => {
      const plan = await mesas.plan(req.params.id);
      const idioma = usuarioDe(req).idioma;
      const pdf =
        req.query.tipo === "plan"
          ? await planMesasPdf(plan, idioma)
          : await tarjetasMesasPdf(plan, idioma);
      return reply
        .type(TIPO_PDF)
        .header(
          "Content-Disposition",
          `attachment; filename="${req.query.tipo === "plan" ? "plano-mesas" : "tarjetas"}-${plan.fecha}.pdf"`,
        )
        .header("Cache-Control", "no-store")
        .send(pdf);
    },
  );
};
