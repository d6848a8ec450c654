// Cost of writing one page of 50 members (GET /api/socios) as JSON: zod's serializer (encode,
// which validates and strips, then JSON.stringify) against the serializer compiled from the same
// schema (plugins/serializacion.ts, fast-json-stringify). Issue 14, goal 1: the response path.
// Run: npx tsx bench/serializacion.bench.ts
import { SocioVistaSchema } from "@fila/domain";
import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { crearSerializerCompiler } from "../packages/api/src/plugins/serializacion.js";

const Lista = z.object({
  items: z.array(SocioVistaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
const socio = {
  id: 1,
  nombre: "Ana",
  apellidos: "García López",
  direccion: "C/ Mayor 1",
  poblacion: "Alcoi",
  telefono: "600000000",
  email: "ana@filademo.es",
  fechaNacimiento: "1980-01-02",
  nif: "12345678Z",
  anyoAlta: 2000,
  tipo: { id: 1, nombre: "Festero", descripcion: "", color: "#c92a2a" },
  tipoPago: "anual",
  idFormaPago: 1,
  fechaAlta: "2000-01-01",
  activo: true,
  provincia: "Alacant",
  codPostal: "03801",
  matricula: 12,
  idPagador: null,
  pagarDerrama: "si",
  tipoDerrama: "completa",
  anyoDerrama: 2024,
  importeDerrama: 1000,
  anyosPagoDerrama: 3,
  idPareja: null,
  nombreYerno: "",
  ramell: "no",
  tipoPagoRamell: "completo",
  anyoRamell: 0,
  ramellPago1: 0,
  ramellPago2: 0,
  ramellPago3: 0,
  ramellPago4: 0,
  ramellPago5: 0,
  sexo: "mujer",
  comentarios: "",
  iban: "ES9121000418450200051332",
  bic: "",
  mandatoId: "",
  mandatoFecha: null,
  idPadre: null,
  numDamas: 0,
  edadFestera: 10,
  imagen: null,
  fechaBaja: null,
  motivoBaja: "",
  derramaPagada: 0,
  derramaAnual: 333.33,
  derramaPendiente: 1000,
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
