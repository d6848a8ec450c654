import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";

type Documento = { paths: Record<string, Record<string, Record<string, unknown>>> };
type Respuestas = Record<string, { content?: Record<string, { schema: object }> }>;
type Cabeceras = Record<string, string | string[] | number | undefined>;

/**
 * Checks an answer against what the OpenAPI document (3.0, draft-04 schemas) declares for its
 * operation: no 5xx, a declared status, and a JSON body that fits the declared schema.
 * Returns what is wrong, or null.
 */
export function validadorDeRespuestas(doc: Documento) {
  // Money is euros with 2 decimals: without a precision, 1234.57 is "not a multiple of 0.01".
  const ajv = new Ajv({ strict: false, allErrors: false, multipleOfPrecision: 6 });
  addFormats(ajv);
  const compilados = new Map<string, ReturnType<typeof ajv.compile>>();

  return (
    metodo: string,
    ruta: string,
    estado: number,
    cabeceras: Cabeceras,
    cuerpo: string,
  ): string | null => {
    if (estado >= 500) return "error del servidor";
    const respuestas = doc.paths[ruta]?.[metodo.toLowerCase()]?.responses as Respuestas | undefined;
    if (!respuestas) return "operación desconocida";
    const declarada = respuestas[String(estado)];
    if (!declarada) return `estado ${estado} sin declarar (${Object.keys(respuestas).join(", ")})`;
    const esquema = declarada.content?.["application/json"]?.schema;
    const tipo = String(cabeceras["content-type"] ?? "");
    if (!esquema || !tipo.startsWith("application/json") || cuerpo === "") return null;
    const clave = `${metodo} ${ruta} ${estado}`;
    let validar = compilados.get(clave);
    if (!validar) {
      validar = ajv.compile(esquema);
      compilados.set(clave, validar);
    }
    let datos: unknown;
    try {
      datos = JSON.parse(cuerpo);
    } catch {
      return "el cuerpo no es JSON";
    }
    return validar(datos) ? null : `cuerpo fuera del esquema: ${ajv.errorsText(validar.errors)}`;
  };
}
