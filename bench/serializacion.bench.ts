// Cost of writing one page of 50 members (GET /api/socios) as JSON: zod's serializer (encode,
// which validates and strips, then JSON.stringify) against the serializer compiled from the same
// schema (plugins/serializacion.ts, fast-json-stringify). Issue 14, goal 1: the response path.
// Run: npx tsx bench/serializacion.bench.ts
import { DEFECTOS_SOCIO_ENTRADA, SocioVistaSchema } from "@fila/domain";
import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { crearSerializerCompiler } from "../packages/api/src/plugins/serializacion.js";

const Lista = z.object({
  items: z.array(SocioVistaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
// A new member's defaults (the domain's), with what the record adds on read.
const socio = {
  ...DEFECTOS_SOCIO_ENTRADA,
  id: 1,
  nombre: "Ana",
  apellidos: "García López",
  matricula: 12,
  email: "ana@filademo.es",
  fechaNacimiento: "1980-01-02",
  iban: "ES9121000418450200051332",
  tipo: { id: 1, nombre: "Festero", descripcion: "", color: "#c92a2a" },
  imagen: null,
  derramaAnual: 0,
  derramaPagada: 0,
  derramaPendiente: 0,
  edad: 46,
};
const pagina = {
  items: Array.from({ length: 50 }, (_, i) => ({ ...socio, id: i + 1 })),
  total: 300,
  page: 1,
  pageSize: 50,
};
const ruta = { schema: Lista, method: "GET", url: "/api/socios", httpStatus: "200" } as never;
const serializadores = {
  zod: serializerCompiler(ruta) as (d: unknown) => string,
  compilado: crearSerializerCompiler({ comprobar: false })(ruta) as (d: unknown) => string,
};
const VECES = 2000;
console.log("| serializador | ms por página de 50 socios |\n|---|---|");
for (const [nombre, serializar] of Object.entries(serializadores)) {
  for (let i = 0; i < 300; i++) serializar(pagina);
  const t0 = performance.now();
  for (let i = 0; i < VECES; i++) serializar(pagina);
  console.log(`| ${nombre} | ${((performance.now() - t0) / VECES).toFixed(3)} |`);
}
